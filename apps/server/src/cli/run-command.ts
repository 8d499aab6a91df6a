import { runScenario } from '@hookplay/engine';
import { formatOutcome, formatPlan } from './format-outcome.js';
import { loadScenarioFile } from './load-scenario.js';
import { dim } from './style.js';

/** `hookplay run FILE [--json]`: exit 0 when the scenario ran, whatever the verdict; 2 when it is invalid. */
export async function runCommand(args: string[]): Promise<number> {
  const json = args.includes('--json');
  const files = args.filter((a) => !a.startsWith('--'));
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--json');
  if (unknown.length) {
    process.stderr.write(`hookplay run: unknown option ${unknown.join(', ')}\n`);
    return 2;
  }
  if (files.length !== 1) {
    process.stderr.write('usage: hookplay run FILE [--json]\n');
    return 2;
  }
  let scenario;
  try {
    scenario = await loadScenarioFile(files[0]!);
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    return 2;
  }
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const outcome = await runScenario(scenario, {
      signal: controller.signal,
      onEvent: json
        ? undefined
        : (event) => {
            if (event.type === 'run-start') process.stdout.write(`${formatPlan(event.plan)}\n\n`);
            if (event.type === 'hook-end') process.stdout.write(dim(`  … #${event.hook + 1} finished at ${event.atMs} ms\n`));
          },
    });
    process.stdout.write(json ? `${JSON.stringify(outcome, null, 2)}\n` : `\n${formatOutcome(outcome)}\n`);
    return 0;
  } catch (e) {
    process.stderr.write(`hookplay run: ${(e as Error).message}\n`);
    return 130;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
