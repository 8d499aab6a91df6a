import type { ClineObservation } from '@hookplay/engine';
import type { Difference } from '../../compare.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sortKeys = (o: Record<string, unknown> | undefined) => Object.fromEntries(Object.entries(o ?? {}).sort(([a], [b]) => a.localeCompare(b)));

/** Every way the emulation's reading of a Cline task differs from the real CLI's: host-level facts only. */
export function compareCline(real: ClineObservation, emulated: ClineObservation): Difference[] {
  const out: Difference[] = [];
  const check = (path: string, what: string, r: unknown, e: unknown) => {
    if (!same(r, e)) out.push({ path, what, real: r, emulated: e });
  };
  check('requests', 'model requests made', real.requests, emulated.requests);
  real.conversations.forEach((c, i) => {
    const e = emulated.conversations[i];
    if (e) check(`conversations[${i}]`, `what model request ${i + 1} carried`, c, e);
  });
  check('toolsRun', 'the tool calls that ran, with their input', real.toolsRun, emulated.toolsRun);
  check('hookRuns', 'hook processes per event (sh and bash hooks)', sortKeys(real.hookRuns), sortKeys(emulated.hookRuns));
  check('end', 'how the task ended', real.end, emulated.end);
  check('exitCode', 'the CLI exit code', real.exitCode, emulated.exitCode);
  return out;
}
