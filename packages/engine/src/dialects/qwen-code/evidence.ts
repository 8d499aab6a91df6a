import type { Evidence } from '../../outcome.js';

export const HOST = 'Qwen Code';
export const VERSION = '0.24.4';

/** A rule observed on the real Qwen Code CLI, in these recorded oracle cases (oracle/hosts/qwen-code/fixtures). */
export function recorded(cases: string[]): Evidence | undefined {
  return cases.length ? { kind: 'recorded', host: HOST, version: VERSION, cases } : undefined;
}

/** A rule from Qwen Code's docs or shipped source only, not recorded. */
export function docs(source?: string): Evidence {
  return source ? { kind: 'docs', source } : { kind: 'docs' };
}
