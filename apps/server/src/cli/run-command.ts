import { isSessionOutcome, parseScenarioText, runAnyScenario, type Scenario } from '@hookplay/engine';
import { parseArgs, UsageError } from './args.js';
import { formatOutcome, formatPlan } from './format-outcome.js';
import { formatSession } from './format-session.js';
import { EXIT } from './help.js';
import { importSummary } from './import-command.js';
import { ImportError, importProject } from './import/import-project.js';
import { loadScenarioFile } from './load-scenario.js';
import { importRequest, PROJECT_OPTIONS } from './project-source.js';
import { dim } from './style.js';

const USAGE = 'usage: hookplay run FILE|- [--json]\n       hookplay run --project DIR --dialect D --event E [--payload FILE] [--home[=DIR]] [--json]';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The scenario to run: a file, standard input ("-"), or a project imported on the fly. */
async function scenarioFrom(args: string[]): Promise<{ scenario: Scenario; json: boolean }> {
  const parsed = parseArgs(args, { '--json': { kind: 'flag' }, ...PROJECT_OPTIONS });
  const json = parsed.values.has('--json');
  const projectOnly = ['--dialect', '--event', '--payload', '--home'].filter((o) => parsed.values.has(o));
  if (parsed.values.has('--project')) {
    if (parsed.positional.length) throw new UsageError(`--project builds the scenario itself: drop ${parsed.positional.join(' ')}`);
    const result = importProject(importRequest(parsed, parsed.values.get('--project') as string));
    if (!json) process.stderr.write(importSummary(result));
    return { scenario: result.scenario, json };
  }
  if (projectOnly.length) throw new UsageError(`${projectOnly.join(', ')} only go with --project DIR`);
  if (parsed.positional.length !== 1) throw new UsageError(parsed.positional.length ? 'one scenario at a time (hookplay test runs many)' : 'name a scenario file, or - for standard input');
  const file = parsed.positional[0]!;
  return { scenario: file === '-' ? parseScenarioText(await readStdin(), '<stdin>') : await loadScenarioFile(file), json };
}

/** `hookplay run`: exit 0 when the scenario ran, whatever the verdict; 2 when it is invalid or the usage is wrong. */
export async function runCommand(args: string[]): Promise<number> {
  let scenario: Scenario;
  let json: boolean;
  try {
    ({ scenario, json } = await scenarioFrom(args));
  } catch (e) {
    const usage = e instanceof UsageError;
    process.stderr.write(`${usage || e instanceof ImportError ? 'hookplay run: ' : ''}${(e as Error).message}\n${usage ? `${USAGE}\n` : ''}`);
    return EXIT.usage;
  }
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const outcome = await runAnyScenario(scenario, {
      signal: controller.signal,
      onEvent: json
        ? undefined
        : (event) => {
            // A session prints as a whole at the end; a step's line shows it is under way.
            if (event.type === 'session-step') process.stdout.write(dim(`  … ${event.label}\n`));
            if (event.type === 'run-start') process.stdout.write(`${formatPlan(event.plan)}\n\n`);
            if (event.type === 'hook-end') process.stdout.write(dim(`  … #${event.hook + 1} finished at ${event.atMs} ms\n`));
          },
    });
    if (json) process.stdout.write(`${JSON.stringify(outcome, null, 2)}\n`);
    else process.stdout.write(`\n${isSessionOutcome(outcome) ? formatSession(outcome) : formatOutcome(outcome)}\n`);
    if (isSessionOutcome(outcome) && outcome.ended.reason === 'invalid') return EXIT.usage;
    return EXIT.ok;
  } catch (e) {
    process.stderr.write(`hookplay run: ${(e as Error).message}\n`);
    return EXIT.interrupted;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
