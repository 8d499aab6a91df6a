#!/usr/bin/env node
// `npm run oracle -- --host gemini-cli`: differential testing of hookplay's gemini-cli dialect against the real
// Gemini CLI (@google/gemini-cli 0.61.0), on the shared real-host harness (packages/real-host): the CLI installed in
// the user's cache (`npx hookplay hosts install gemini-cli@0.61.0`), run in its own network namespace against the
// shared mock of the Gemini API, read by the Gemini adapter (its bash probe logs each hook's command and stdin).
// What is this oracle's own: its cases (cases.mjs), their proof file and FINAL_TEXT_<n> replies, and the fixtures'
// shape and timing bounds (compare.mjs).
//
//   npm run oracle -- --host gemini-cli                 record every case and compare
//   npm run oracle -- --host gemini-cli --case matcher- only cases whose id contains "matcher-" (repeatable)
//   npm run oracle -- --host gemini-cli --replay        compare the recorded fixtures only (no CLI)
//   npm run oracle -- --host gemini-cli --no-engine     record only
//   npm run oracle -- --host gemini-cli --keep          keep each case's run directory (its path is printed)
//   npm run oracle -- --host gemini-cli --missing       record only cases whose fixture is missing or stale
//   npm run oracle -- --host gemini-cli --jobs 2        cases at once (default 2: most of a run is waiting)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CASES } from './cases.mjs';
import { caseHash, checkTiming, compareObservations } from './compare.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..', '..');
export const VERSION = '0.61.0';
const FIXTURES = join(HERE, 'fixtures', VERSION);

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const filters = argv.flatMap((a, i) => (a === '--case' && argv[i + 1] ? [argv[i + 1]] : []));
const replay = flag('--replay');
const withEngine = !flag('--no-engine');
const keep = flag('--keep');
const missing = flag('--missing');
const jobsArg = Number(argv[argv.indexOf('--jobs') + 1]);
const width = argv.includes('--jobs') && jobsArg > 0 ? jobsArg : 2;

const selected = CASES.filter((c) => filters.length === 0 || filters.some((f) => c.id.includes(f)));
if (selected.length === 0) {
  console.error(`no case matches ${filters.join(', ')}`);
  process.exit(2);
}

/** The built real-host package (engine and harness), rebuilt first unless --no-build. */
async function loadHarness() {
  if (!flag('--no-build')) {
    for (const ws of ['@hookplay/engine', '@hookplay/real-host']) {
      const r = spawnSync('npm', ['run', 'build', '--workspace', ws], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
      if (r.status !== 0) throw new Error(`building ${ws} failed`);
    }
  }
  const built = join(ROOT, 'packages/real-host/dist/index.js');
  if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  return import(pathToFileURL(built).href);
}

async function record(c, harness, installed) {
  const { geminiCliHost: host } = harness;
  const session = host.oracleSession(c);
  const script = host.oracleScript(session);
  const run = await host.runOnGemini(session, script, { installed, runsDir: harness.runsDir(), timeoutMs: c.cliTimeoutMs ?? 90_000, ...(keep ? { keep: true } : {}) });
  const fixture = {
    case: c.id,
    title: c.title,
    covers: c.covers,
    host: { name: 'Gemini CLI', version: VERSION },
    caseHash: caseHash(c),
    recordedAt: new Date().toISOString().slice(0, 10),
    observed: host.asOracleObservation(run.observation),
    starts: run.raw.starts,
    cli: { exitCode: run.cli.exitCode, signal: run.cli.signal, timedOut: run.cli.timedOut, ms: run.cli.ms, stdout: run.observation.answer, otherTraffic: run.cli.otherTraffic },
  };
  const problems = [];
  if (run.cli.timedOut) problems.push(`the CLI did not finish in time: ${run.cli.stderrHead}`);
  if (run.cli.otherTraffic.length) problems.push(`the CLI tried to reach something else than the mock: ${JSON.stringify(run.cli.otherTraffic).slice(0, 300)}`);
  problems.push(...checkTiming(c, run.raw.starts.map((s) => ({ ...s, at: s.atMs })), 'Gemini CLI'));
  mkdirSync(FIXTURES, { recursive: true });
  writeFileSync(join(FIXTURES, `${c.id}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
  if (run.kept) console.log(`    kept ${run.kept}`);
  return { fixture, problems };
}

/** Start times of one event's hooks in the engine's run, for the timing bounds. */
function engineStarts(steps) {
  return steps.flatMap((s) => s.outcome.hooks.filter((h) => h.ran && h.startMs !== null).map((h) => ({ event: s.event, command: h.command, at: h.startMs })));
}

async function main() {
  const harness = await loadHarness();
  // Recording needs the CLI in the user's cache; hookplay never installs it by itself.
  const installed = replay ? null : harness.requireInstalled('gemini-cli', VERSION);
  if (missing && !replay) console.log('recording only cases whose fixture is missing or stale');
  let failed = 0;
  const t0 = Date.now();
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
    const path = join(FIXTURES, `${c.id}.json`);
    const upToDate = existsSync(path) && JSON.parse(readFileSync(path, 'utf8')).caseHash === caseHash(c);
    if (replay || (missing && upToDate)) {
      if (!existsSync(path)) return { c, problems: ['no fixture (run without --replay to record it)'] };
      fixture = JSON.parse(readFileSync(path, 'utf8'));
      if (fixture.caseHash !== caseHash(c)) problems.push('the case changed since its fixture was recorded: re-record it');
    } else {
      const recorded = await record(c, harness, installed);
      fixture = recorded.fixture;
      problems.push(...recorded.problems);
    }
    if (withEngine) {
      const sim = await harness.geminiCliHost.simulateSession(c);
      problems.push(...compareObservations(fixture.observed, sim.observation));
      problems.push(...checkTiming(c, engineStarts(sim.steps), 'hookplay'));
    }
    return { c, problems };
  };
  await Promise.all(
    Array.from({ length: Math.min(replay ? 1 : width, selected.length) }, async () => {
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
  console.error(e.message ?? e);
  process.exit(2);
});
