#!/usr/bin/env node
// `npm run oracle`: differential testing of hookplay's claude-code dialect against the real Claude Code CLI.
//
// For every case in cases.mjs: run `claude -p` offline (a local mock of the Messages API, proxies pointing at
// it), observe what the host did, record it as a fixture (oracle/fixtures/<version>/<case>.json), then run the
// same session through hookplay's engine and report every disagreement. `npm test` replays the fixtures
// against the engine without the CLI (packages/engine/test/claude-code/oracle-replay.test.ts).
//
//   node oracle/run.mjs                 record every case and compare
//   node oracle/run.mjs --case stop-    only cases whose id contains "stop-" (repeatable)
//   node oracle/run.mjs --replay        compare the recorded fixtures only (no CLI)
//   node oracle/run.mjs --no-engine     record only
//   node oracle/run.mjs --keep          keep each case's run directory under oracle/.runs/
//   node oracle/run.mjs --dry           record afresh and compare, without rewriting the fixtures
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ALL_CASES, SWEEP } from './all-cases.mjs';
import { writeCoverage } from './lib/coverage.mjs';
import { writeRecordedRules } from './lib/recorded-rules.mjs';
import { ensureCli, runCli, writeFiles } from './lib/cli.mjs';
import { caseRun } from './lib/case-kinds.mjs';
import { caseHash, checkTiming, compareObservations, observedOf, sessionOf } from './lib/compare.mjs';
import { startMockApi } from './lib/mock-api.mjs';
import { observe, PROBE_DIR, probeSettings } from './lib/observe.mjs';

const ORACLE = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(ORACLE);
export const VERSION = '2.1.332';
const FIXTURES = join(ORACLE, 'fixtures', VERSION);
const RUNS = join(ORACLE, '.runs');

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);

// Other hosts keep their whole oracle in oracle/hosts/<id>/run.mjs; `--host claude-code` (or none) is this file.
const hostArg = argv.flatMap((a, i) => (a === '--host' && argv[i + 1] ? [argv[i + 1]] : []))[0];
if (hostArg && hostArg !== 'claude-code') {
  const hostRun = join(ORACLE, 'hosts', hostArg, 'run.mjs');
  if (!existsSync(hostRun)) {
    const { readdirSync } = await import('node:fs');
    const known = ['claude-code', ...(existsSync(join(ORACLE, 'hosts')) ? readdirSync(join(ORACLE, 'hosts')) : [])];
    console.error(`no oracle for host "${hostArg}": known hosts are ${known.join(', ')}`);
    process.exit(2);
  }
  await import(pathToFileURL(hostRun).href);
  // The host's run.mjs owns the process from here (it exits when done).
  await new Promise(() => {});
}
const valuesOf = (name) => argv.flatMap((a, i) => (a === name && argv[i + 1] ? [argv[i + 1]] : []));
const filters = valuesOf('--case');
const replay = flag('--replay');
const withEngine = !flag('--no-engine');
const keep = flag('--keep');
const jobs = Number(valuesOf('--jobs')[0] ?? 1);
const slice = valuesOf('--slice')[0];

if (flag('--coverage')) {
  console.log(`wrote ${writeCoverage(ALL_CASES, FIXTURES)}`);
  process.exit(0);
}

let selected = (flag('--sweep') ? SWEEP : ALL_CASES).filter((c) => filters.length === 0 || filters.some((f) => c.id.includes(f)));
if (slice) {
  const m = /^(\d+)\/(\d+)$/.exec(slice);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) {
    console.error(`--slice takes K/N with 1 <= K <= N (for example --slice 2/8), not ${JSON.stringify(slice)}`);
    process.exit(2);
  }
  const [k, n] = [Number(m[1]), Number(m[2])];
  selected = selected.filter((_, i) => i % n === k - 1);
}
if (flag('--stale')) {
  // Only cases never recorded, or changed since their recording.
  selected = selected.filter((c) => {
    const path = join(FIXTURES, `${c.id}.json`);
    return !existsSync(path) || JSON.parse(readFileSync(path, 'utf8')).caseHash !== caseHash(c);
  });
  if (selected.length === 0) {
    console.log('every selected case is recorded for its current definition');
    process.exit(0);
  }
}
if (!Number.isInteger(jobs) || jobs < 1 || jobs > 8) {
  console.error('--jobs takes a whole number from 1 to 8');
  process.exit(2);
}
if (selected.length === 0) {
  console.error(`no case matches ${filters.join(', ')}`);
  process.exit(2);
}

/** Replies of the mocked model: one Bash tool call first (unless the case has none), then final texts. */
export function modelScript(c) {
  const tool = c.tool === undefined ? { command: 'echo original', description: 'run the command' } : c.tool;
  return (n) => (n === 1 && tool ? { type: 'tool_use', name: c.toolName ?? 'Bash', input: tool } : { type: 'text', text: `FINAL_TEXT_${n}` });
}

