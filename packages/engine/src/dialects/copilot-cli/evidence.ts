import type { Evidence } from '../../outcome.js';

export const HOST = 'Copilot CLI';
export const VERSION = '1.0.102';

/** A rule recorded on the real Copilot CLI 1.0.102 (case ids of oracle/hosts/copilot-cli/cases.mjs or of the session sweep, oracle/sessions/copilot-cli.mjs). */
export function recorded(...cases: [string, ...string[]]): Evidence {
  return { kind: 'recorded', host: HOST, version: VERSION, cases };
}

/** A rule from GitHub's hooks reference only, never checked on the real CLI. */
export function docs(source = 'https://docs.github.com/en/copilot/reference/hooks-configuration'): Evidence {
  return { kind: 'docs', source };
}
