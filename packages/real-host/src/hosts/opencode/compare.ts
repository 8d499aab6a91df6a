import type { Difference } from '../../compare.js';
import type { OpenCodeObservation } from './observe.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Every way the engine's reading of an OpenCode run differs from the real CLI's: host-level facts only (each call's
 * input as run, how it ended and what it returned, what each model request carried, how the run ended, what the
 * plugins logged), never ids or timestamps.
 */
export function compareOpenCode(real: OpenCodeObservation, emulated: OpenCodeObservation | undefined): Difference[] {
  const out: Difference[] = [];
  const e = emulated ?? ({ requests: 0, conversations: [], tools: [], error: null, exitCode: -1, log: [] } as OpenCodeObservation);
  const check = (path: string, what: string, r: unknown, x: unknown) => {
    if (!same(r, x)) out.push({ path, what, real: r, emulated: x });
  };
  check('requests', 'model requests made', real.requests, e.requests);
  check('tools.length', 'tool calls the model made', real.tools.length, e.tools.length);
  real.tools.forEach((t, i) => {
    const x = e.tools[i];
    if (!x) return;
    check(`tools[${i}].input`, `call ${i + 1}'s input as run`, t.input, x.input);
    check(`tools[${i}].status`, `how call ${i + 1} ended`, t.status, x.status);
    check(`tools[${i}].text`, `call ${i + 1}'s result or error`, t.text, x.text);
  });
  real.conversations.forEach((c, i) => check(`conversations[${i}]`, `what model request ${i + 1} carried`, c, e.conversations[i]));
  check('error', 'the error the run reported', real.error, e.error);
  check('exitCode', 'the exit code', real.exitCode, e.exitCode);
  check('log', 'what the plugins wrote to ~/oracle.log', real.log, e.log);
  return out;
}
