// The building blocks of the Claude Code session sweep (oracle/sessions/claude-code.mjs and its families in
// claude-code-families.mjs): settings texts, hook commands, steps. A change here changes recorded cases' scenarios,
// which the replay then reports as stale.
import { random } from '../lib/seeded.mjs';

export { random } from '../lib/seeded.mjs';

export const USER = '~/.claude/settings.json';
export const PROJECT = '.claude/settings.json';
export const LOCAL = '.claude/settings.local.json';
export const SCOPES = { user: USER, project: PROJECT, local: LOCAL };

/** A command printing one JSON answer (texts here never hold a single quote). */
export const say = (answer) => `echo '${JSON.stringify(answer)}'`;
export const hso = (event, fields) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });
export const handler = (command) => ({ type: 'command', command });
/** Runs `answer` only for payloads that mention "risky": in a session with several calls, only those are hit. */
export const onRisky = (answer) => `p=$(cat); case "$p" in *risky*) ${answer};; esac`;
/** A hook that only watches: its command names its event, so the stream tells which events ran it. */
export const watcher = (event) => handler(`cat >/dev/null # watch ${event}`);
export const WATCHED = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'PostToolUse', 'PostToolUseFailure', 'PostToolBatch', 'Stop', 'SessionEnd'];
export const TOOL_EVENTS = new Set(['PreToolUse', 'PermissionRequest', 'PostToolUse', 'PostToolUseFailure']);

/** Settings text holding hooks (and permissions). */
export const settings = (hooks, permissions) => `${JSON.stringify({ ...(permissions ? { permissions } : {}), ...(hooks ? { hooks } : {}) }, null, 2)}\n`;
export const group = (event, command, matcher) => ({ ...(TOOL_EVENTS.has(event) ? { matcher: matcher ?? 'Bash' } : matcher !== undefined ? { matcher } : {}), hooks: [handler(command)] });

export const call = (command) => ({ tool: 'Bash', input: { command, description: 'run it' } });

export const extra = (id, dims, title, files, steps, host) => ({ id: `x-${id}`, dims, scenario: { hookplay: 1, title, dialect: 'claude-code', ...(host ? { host } : {}), files, session: { steps } } });
