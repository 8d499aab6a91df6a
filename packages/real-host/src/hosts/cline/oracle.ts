import type { JsonObject, SessionScenario, SessionStep } from '@hookplay/engine';

/**
 * One case of the Cline oracle (oracle/hosts/cline/cases.mjs): the scenario's files, the model's one call (or
 * several in one message, or none), and what else the CLI is started with.
 */
export interface OracleCase {
  files: Record<string, string>;
  modes?: Record<string, string>;
  /** The run_commands input the model sends; `null`: a text-only answer. Default: `echo original`. */
  tool?: JsonObject | null;
  /** Several run_commands calls in one model message, instead of `tool`. */
  calls?: JsonObject[];
  env?: Record<string, string>;
  args?: string[];
  git?: boolean;
}

export const DEFAULT_INPUT: JsonObject = { commands: ['echo original'] };

/** A case as the session both sides play: the prompt "do it", the case's call(s), the final answer "Done.". */
export function oracleSession(c: OracleCase): SessionScenario {
  const tool = c.tool === undefined ? DEFAULT_INPUT : c.tool;
  const steps: SessionStep[] = [
    { prompt: 'do it' },
    ...(c.calls ? [{ calls: c.calls.map((input) => ({ tool: 'run_commands', input })) }] : tool ? [{ tool: 'run_commands', input: tool }] : []),
    { reply: 'Done.' },
  ] as SessionStep[];
  const host = { ...(c.env ? { env: c.env } : {}), ...(c.args ? { args: c.args } : {}) };
  return { hookplay: 1, dialect: 'cline', ...(Object.keys(host).length ? { host } : {}), files: c.files, ...(c.modes ? { modes: c.modes } : {}), ...(c.git ? { git: true } : {}), payload: {}, session: { steps } } as SessionScenario;
}
