import type { VerifiedAgainst } from '../dialect.js';

/**
 * What hookplay's claude-code dialect is verified against: the real Claude Code CLI, run offline by
 * `npm run oracle` (oracle/cases.mjs), its observations recorded in oracle/fixtures/<version>/ and replayed against
 * the engine by `npm test`. The web playground shows this as "verified against Claude Code <version>".
 */

export const VERIFIED_AGAINST: VerifiedAgainst = {
  host: 'Claude Code',
  version: '2.1.332',
  cases: 97,
  rules: [
    'Hooks come from ~/.claude/settings.json, .claude/settings.json and .claude/settings.local.json; their hooks add up.',
    'A settings file that is not valid JSON, or that has one invalid hook entry, loses all its hooks; the other files still count. An unknown event name is ignored.',
    'Hooks run with /bin/sh -c in the project directory, each in its own process group, with CLAUDE_PROJECT_DIR set.',
    'Matching hooks run in parallel, and Claude Code reads their answers in the order they finish.',
    'An identical command string runs once per event, across groups, matchers and files (the last declaration’s timeout applies); a string differing by one space runs twice; another event is separate.',
    'Matchers are trimmed; empty, absent or * match everything; letters, digits, _, |, comma and spaces make a list of exact, case-sensitive names; anything else is an unanchored regex. UserPromptSubmit and Stop ignore matchers.',
    'PreToolUse: deny beats ask beats allow, whatever the order; among equal answers the last to finish gives the reason.',
    'Exit 2 denies with "[command]: stderr" as the reason; exit 1 or 3 decide nothing by themselves; stdout is read as JSON whatever the exit code.',
    'Plain text or invalid JSON on exit 0 is ignored by PreToolUse; JSON naming another event in hookSpecificOutput is rejected as a whole.',
    'The legacy decision "block" acts as deny; a hook’s allow lets a command the permission rules do not allow run; with -p, an ask becomes a denial.',
    'Two updatedInput answers: the one that finishes last wins; a later hook with no output does not undo it; updatedInput replaces the whole input; a deny drops it.',
    'At its timeout the hook’s process group gets SIGTERM, and SIGKILL 1.5 s later if it survived; a timed-out hook counts as no answer, even one printed before the deadline.',
    'continue: false from PreToolUse lets the tool run, then ends the session without a Stop hook.',
    'Stop decision "block" or exit 2 continues the turn with the reason (every blocking hook’s, in finishing order); the next Stop has stop_hook_active: true; after 9 blocks in a row Claude Code overrides the hook.',
    'UserPromptSubmit exit 2 or decision "block": no model request at all.',
    'Plain stdout of UserPromptSubmit and SessionStart, and additionalContext of every event, reach the model; Pre/PostToolUse context comes after the tool result.',
    'PostToolUse decision "block" or exit 2: the tool already ran; the model is told every blocking hook’s reason, among the hooks’ additionalContext, in finishing order.',
    'systemMessage is shown to the user as "<hook> says: …", never to the model.',
    'PermissionRequest fires when the permission rules do not allow a call; its allow runs the tool, its deny message becomes the tool result.',
  ],
};