async function record(c, bin) {
  const root = join(RUNS, c.id);
  rmSync(root, { recursive: true, force: true });
  const home = join(root, 'home');
  const project = join(root, 'proj');
  mkdirSync(home, { recursive: true });
  mkdirSync(join(project, PROBE_DIR), { recursive: true });
  writeFiles(c.files, home, project);
  const kind = caseRun(c, { home, project });
  const mock = await startMockApi(kind.script ?? modelScript(c));
  let run;
  try {
    run = await runCli({
      bin,
      root,
      home,
      project,
      mockUrl: mock.url,
      allowedTools: kind.allowedTools,
      extraArgs: ['--settings', JSON.stringify(probeSettings()), ...kind.args],
      drive: kind.drive,
      extraEnv: kind.env,
      timeoutMs: 90_000,
    });
  } finally {
    await mock.close();
  }
  const seen = observe({ stdout: run.stdout, requests: mock.requests, project, home, root });
  Object.assign(seen.observation, kind.extras(mock.requests, seen.events, seen.norm, seen.observation));
  const fixture = {
    case: c.id,
    title: c.title,
    covers: c.covers,
    host: { name: 'Claude Code', version: VERSION },
    caseHash: caseHash(c),
    recordedAt: new Date().toISOString().slice(0, 10),
    observed: seen.observation,
    gapsMs: seen.gapsMs,
    cli: { exitCode: run.code, signal: run.signal, timedOut: run.timedOut, ms: run.ms, result: seen.result, otherTraffic: mock.other },
    hookEvents: seen.hookEvents,
  };
  const problems = [];
  if ((run.code !== (c.cliExit ?? 0)) || run.timedOut) problems.push(`the CLI exited with ${run.timedOut ? 'a timeout' : `code ${run.code}`}: ${run.stderr.trim().slice(0, 500)}`);
  if (mock.other.length) problems.push(`the CLI tried to reach something else than the mock: ${JSON.stringify(mock.other).slice(0, 300)}`);
  problems.push(...checkTiming(c, seen.gapsMs[0], 'Claude Code'));
  // --dry: a fresh recording compared with the engine, leaving the committed fixtures as they are.
  if (!flag('--dry')) {
    mkdirSync(FIXTURES, { recursive: true });
    writeFileSync(join(FIXTURES, `${c.id}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
  }
  if (keep) writeFileSync(join(root, 'requests.json'), JSON.stringify({ requests: mock.requests, stdout: run.stdout, stderr: run.stderr }, null, 1));
  else rmSync(root, { recursive: true, force: true });
  return { fixture, problems };
}

async function loadEngine() {
  const built = join(ROOT, 'packages/engine/dist/session/oracle/claude-code.js');
  if (!flag('--no-build')) {
    const r = spawnSync('npm', ['run', 'build', '--workspace', '@hookplay/engine'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error('building @hookplay/engine failed');
  }
  if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  return import(pathToFileURL(built).href);
}

/** Records (or loads) one case and compares it with the engine: the list of problems, empty when they agree. */
async function check(c, bin, engine) {
  const problems = [];
  let fixture;
  if (replay) {
    const path = join(FIXTURES, `${c.id}.json`);
    if (!existsSync(path)) return ['no fixture (run without --replay to record it)'];
    fixture = JSON.parse(readFileSync(path, 'utf8'));
    if (fixture.caseHash !== caseHash(c)) problems.push('the case changed since its fixture was recorded: re-record it');
  } else {
    const recorded = await record(c, bin);
    fixture = recorded.fixture;
    problems.push(...recorded.problems);
  }
  if (engine) {
    const sim = await engine.simulateSession({ ...sessionOf(c), version: VERSION });
    problems.push(...compareObservations(c, observedOf(fixture), sim.observation));
    problems.push(...checkTiming(c, sim.gapMs, 'hookplay'));
    if (problems.length === 0) for (const code of engine.ruleCodes(sim)) (ruleCases[code] ??= []).push(c.id);
  }
  return problems;
}

/** Diagnostic code → the cases whose replay agreed while the engine stated that rule. */
const ruleCases = {};

async function main() {
  const bin = replay ? null : ensureCli(VERSION);
  const engine = withEngine ? await loadEngine() : null;
  let failed = 0;
  const t0 = Date.now();
  const queue = [...selected];
  // Cases that measure time run alone, so other cases' processes cannot stretch them.
  const timed = queue.filter((c) => c.timing);
  const untimed = queue.filter((c) => !c.timing);
  const report = (c, problems) => {
    if (problems.length) {
      failed++;
      console.log(`✗ ${c.id} — ${c.title}`);
      for (const p of problems) console.log(`    ${p}`);
    } else {
      console.log(`✓ ${c.id}`);
    }
  };
  const worker = async () => {
    for (let c = untimed.shift(); c; c = untimed.shift()) report(c, await check(c, bin, engine));
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  for (const c of timed) report(c, await check(c, bin, engine));
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  // Only a run over every case, all agreeing, may say which rules the recordings cover.
  if (engine && failed === 0 && selected.length === ALL_CASES.length) {
    console.log(`wrote ${writeRecordedRules(ROOT, VERSION, ALL_CASES.length, ruleCases)}`);
  }
  const mode = replay ? 'replayed' : 'recorded against Claude Code ' + VERSION;
  console.log(`\n${selected.length - failed}/${selected.length} cases agree (${mode}${engine ? '' : ', engine not compared'}) in ${secs} s`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
