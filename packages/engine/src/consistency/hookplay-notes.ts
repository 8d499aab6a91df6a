/**
 * Notes about hookplay itself, not rules of any host: its limits, its sandbox, the version it plays, how a scenario
 * is read. Their evidence is `hookplay` (never "from the docs" nor "observed"), so no host is credited with them.
 */
const PREFIXES = ['run.', 'sandbox.', 'scenario.', 'session.', 'config.version-', 'config.unsupported-version'];
const CODES = new Set(['hook.output-flood', 'hook.escaped-processes', 'hook.leftover-processes', 'rule.no-decision', 'rule.hookplay-limit']);

export function isHookplayNote(code: string): boolean {
  return CODES.has(code) || PREFIXES.some((p) => code.startsWith(p));
}
