import type { Evidence } from '../../outcome.js';

export const HOST = 'OpenCode';
export const VERSION = '1.18.33';

/**
 * A rule recorded on the real OpenCode 1.18.33: ids of recorded cases in oracle/recorded/opencode/1.18.33/ (the
 * one-event cases of oracle/hosts/opencode/cases.mjs and the session sweep of oracle/sessions/opencode.mjs).
 */
export function recorded(...cases: [string, ...string[]]): Evidence {
  return { kind: 'recorded', host: HOST, version: VERSION, cases };
}

/** A rule from OpenCode's plugin docs only, not (yet) checked on the real CLI. */
export function docs(source = 'https://opencode.ai/docs/plugins'): Evidence {
  return { kind: 'docs', source };
}

/** hookplay's own limit or guard, never credited to OpenCode. */
export const HOOKPLAY: Evidence = { kind: 'hookplay' };
