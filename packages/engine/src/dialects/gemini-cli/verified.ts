import type { Evidence } from '../../outcome.js';
import type { VerifiedAgainst } from '../dialect.js';

export const VERSION = '0.61.0';
export const HOST = 'Gemini CLI';

/** Evidence for a rule a recording of the real CLI covers (case ids of oracle/hosts/gemini-cli/fixtures/0.61.0). */
export function recorded(...cases: [string, ...string[]]): Evidence {
  return { kind: 'recorded', host: HOST, version: VERSION, cases };
}

/** Evidence for a rule read in the CLI's docs or bundle only, never checked on the real CLI. */
export function docs(source?: string): Evidence {
  return source ? { kind: 'docs', source } : { kind: 'docs' };
}

/**
 * What the gemini-cli dialect is verified against: the real `gemini -p` of @google/gemini-cli 0.61.0, run offline
 * by `npm run oracle -- --host gemini-cli` (oracle/hosts/gemini-cli), its observations recorded as fixtures and
 * replayed by packages/engine/test/gemini-cli/oracle-replay.test.ts. Only rules those recordings cover are listed.
 */
export const VERIFIED_AGAINST: VerifiedAgainst = {
  host: HOST,
  version: VERSION,
  cases: 0,
  rules: [],
};
