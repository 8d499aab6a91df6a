import { availableParallelism } from 'node:os';
import { isAbsolute, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkExpectations, hasExpectations, isSessionOutcome, runAnyScenario, type Scenario } from '@hookplay/engine';
import { oneOf, parseArgs, UsageError, wholeNumber } from './args.js';
import { collectScenarioFiles, makeFilter, SCENARIO_SUFFIX } from './collect.js';
import { EXIT } from './help.js';
import { loadScenarioFile } from './load-scenario.js';
import { runPool } from './pool.js';
import { humanResult, humanSummary } from './reporters/human.js';
import { jsonReport } from './reporters/json.js';
import { junitReport } from './reporters/junit.js';
import { tapReport } from './reporters/tap.js';
import type { TestResult } from './test-results.js';
import { timingDependent } from './timing.js';

const REPORTERS = ['human', 'junit', 'tap', 'json'] as const;
type Reporter = (typeof REPORTERS)[number];

interface Options {
  targets: string[];
  jobs: number;
  reporter: Reporter;
  filter?: string;
}

function options(args: string[]): Options {
  const { positional, values } = parseArgs(args, { '--jobs': { kind: 'value' }, '-j': { kind: 'value' }, '--reporter': { kind: 'value' }, '--filter': { kind: 'value' } });
  if (positional.length === 0) throw new UsageError('name at least one scenario file or directory');
  const jobsRaw = (values.get('--jobs') ?? values.get('-j')) as string | undefined;
  const filter = values.get('--filter') as string | undefined;
  return {
    targets: positional,
    jobs: jobsRaw === undefined ? availableParallelism() : wholeNumber('--jobs', jobsRaw, 1, 256),
    reporter: oneOf('--reporter', (values.get('--reporter') as string | undefined) ?? 'human', REPORTERS),
    ...(filter !== undefined ? { filter } : {}),
  };
}

type Loaded = { file: string; name: string; scenario: Scenario } | { file: string; name: string; error: string };

async function judge(item: Loaded, signal?: AbortSignal): Promise<TestResult> {
  const base = { file: item.file, name: item.name, mismatches: [], errors: [] };
  if ('error' in item) return { ...base, status: 'failed', error: item.error, ms: 0 };
  const { scenario } = item;
  const timing = timingDependent(scenario);
  const common = { ...base, ...(scenario.title ? { title: scenario.title } : {}), ...(timing ? { timing } : {}) };
  if (!hasExpectations(scenario)) return { ...common, status: 'failed', error: 'no "expect" block: nothing to check', ms: 0 };
  const started = performance.now();
  try {
    const outcome = await runAnyScenario(scenario, signal ? { signal } : {});
    const mismatches = checkExpectations(scenario, outcome);
    const diagnostics = isSessionOutcome(outcome) ? [...outcome.diagnostics, ...outcome.steps.flatMap((s) => s.events.flatMap((e) => e.outcome.diagnostics))] : outcome.diagnostics;
    return {
      ...common,
      status: mismatches.length ? 'failed' : 'passed',
      mismatches,
      errors: mismatches.length ? diagnostics.filter((d) => d.level === 'error').map((d) => d.message) : [],
      ms: Math.round(performance.now() - started),
      outcome,
    };
  } catch (e) {
    return { ...common, status: 'failed', error: (e as Error).message, ms: Math.round(performance.now() - started) };
  }
}

function cancelled(item: Loaded): TestResult {
  return { file: item.file, name: item.name, status: 'failed', error: 'not run: interrupted', mismatches: [], errors: [], ms: 0 };
}

/**
 * `hookplay test FILE_OR_DIR... [--jobs N] [--reporter R] [--filter P]`: each scenario's `expect` against its
 * real outcome, N at a time. Exit 0 when all pass, 1 on any failure, 2 on a usage error or when nothing matched.
 */
export async function testCommand(args: string[]): Promise<number> {
  let opts: Options;
  let files: string[];
  try {
    opts = options(args);
    files = (await Promise.all(opts.targets.map(collectScenarioFiles))).flat();
  } catch (e) {
    process.stderr.write(`hookplay test: ${(e as Error).message}\n${e instanceof UsageError ? 'usage: hookplay test FILE_OR_DIR... [--jobs N] [--reporter human|junit|tap|json] [--filter PATTERN]\n' : ''}`);
    return EXIT.usage;
  }
  if (files.length === 0) {
    process.stderr.write(`hookplay test: no *${SCENARIO_SUFFIX} files in ${opts.targets.join(', ')}\n`);
    return EXIT.usage;
  }

  let loaded: Loaded[] = await Promise.all(
    files.map(async (file): Promise<Loaded> => {
      const rel = relative(process.cwd(), file);
      const name = rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
      try {
        return { file, name, scenario: await loadScenarioFile(file) };
      } catch (e) {
        return { file, name, error: (e as Error).message };
      }
    }),
  );
  if (opts.filter !== undefined) {
    let keep;
    try {
      keep = makeFilter(opts.filter);
    } catch (e) {
      process.stderr.write(`hookplay test: ${(e as Error).message}\n`);
      return EXIT.usage;
    }
    const all = loaded.length;
    loaded = loaded.filter((l) => keep(l.name, 'scenario' in l ? l.scenario.title : undefined));
    if (loaded.length === 0) {
      process.stderr.write(`hookplay test: no scenario matches --filter ${opts.filter} (of ${all} found)\n`);
      return EXIT.usage;
    }
  }

  // Ctrl-C: running hooks are killed (runScenario's signal), nothing new starts, exit 130.
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const human = opts.reporter === 'human';
  // Human output streams in file order as results come in; the other reporters print one document at the end.
  const done: (TestResult | undefined)[] = [];
  let printed = 0;
  const flush = () => {
    while (done[printed]) process.stdout.write(humanResult(done[printed++]!));
  };
  const started = performance.now();
  const results = await runPool(loaded, opts.jobs, (item) => (controller.signal.aborted ? Promise.resolve(cancelled(item)) : judge(item, controller.signal)), (result, index) => {
    // Timing-dependent failures are judged again below before being shown.
    if (!human || (opts.jobs > 1 && result.status === 'failed' && !result.error)) return;
    done[index] = result;
    flush();
  });

  // A scenario that fails while others run beside it may have lost a race only because of that load (hooks that
  // sleep or wait; output read late on a starved machine): run it again with nothing else running, and report
  // that run, and that it was needed. Invalid files and missing expect blocks fail the same either way.
  if (opts.jobs > 1 && !controller.signal.aborted) {
    for (const [index, result] of results.entries()) {
      if (result.status !== 'failed' || result.error) continue;
      const alone = await judge(loaded[index]!, controller.signal);
      results[index] = { ...alone, underLoad: result.mismatches };
      if (human) {
        done[index] = results[index];
        flush();
      }
    }
  }
  for (const [index, result] of results.entries()) if (human && !done[index]) done[index] = result;
  if (human) flush();
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  if (controller.signal.aborted) {
    process.stderr.write('hookplay test: interrupted; running hooks were killed\n');
    return EXIT.interrupted;
  }
  const wallMs = performance.now() - started;

  if (opts.reporter === 'human') process.stdout.write(humanSummary(results));
  else if (opts.reporter === 'junit') process.stdout.write(junitReport(results, wallMs));
  else if (opts.reporter === 'tap') process.stdout.write(tapReport(results));
  else process.stdout.write(jsonReport(results, wallMs, opts.jobs));
  return results.some((r) => r.status === 'failed') ? EXIT.failed : EXIT.ok;
}
