import type { VerifiedAgainst } from '../dialect.js';
import { evidenceFor } from './evidence.js';
import { RECORDED_RULES } from './recorded/index.js';

/**
 * What hookplay's claude-code dialect is verified against: the real Claude Code CLI, run offline by
 * `npm run oracle` (hand-written cases in oracle/cases.mjs and the generated sweep in oracle/sweep.mjs), its
 * observations recorded in oracle/fixtures/<version>/ and replayed against the engine by `npm test`. The web playground
 * shows this as "verified against Claude Code <version>".
 *
 * Each rule names the diagnostic codes that state it; a rule is listed only when every one of its codes was stated in
 * a recorded case that replays in agreement (recorded/VERSION.json), so the badge never claims more than the recordings.
 */
const RULES: { text: string; codes: string[] }[] = [
  { text: 'Hooks come from ~/.claude/settings.json, .claude/settings.json and .claude/settings.local.json; their hooks add up.', codes: ['rule.parallel'] },
  {
    text: 'A settings file that is not valid JSON, that has one invalid hook entry, or whose disableAllHooks is not a boolean loses all its hooks; the other files still count. An unknown event name is ignored.',
    codes: ['config.invalid-json', 'config.invalid-hook', 'config.invalid-setting', 'config.unknown-event'],
  },
  { text: 'disableAllHooks: the last settings file that sets it (user < project < local) decides, true or false.', codes: ['config.hooks-disabled', 'config.hooks-disabled-overruled'] },
  { text: 'Matching hooks run in parallel, and Claude Code reads their answers in the order they finish; hooks finishing within 100 ms of each other are read in an order that varies from run to run.', codes: ['rule.finish-order', 'rule.finish-order-racy'] },
  { text: 'An identical command string runs once per event, as its last declaration (whose timeout applies).', codes: ['rule.dedup'] },
  { text: 'Matchers: empty, absent or * match everything; letters, digits, _, |, comma and spaces make a list of exact names; anything else is an unanchored regex.', codes: ['match.all.hit', 'match.list.hit', 'match.list.miss', 'match.regex.hit', 'match.regex.miss'] },
  { text: 'stdout is validated against Claude Code’s hook output schema: a wrong type anywhere, or a hookSpecificOutput naming another event, makes the whole answer unusable (a PreToolUse hook then gets "A hook gave no usable answer").', codes: ['hook.output-rejected'] },
  { text: 'Exit 2 blocks with "[command]: stderr", unless the JSON on stdout gives its own reason; other exit codes are non-blocking errors; JSON on stdout counts whatever the exit code.', codes: ['hook.exit2-json-read', 'hook.json-on-error-exit', 'hook.non-blocking-error'] },
  { text: 'PreToolUse: deny beats ask beats allow; the last to finish among equals gives the reason; defer ends a -p session there.', codes: ['rule.deny-wins', 'rule.ask-wins', 'rule.allow', 'rule.defer'] },
  { text: 'Two updatedInput answers: the one that finishes last wins, and replaces the whole input; a deny drops it.', codes: ['rule.last-rewrite-wins', 'rule.rewrite-dropped'] },
  { text: 'A timed-out hook counts as no answer, even one printed before the deadline.', codes: ['hook.timeout-output-lost'] },
  { text: 'continue: false ends the session (PreToolUse: after the tool ran or was denied, not with an ask; Stop: the turn just ends; PostToolUseFailure: ignored).', codes: ['rule.halt', 'rule.halt-ignored', 'rule.halt-beats-block'] },
  { text: 'Stop: a block or an additionalContext continues the turn; the model reads every feedback, then each hook’s note and context in finishing order.', codes: ['rule.stop-continues', 'rule.stop-context-continues'] },
  { text: 'UserPromptSubmit exit 2 or decision "block": no model request at all.', codes: ['rule.prompt-blocked'] },
  { text: 'Plain stdout of UserPromptSubmit and SessionStart reaches the model; over 10,000 bytes it is saved to a file instead.', codes: ['rule.plain-context', 'rule.plain-context-persisted'] },
  { text: 'PostToolUse decision "block" or exit 2: the tool already ran; the model is told every blocking hook’s reason.', codes: ['rule.post-tool-blocked'] },
  { text: 'PostToolBatch runs after every tool batch, denied or not; its block ends the session.', codes: ['rule.batch-blocked'] },
  { text: 'systemMessage is shown to the user as "<hook> says: …" (not on PermissionRequest, SessionStart or SessionEnd), never to the model.', codes: ['rule.system-message', 'rule.system-message-silent'] },
  { text: 'PermissionRequest: the first hook to answer settles the prompt; a deny message becomes the tool result; interrupt: true stops the turn.', codes: ['rule.permission-allowed', 'rule.permission-denied', 'rule.permission-interrupt'] },
  {
    text: 'permissions.allow/ask/deny add up across the settings files: a deny rule anywhere beats every allow (and a hook allow); an ask rule asks even after a hook allow and in bypassPermissions mode; project allow rules are dropped while the workspace is untrusted.',
    codes: ['permission.deny-rule', 'permission.ask-rule', 'permission.allow-rule', 'permission.subcommands-allowed', 'permission.project-allow-untrusted', 'permission.asks'],
  },
  {
    text: 'Permission modes: --permission-mode beats defaultMode (user < project < local; bypassPermissions only from user settings); bypassPermissions runs what no rule asks or denies; dontAsk denies what would ask; plan and auto deny a call their server-side check cannot review.',
    codes: ['permission.bypass', 'permission.dont-ask', 'permission.classifier-unavailable', 'permission.mode-not-from-repo', 'permission.mode-flag-wins'],
  },
  { text: 'A hook ask asks the user whatever the mode (bypassPermissions and dontAsk too); a hook allow runs the call unless a rule asks or denies (plan and auto still check it).', codes: ['permission.hook-ask', 'permission.hook-allow'] },
  { text: 'When a prompt reaches the user, PermissionRequest hooks run while it is open and the first answer wins, the user’s or a hook’s.', codes: ['permission.user-answer', 'permission.request-hook-first'] },
  { text: 'Plugins loaded with --plugin-dir add their hooks/hooks.json hooks after the settings hooks, with CLAUDE_PLUGIN_ROOT set; a plugin hook is never merged with a settings hook of the same command.', codes: ['rule.plugin-not-deduped', 'plugin.not-loaded'] },
];

const recorded = (code: string) => evidenceFor(code).kind === 'recorded';

export const VERIFIED_AGAINST: VerifiedAgainst = {
  host: 'Claude Code',
  version: RECORDED_RULES.version,
  cases: RECORDED_RULES.cases,
  rules: RULES.filter((r) => r.codes.every(recorded)).map((r) => r.text),
};
