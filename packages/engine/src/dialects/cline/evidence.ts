import type { Evidence } from '../../outcome.js';

export const HOST = 'Cline CLI';
export const VERSION = '3.0.65';

/** A rule recorded on the real Cline CLI 3.0.65 (case ids of oracle/hosts/cline/cases.mjs or of the session sweep, oracle/sessions/cline.mjs). */
export function recorded(...cases: [string, ...string[]]): Evidence {
  return { kind: 'recorded', host: HOST, version: VERSION, cases };
}

/** A rule from Cline's hooks documentation only, never checked on the real CLI. */
export function docs(source = 'https://docs.cline.bot/customization/hooks'): Evidence {
  return { kind: 'docs', source };
}
