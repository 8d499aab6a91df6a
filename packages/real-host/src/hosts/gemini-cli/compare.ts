import type { Difference } from '../../compare.js';
import type { GeminiObservation } from './observe.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sortKeys = (o: Record<string, unknown> | undefined) => Object.fromEntries(Object.entries(o ?? {}).sort(([a], [b]) => a.localeCompare(b)));

/**
 * Every way the emulation's reading of a `gemini -p` session differs from the real CLI's: host-level facts only
 * (the exit code, requests and what each carried, the calls run or not, hook lines on stderr, the answer printed,
 * hook processes per event and what each hook received), never ids, times or paths.
 */
export function compareGemini(real: GeminiObservation, emulated: GeminiObservation): Difference[] {
  const out: Difference[] = [];
  const check = (path: string, what: string, r: unknown, e: unknown) => {
    if (!same(r, e)) out.push({ path, what, real: r, emulated: e });
  };
  check('exitCode', 'the CLI exit code', real.exitCode, emulated.exitCode);
  check('requests', 'model requests made', real.requests, emulated.requests);
  if (real.runs) check('runs', 'model requests per gemini -p process', real.runs, emulated.runs ?? [emulated.requests]);
  if (real.exits) check('exits', 'every process’s exit code', real.exits, emulated.exits ?? [emulated.exitCode]);
  check('tool', 'the first call: run or not, and what ran', real.tool, emulated.tool);
  if (real.tools && emulated.tools) check('tools', 'each call the model made: run or not', real.tools, emulated.tools);
  if (real.requestsSaw && emulated.requestsSaw) {
    real.requestsSaw.forEach((r, i) => {
      const e = emulated.requestsSaw![i];
      if (e) check(`requestsSaw[${i}]`, `the user side of model request ${i + 1}`, r, e);
    });
  }
  check('modelSaw', 'the user side of the last model request', real.modelSaw, emulated.modelSaw);
  check('userSaw', 'hook lines on stderr', real.userSaw, emulated.userSaw);
  check('answer', 'the answer printed on stdout', real.answer, emulated.answer);
  check('hookRuns', 'hook processes per event', sortKeys(real.hookRuns), sortKeys(emulated.hookRuns));
  check('hookInputs', 'what each hook received', real.hookInputs, emulated.hookInputs);
  return out;
}
