import { isSessionOutcome, isSessionScenario, parseScenarioText, runAnyScenario, type EventScenario, type Scenario } from '@hookplay/engine';
import { parseArgs, UsageError } from './args.js';
import { formatOutcome, formatPlan } from './format-outcome.js';
import { formatSession } from './format-session.js';
import { EXIT } from './help.js';
import { importSummary } from './import-command.js';
import { ImportError, importProject } from './import/import-project.js';
import { loadScenarioFile } from './load-scenario.js';
import { importRequest, PROJECT_OPTIONS } from './project-source.js';
import { dim } from './style.js';
import { hostsFrom, HOSTS_OPTIONS, runHostsCommand } from './hosts-compare.js';
import { runOnEveryVersion } from './versions-command.js';
import { unsupportedVersion } from './version-check.js';
import { REAL_OPTIONS, realRequest, runRealCommand, type RealRequest } from './real-command.js';

const USAGE = 'usage: hookplay run FILE|- [--json] [--hosts all|ID,ID... [--rename-tools] | --versions | --real [--version V] [--record[=DIR]]]\n       hookplay run --project DIR --dialect D --event E [--payload FILE] [--home[=DIR]] [--json]';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The scenario to run: a file, standard input ("-"), or a project imported on the fly. */
async function scenarioFrom(args: string[]): Promise<{ scenario: Scenario; json: boolean; hosts: ReturnType<typeof hostsFrom>; real: RealRequest | null }> {
  const parsed = parseArgs(args, { '--json': { kind: 'flag' }, '--versions': { kind: 'flag' }, ...PROJECT_OPTIONS, ...HOSTS_OPTIONS, ...REAL_OPTIONS });
  const json = parsed.values.has('--json');
  const hosts = hostsFrom(parsed);
  if (hosts && parsed.values.has('--versions')) throw new UsageError('--hosts compares hosts and --versions compares versions of one host: pick one');
  const real = realRequest(parsed.values);
  if (real && (hosts || parsed.values.has('--versions'))) throw new UsageError('--real runs the scenario on its own host\'s real CLI: it does not combine with --hosts or --versions');
  const projectOnly = ['--dialect', '--event', '--payload', '--home'].filter((o) => parsed.values.has(o));
  if (parsed.values.has('--project')) {
    if (parsed.positional.length) throw new UsageError(`--project builds the scenario itself: drop ${parsed.positional.join(' ')}`);
    const result = importProject(importRequest(parsed, parsed.values.get('--project') as string));
    if (!json) process.stderr.write(importSummary(result));
    return { scenario: result.scenario, json, hosts, real };
  }
  if (projectOnly.length) throw new UsageError(`${projectOnly.join(', ')} only go with --project DIR`);
  if (parsed.positional.length !== 1) throw new UsageError(parsed.positional.length ? 'one scenario at a time (hookplay test runs many)' : 'name a scenario file, or - for standard input');
  const file = parsed.positional[0]!;
  return { scenario: file === '-' ? parseScenarioText(await readStdin(), '<stdin>') : await loadScenarioFile(file), json, hosts, real };
}

/** `hookplay run`: exit 0 when the scenario ran, whatever the verdict; 2 when it is invalid or the usage is wrong. */
export async function runCommand(args: string[]): Promise<number> {
  let scenario: Scenario;
  let json: boolean;
  let hosts: ReturnType<typeof hostsFrom>;
  let real: RealRequest | null;
  try {
    ({ scenario, json, hosts, real } = await scenarioFrom(args));
  } catch (e) {
    const usage = e instanceof UsageError;
    process.stderr.write(`${usage || e instanceof ImportError ? 'hookplay run: ' : ''}${(e as Error).message}\n${usage ? `${USAGE}\n` : ''}`);
    return EXIT.usage;
  }
  // --versions: the same scenario on every listed version of its host, and what changed (versions-compare.ts).
  if (args.includes('--versions')) return runOnEveryVersion(scenario, json);
  const unsupported = unsupportedVersion(scenario);
  if (unsupported) {
    process.stderr.write(`hookplay run: host.version: ${unsupported}\n`);
    return EXIT.usage;
  }
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    if (real) return await runRealCommand(scenario, real, json, controller.signal);
    if (hosts) {
      if (isSessionScenario(scenario)) {
        process.stderr.write('hookplay run: --hosts compares one event on every host; this scenario is a session (compare one of its events as a one-event scenario)\n');
        return EXIT.usage;
      }
      return await runHostsCommand(scenario as EventScenario, hosts, json, controller.signal);
    }
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
