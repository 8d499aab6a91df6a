import type { Scenario } from '@hookplay/engine';
import { EXIT } from './help.js';
import { compareVersions, formatComparison } from './versions-compare.js';

/** `hookplay run FILE --versions`: exit 0 when every version ran (whatever they say), 2 when the host lists none. */
export async function runOnEveryVersion(scenario: Scenario, json: boolean): Promise<number> {
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const comparison = await compareVersions(scenario, { signal: controller.signal });
    process.stdout.write(json ? `${JSON.stringify(comparison, null, 2)}\n` : formatComparison(comparison));
    return EXIT.ok;
  } catch (e) {
    process.stderr.write(`hookplay run --versions: ${(e as Error).message}\n`);
    return controller.signal.aborted ? EXIT.interrupted : EXIT.usage;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
