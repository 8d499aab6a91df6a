/**
 * Notes about hookplay itself, not rules of any host: its limits, its sandbox, the version it plays, how a scenario
 * is read. Their evidence is `hookplay` (never "from the docs" nor "observed"), so no host is credited with them.
 */
const PREFIXES = ['run.', 'sandbox.', 'scenario.', 'config.version-', 'config.unsupported-version'];
/** A session's own `session.*` notes are mostly the host's (what it asked, what it skipped): only these are hookplay's. */
const CODES = new Set(['hook.output-flood', 'hook.escaped-processes', 'hook.leftover-processes', 'rule.no-decision', 'session.unsupported', 'session.unreachable-step', 'session.steps-not-reached']);

export function isHookplayNote(code: string): boolean {
  return CODES.has(code) || PREFIXES.some((p) => code.startsWith(p));
}
