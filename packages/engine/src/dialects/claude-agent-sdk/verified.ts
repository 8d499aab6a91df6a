import type { VerifiedAgainst } from '../dialect.js';
import { sdkEvidence } from './evidence.js';
import { RECORDED_RULES } from './recorded/index.js';

/**
 * What the claude-agent-sdk dialect is verified against: the real `@anthropic-ai/claude-agent-sdk` 0.3.332, driven
 * offline by a Node program that calls query() (packages/real-host/src/hosts/claude-agent-sdk/), its runs recorded
 * in oracle/recorded/claude-agent-sdk/0.3.332/ and replayed by `npm test`. A rule is listed only when every code it
 * names was stated in a recorded case that replays in agreement (recorded/VERSION.json, written by the replay).
 */
const RULES: { text: string; codes: string[] }[] = [
  { text: "settingSources unset loads user, project and local settings, as the CLI does (not none, as the 0.1 migration guide said).", codes: ['sdk.setting-sources-default'] },
  { text: "A settings file whose source is not in settingSources is not read: its hooks never fire and its permission rules do not count; flag settings (options.settings) load whatever settingSources says.", codes: ['sdk.source-not-loaded'] },
  { text: 'Callbacks passed to query() run beside the settings hooks, matched the same way, and their answers are read as a command hook\'s JSON, in finishing order.', codes: ['rule.parallel', 'match.list.hit'] },
  { text: 'A callback that throws is reported to the user by its id (hook_<n>) and treated as an empty answer; with onFailure "block" it counts as a blocking error (not on Stop).', codes: ['sdk.callback-failed', 'sdk.callback-failed-blocks'] },
  { text: "A PreToolUse callback that misses its timeout denies the call (its signal is aborted); a command hook's timeout lets it run.", codes: ['sdk.callback-timeout-denies'] },
  { text: 'A UserPromptSubmit or PostToolBatch callback that misses its timeout blocks ("<event> hook callback timed out after <ms>ms"); elsewhere the event goes on without its answer.', codes: ['sdk.callback-timeout-blocks', 'sdk.callback-timeout'] },
  { text: 'A PreToolUse callback whose hookSpecificOutput names another event denies the call ("PreToolUse hook failed with an unexpected error…"); a command hook\'s such answer is only unusable.', codes: ['sdk.callback-error-denies'] },
  { text: 'disableAllHooks in a loaded settings file turns off its settings hooks, not the callbacks passed to query().', codes: ['sdk.callbacks-not-disabled'] },
  { text: 'SessionStart and SessionEnd callbacks are never called.', codes: ['sdk.callback-not-called'] },
  { text: 'A hook\'s ask goes to canUseTool when the app passes one (its allow runs the call, its deny message becomes the tool result); without canUseTool the call is denied as in claude -p.', codes: ['permission.hook-ask', 'permission.user-answer'] },
];

export const VERIFIED_AGAINST: VerifiedAgainst = {
  host: 'Claude Agent SDK',
  version: RECORDED_RULES.version,
  cases: RECORDED_RULES.cases,
  rules: RULES.filter((r) => r.codes.every((c) => sdkEvidence(c) !== undefined)).map((r) => r.text),
};
