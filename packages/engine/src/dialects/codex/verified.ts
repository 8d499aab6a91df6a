import type { Evidence } from '../../outcome.js';
import type { VerifiedAgainst } from '../dialect.js';

/**
 * What hookplay's codex dialect is verified against: the real Codex CLI, run offline by
 * `npm run oracle -- --host codex` (oracle/hosts/codex/cases.mjs), its observations recorded in
 * oracle/hosts/codex/fixtures/<version>/ and replayed against the engine by `npm test`.
 */
export const CODEX_VERSION = '0.171.0';

/** Evidence for a rule the oracle recorded on the real CLI: the ids of the cases that show it. */
export function recorded(...cases: [string, ...string[]]): Evidence {
  return { kind: 'recorded', host: 'Codex CLI', version: CODEX_VERSION, cases };
}

/** Evidence for a rule hookplay only has from Codex's docs, source or binary text, never recorded. */
export function docs(source?: string): Evidence {
  return source === undefined ? { kind: 'docs' } : { kind: 'docs', source };
}

export const VERIFIED_AGAINST: VerifiedAgainst = {
  host: 'Codex CLI',
  version: CODEX_VERSION,
  cases: 152,
  rules: [
    'Hooks come from ~/.codex/hooks.json, inline [hooks] in ~/.codex/config.toml, and the project’s .codex/hooks.json and .codex/config.toml; every file’s hooks add up, nothing overrides.',
    'Project hooks load only in a trusted project; user hooks run either way.',
    'A hooks.json Codex cannot parse (invalid JSON, a handler without "type", a non-integer timeout) is dropped whole with a warning; the other files still count.',
    'Unknown and wrong-case event names are ignored silently; a handler written straight into the event array runs nothing; prompt handlers and empty commands are skipped with a warning.',
    '[features] hooks = false in config.toml turns every hook off. A config.toml Codex cannot load (bad TOML, a hook without type) stops codex before anything runs (exit 1).',
    'Hooks run with /bin/bash -c (not a login shell) in the session directory, each its own process group; no hook-specific environment variables are added.',
    'The payload is one line of JSON with no trailing newline, its fields in Codex’s order.',
    'All matching hooks of an event start together, across files; identical commands are not de-duplicated.',
    'timeout is in seconds; "timeoutSec" is ignored; a timed-out hook is killed and its answer dropped, even one printed before the deadline.',
    'Matchers: absent, null, "" and * match everything; letters, digits, _ and | make a list of exact, case-sensitive names; anything else is an unanchored regex; an invalid regex drops its group with a warning. The shell tool is "Bash" to matchers. UserPromptSubmit and Stop ignore matchers; SessionStart matches the source, SessionEnd the reason.',
    'PreToolUse blocks on permissionDecision "deny" with a non-empty reason, on decision "block" with a reason, or on exit 2 with stderr (stdout ignored); the model reads "Command blocked by PreToolUse hook: <reason>. Command: <command>".',
    'PreToolUse fails open on everything else: exit 1 or 3, exit 2 without stderr, invalid JSON, plain text, ask, allow alone, approve, a deny without reason, continue: false, and any unknown field.',
    'allow + updatedInput.command runs the new command; updatedInput without a command string stops the tool; without allow it is ignored; of several rewrites the hook that finished last wins; any block beats every rewrite; of several blocks the first configured gives the reason.',
    'additionalContext of every hook becomes its own developer message, kept when the call is blocked.',
    'PostToolUse decision "block", exit 2 or continue: false replace the tool output the model reads; it also runs after a command that exited non-zero.',
    'UserPromptSubmit decision "block", exit 2 or continue: false drop the prompt: no model request; its plain stdout and additionalContext become developer messages; SessionStart likewise, and continue: false there ends the session.',
    'Stop decision "block" or exit 2 makes one more model request with <hook_prompt> user messages (all blocking hooks, configured order); the next Stop has stop_hook_active true; continue: false beats a block; there is no loop cap.',
    'PreModelRequest and PostModelRequest fire around every model request and cannot block; SessionEnd fires once at the end.',
    'Sessions (the session sweep, oracle/recorded/codex): codex exec resume is a new process with SessionStart source "resume" and the whole conversation, hook texts included; resuming with --last a session that ended before its first prompt starts a new one.',
    'Several calls in one model message run side by side, each PreToolUse → tool → PostToolUse, and one request follows with all their outputs.',
    'With approvals bypassed a call asking to leave the sandbox is refused with no PermissionRequest; under --approve-for-me PermissionRequest hooks decide it (behavior allow or deny, exit 2 with stderr denies), else the automatic reviewer does; a decision with updatedInput fails the hook.',
    'A Stop hook’s hook_run_id counts handlers in Codex’s own event order, not the file’s.',
  ],
};
