#!/usr/bin/env node
// `npm run oracle -- --host gemini-cli`: differential testing of hookplay's gemini-cli dialect against the real
// Gemini CLI (@google/gemini-cli 0.61.0).
//
// For every case in cases.mjs: run `gemini -p "do it" --yolo` offline (a local mock of the Gemini API; every proxy
// variable points at it), observe what the host did, record it as oracle/hosts/gemini-cli/fixtures/<version>/<case>.json,
// then run the same session through hookplay's engine and report every difference. `npm test` replays the fixtures
// without the CLI (packages/engine/test/gemini-cli/oracle-replay.test.ts).
//
//   npm run oracle -- --host gemini-cli                 record every case and compare
//   npm run oracle -- --host gemini-cli --case matcher- only cases whose id contains "matcher-" (repeatable)
//   npm run oracle -- --host gemini-cli --replay        compare the recorded fixtures only (no CLI)
//   npm run oracle -- --host gemini-cli --no-engine     record only
//   npm run oracle -- --host gemini-cli --keep          keep each case's run directory under .runs/
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CASES } from './cases.mjs';
import { ensureCli, runCli, writeFiles } from './lib/cli.mjs';
import { caseHash, checkTiming, compareObservations } from './lib/compare.mjs';
import { startMockGemini } from './lib/mock-gemini.mjs';
import { observe } from './lib/observe.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..', '..');
export const VERSION = '0.61.0';
const FIXTURES = join(HERE, 'fixtures', VERSION);
// Under the worktree, not /tmp: Gemini CLI skips system settings files below a world-writable directory.
const RUNS = join(HERE, '.runs');

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const filters = argv.flatMap((a, i) => (a === '--case' && argv[i + 1] ? [argv[i + 1]] : []));
const replay = flag('--replay');
const withEngine = !flag('--no-engine');
const keep = flag('--keep');

/** The mocked model: run_shell_command first (unless the case has no tool), then texts FINAL_TEXT_<n>. */
export function modelScript(c) {
  const tool = c.tool === undefined ? { command: 'echo original; echo original > .oracle-ran', description: 'run it' } : c.tool;
  return (n) => (n === 1 && tool ? [{ functionCall: { name: 'run_shell_command', args: tool } }] : [{ text: `FINAL_TEXT_${n}` }]);
}

async function record(c, entry, engine) {
  const root = join(RUNS, c.id);
  rmSync(root, { recursive: true, force: true });
  const home = join(root, 'home');
  const project = join(root, 'proj');
  const system = join(root, 'system');
  const probeLog = join(root, 'probe');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  writeFiles(c.files, { home, project, system });
  const mock = await startMockGemini(modelScript(c));
  let run;
  try {
    run = await runCli({ entry, root, home, project, system, probeLog, mockUrl: mock.url, trusted: c.trusted !== false, env: c.env ?? {}, timeoutMs: c.cliTimeoutMs ?? 90_000 });
  } finally {
    await mock.close();
  }
  const seen = observe({ run, requests: mock.requests, project, home, root, probeLog, toolAsked: c.tool !== null, inputOfInterest: engine.inputOfInterest, sortInputs: engine.sortInputs });
  const fixture = {
    case: c.id,
    title: c.title,
    covers: c.covers,
    host: { name: 'Gemini CLI', version: VERSION },
    caseHash: caseHash(c),
    recordedAt: new Date().toISOString().slice(0, 10),
    observed: seen.observation,
    starts: seen.starts.map((s) => ({ event: s.event, command: s.command, atMs: Math.round(s.at - (seen.starts[0]?.at ?? 0)) })),
    cli: { exitCode: run.code, signal: run.signal, timedOut: run.timedOut, ms: run.ms, stdout: seen.stdout, otherTraffic: mock.other },
  };
  const problems = [];
  if (run.timedOut) problems.push(`the CLI did not finish in time: ${run.stderr.trim().slice(0, 300)}`);
  if (mock.other.length) problems.push(`the CLI tried to reach something else than the mock: ${JSON.stringify(mock.other).slice(0, 300)}`);
  problems.push(...checkTiming(c, seen.starts, 'Gemini CLI'));
  mkdirSync(FIXTURES, { recursive: true });
  writeFileSync(join(FIXTURES, `${c.id}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
  if (keep) writeFileSync(join(root, 'requests.json'), JSON.stringify({ requests: mock.requests, stdout: run.stdout, stderr: run.stderr }, null, 1));
  else rmSync(root, { recursive: true, force: true });
  return { fixture, problems };
}

async function loadEngine() {
  const built = join(ROOT, 'packages/engine/dist/session/oracle/gemini-cli.js');
  if (!flag('--no-build')) {
    const r = spawnSync('npm', ['run', 'build', '--workspace', '@hookplay/engine'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error('building @hookplay/engine failed');
  }
  if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  return import(pathToFileURL(built).href);
}

/** Start times of one event's hooks in the engine's run, for the timing bounds. */
function engineStarts(steps) {
  return steps.flatMap((s) => s.outcome.hooks.filter((h) => h.ran && h.startMs !== null).map((h) => ({ event: s.event, command: h.command, at: h.startMs })));
}

async function main() {
  const selected = CASES.filter((c) => filters.length === 0 || filters.some((f) => c.id.includes(f)));
  if (selected.length === 0) {
    console.error(`no case matches ${filters.join(', ')}`);
    process.exit(2);
  }
  const entry = replay ? null : ensureCli(VERSION);
  const engine = await loadEngine();
  let failed = 0;
  const t0 = Date.now();
  // Most of a CLI run is waiting, so a few cases run at once (--jobs N, default 3); reports keep the case order.
  const jobsArg = Number(argv[argv.indexOf('--jobs') + 1]);
  const width = argv.includes('--jobs') && jobsArg > 0 ? jobsArg : replay ? 1 : 3;
  const reports = new Array(selected.length);
  let next = 0;
  let printed = 0;
  const flush = () => {
    while (printed < selected.length && reports[printed] !== undefined) {
      const { c, problems } = reports[printed++];
      if (problems.length) {
        failed++;
        console.log(`✗ ${c.id} — ${c.title}`);
        for (const p of problems) console.log(`    ${p}`);
      } else console.log(`✓ ${c.id}`);
    }
  };
  const one = async (c) => {
    const problems = [];
    let fixture;
    if (replay) {
      const path = join(FIXTURES, `${c.id}.json`);
      if (!existsSync(path)) return { c, problems: ['no fixture (run without --replay to record it)'] };
      fixture = JSON.parse(readFileSync(path, 'utf8'));
      if (fixture.caseHash !== caseHash(c)) problems.push('the case changed since its fixture was recorded: re-record it');
    } else {
      const recorded = await record(c, entry, engine);
      fixture = recorded.fixture;
      problems.push(...recorded.problems);
    }
    if (withEngine) {
      const sim = await engine.simulateGeminiSession({ files: c.files, tool: c.tool, trusted: c.trusted, env: c.env });
      problems.push(...compareObservations(fixture.observed, sim.observation));
      problems.push(...checkTiming(c, engineStarts(sim.steps), 'hookplay'));
    }
    return { c, problems };
  };
  await Promise.all(
    Array.from({ length: Math.min(width, selected.length) }, async () => {
      while (next < selected.length) {
        const i = next++;
        reports[i] = await one(selected[i]);
        flush();
      }
    }),
  );
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(`\n${selected.length - failed}/${selected.length} cases agree (${replay ? 'replayed' : `recorded against Gemini CLI ${VERSION}`}${withEngine ? '' : ', engine not compared'}) in ${secs} s`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
