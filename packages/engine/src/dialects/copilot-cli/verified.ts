import type { VerifiedAgainst } from '../dialect.js';

/**
 * What hookplay's copilot-cli dialect is verified against: the real Copilot CLI 1.0.102, run offline by
 * `npm run oracle -- --host copilot-cli` (oracle/hosts/copilot-cli/cases.mjs), its observations recorded in
 * oracle/hosts/copilot-cli/fixtures/1.0.102/ and replayed against the engine by `npm test`. Only rules those
 * recordings cover are listed; everything else in the dialect is labelled "from the docs". The session rules come from
 * the session sweep (oracle/sessions/copilot-cli.mjs), recorded in oracle/recorded/copilot-cli/1.0.102/ and replayed
 * by packages/real-host/test/replaying_recorded_cases.test.ts.
 */
export const VERIFIED_AGAINST: VerifiedAgainst = {
  host: 'Copilot CLI',
  version: '1.0.102',
  cases: 141,
  rules: [
    'Hooks come from ~/.copilot/hooks/*.json, ~/.copilot/settings.json, then .github/hooks/**/*.json (subfolders too, .json only), .claude/settings.json and .github/copilot/settings.json, in that order; they add up. ~/.copilot/config.json and settings.local.json are not read for hooks.',
    'Repository hooks run only in a trusted folder (--trust-folder or COPILOT_ALLOW_ALL=true); otherwise they are skipped silently and user hooks still run.',
    'A file that is not JSON, or has one bad entry (no bash, a non-number timeoutSec, an empty matcher, version other than 1), loses all its hooks; an unknown event name is ignored.',
    '"disableAllHooks": true turns off the hooks of its own file only.',
    'Hooks run with bash -c in the project root (or their cwd, relative to it), with COPILOT_PROJECT_DIR, CLAUDE_PROJECT_DIR, COPILOT_CLI=1 and their env; "command" works as bash.',
    'Hooks of an event run one after another in file order, each getting the camelCase event JSON (a preToolUse hook sees the toolArgs earlier hooks rewrote); matchers on events without a tool are ignored; a preToolUse deny, ask or error and a postToolUse block stop the rest.',
    'A matcher is a regex that must match the whole tool name, case-sensitive; an invalid one ("*", "(") never matches; Claude-style {matcher, hooks} groups work.',
    'preToolUse: deny → "Denied by preToolUse hook: <reason>" (default "No reason provided"); ask → denied in -p; allow skips permissionRequest; the last modifiedArgs rewrites the call (even one that is not an object, which breaks it); updatedInput is ignored; an empty reason stays empty.',
    'preToolUse exit 2 denies with "hook exited with code 2" (or the reason of a deny it printed); any other non-zero exit or a hook that cannot start denies as "hook errored", naming its source; stdout is then not read; plain text or invalid JSON on exit 0 is ignored.',
    'At timeoutSec (or timeout; default 30 s) the hook gets SIGTERM and counts as no answer: a timed-out preToolUse hook lets the call through.',
    'preToolUse additionalContext of every hook (joined by a blank line) reaches the model as a user message after the tool result, even after a deny.',
    'permissionRequest fires with --allow-all when no preToolUse hook allowed; behavior deny, exit 2 or exit 1 deny the call with their own texts; hookSpecificOutput is ignored.',
    'Every permissionRequest hook runs, in one file or across files: a deny does not stop the later ones, and the last hook that answers allow or deny decides (session sweep: perm-merge-*).',
    'A call no permissionRequest hook answered is decided by the launch flags: a matching --deny-tool rule denies ("Permission to run this tool was denied due to the following rules: …"), --allow-all or a matching --allow-tool runs it, a read-only command runs anyway, anything else is denied since prompt mode cannot ask; a hook’s allow beats a --deny-tool rule (session sweep: permission-flags-*, no-permission-hook-*, read-only-command-*).',
    'Several tool calls in one model message: preToolUse runs for each call first, then each call is permitted, run and followed by postToolUse (at once, in any order); the results go back in call order, then each call’s preToolUse context (session sweep: several-calls-*, calls-*).',
    'copilot -p --continue / --resume <id> ends one process (sessionEnd) and starts the next: sessionStart fires with source "resume"; its context replaces the first start’s (or removes it when it adds none); preToolUse context messages are not kept; shells are numbered from 0 again (session sweep: resume-*).',
    'An agentStop block sends its reason back as a prompt: userPromptSubmitted fires for it (session sweep: one-call-agentStop-block-once, stop-block-then-tool).',
    'postToolUse additionalContext is appended to the tool result; decision "block" with a reason replaces the result with "Tool result blocked: <reason>"; exit 2 shows stderr to the user; a shell command exiting non-zero still counts as success.',
    'userPromptSubmitted: every hook runs and the last value of each field wins; additionalContext is appended as a <system_reminder>; modifiedPrompt replaces the prompt; decision "block" with a reason means no model request, a warning and exit code 1; handled with responseContent skips the model.',
    'sessionStart additionalContext of every successful hook (joined) becomes the first user message; plain stdout is ignored; exit 2 shows stderr to the user.',
    'agentStop decision "block" with a reason continues the turn with the reason as a new user message, 8 times in a row at most; the last hook’s reason wins; stop_hook_active tells a forced continuation.',
    'Hooks declared under PascalCase names (PreToolUse, SessionStart, Stop, ...) get a Claude-shaped snake_case payload; PreToolUse may answer with hookSpecificOutput (permissionDecision, updatedInput, additionalContext), SessionStart only at the top level; their matchers also match the Claude tool name ("Bash").',
  ],
};
