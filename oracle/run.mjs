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
import { ensureInstalled, runCase, writeFiles } from './lib/cli.mjs';
import { caseRun } from './lib/case-kinds.mjs';
import { caseHash, checkTiming, compareObservations, observedOf, sessionOf } from './lib/compare.mjs';
import { rawOf } from './lib/raw.mjs';
import { KNOWN_GAPS } from './known-gaps.mjs';
import { observe, PROBE_DIR, PROBED_EVENTS, probeSettings } from './lib/observe.mjs';
import { capabilitiesOf, NEWEST, unsupportedReason, VERSIONS } from './lib/versions.mjs';

const ORACLE = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(ORACLE);
// `--version V` records or replays another listed build (oracle/lib/versions.mjs); the newest by default.
const versionArg = process.argv.flatMap((a, i) => (a === '--version' && process.argv[i + 1] ? [process.argv[i + 1]] : []))[0];
if (versionArg && !VERSIONS.includes(versionArg)) {
  console.error(`--version takes one of the listed Claude Code versions (${VERSIONS.join(', ')}), not ${JSON.stringify(versionArg)}: add it to oracle/lib/versions.mjs first`);
  process.exit(2);
}
export const VERSION = versionArg ?? NEWEST;
const FIXTURES = join(ORACLE, 'fixtures', VERSION);
// Each older version in its own folder, so two versions can be recorded at once without sharing a case's directory.
const RUNS = VERSION === NEWEST ? join(ORACLE, '.runs') : join(ORACLE, '.runs', VERSION);

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);

// Other hosts keep their whole oracle in oracle/hosts/<id>/run.mjs; `--host claude-code` (or none) is this file.
const hostArg = argv.flatMap((a, i) => (a === '--host' && argv[i + 1] ? [argv[i + 1]] : []))[0];
if (hostArg && hostArg !== 'claude-code') {
  const hostRun = join(ORACLE, 'hosts', hostArg, 'run.mjs');
  if (!existsSync(hostRun)) {
    const { readdirSync } = await import('node:fs');
    const known = [...new Set(['claude-code', ...(existsSync(join(ORACLE, 'hosts')) ? readdirSync(join(ORACLE, 'hosts')) : [])])];
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
// A case whose hooks sit on an event this build lacks tests nothing there: skipped, and said so.
const skipped = selected.filter((c) => unsupportedReason(c, VERSION));
if (skipped.length) console.log(`skipping ${skipped.length} cases Claude Code ${VERSION} cannot express (events it lacks)`);
selected = selected.filter((c) => !unsupportedReason(c, VERSION));
const supported = ALL_CASES.filter((c) => !unsupportedReason(c, VERSION));
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

async function record(c, cli) {
  const root = join(RUNS, c.id);
  rmSync(root, { recursive: true, force: true });
  const home = join(root, 'home');
  const project = join(root, 'proj');
  mkdirSync(home, { recursive: true });
  mkdirSync(join(project, PROBE_DIR), { recursive: true });
  writeFiles(c.files, home, project);
  const kind = caseRun(c, { home, project });
  const probed = PROBED_EVENTS.filter((e) => cli.caps.events.includes(e));
  let managedDir = null;
  if (!cli.caps.settingsFlag) {
    // The mount point of the per-run bind mount (an empty directory; nothing is ever written into it).
    mkdirSync('/etc/claude-code', { recursive: true });
    managedDir = join(root, 'managed');
    mkdirSync(managedDir, { recursive: true });
    writeFileSync(join(managedDir, 'managed-settings.json'), JSON.stringify(probeSettings(probed)));
  }
  const { run, mock } = await runCase({
    installed: cli,
    root,
    home,
    project,
    script: kind.script ?? modelScript(c),
    sideRequests: VERSION !== NEWEST,
    hookEvents: cli.caps.hookEvents,
    managedDir,
    allowedTools: kind.allowedTools,
    extraArgs: [...(cli.caps.settingsFlag ? ['--settings', JSON.stringify(probeSettings(probed))] : []), ...kind.args],
    drive: kind.drive,
    extraEnv: kind.env,
    timeoutMs: 90_000,
  });
  const seen = observe({ stdout: run.stdout, requests: mock.requests, project, home, root, probed });
  Object.assign(seen.observation, kind.extras(mock.requests, seen.events, seen.norm, seen.observation));
  const fixture = {
    case: c.id,
    title: c.title,
    covers: c.covers,
    host: { name: 'Claude Code', version: VERSION },
    // What this build lets the harness see: without hook events in its stream, hook counts and ends are unknown.
    ...(cli.caps.hookEvents ? {} : { unobserved: ['hookRuns', 'hookEnds'] }),
    caseHash: caseHash(c),
    recordedAt: new Date().toISOString().slice(0, 10),
    observed: seen.observation,
    gapsMs: seen.gapsMs,
    cli: { exitCode: run.code, signal: run.signal, timedOut: run.timedOut, ms: run.ms, result: seen.result, otherTraffic: mock.other, ...(mock.side.length ? { sideRequests: mock.side.length } : {}), ...(VERSION !== NEWEST && run.code !== 0 ? { stderrHead: run.stderr.split('\n').slice(0, 8).join('\n').slice(0, 600) } : {}) },
    hookEvents: seen.hookEvents,
    // Older builds word and place hook texts differently: keep what they sent so an observation can be re-derived.
    ...(VERSION !== NEWEST ? { raw: rawOf(run.stdout, mock.requests, { project, home, root }, { everyRequest: Boolean(c.turns) }) } : {}),
  };
  const problems = [];
  if ((run.code !== (c.cliExit ?? 0)) || run.timedOut) problems.push(`the CLI exited with ${run.timedOut ? 'a timeout' : `code ${run.code}`}: ${run.stderr.trim().slice(0, 500)}`);
  // In the run's namespace a refused attempt to reach the vendor (2.0.76, 2.1.47) cannot leave the machine:
  // it stays in the fixture (cli.otherTraffic) without failing the case.
  const outside = VERSION === NEWEST ? mock.other : mock.other.filter((o) => !/^api\.anthropic\.com:443$/.test(o.url ?? ''));
  if (outside.length) problems.push(`the CLI tried to reach something else than the mock: ${JSON.stringify(mock.other).slice(0, 300)}`);
  problems.push(...checkTiming(c, seen.gapsMs[0], 'Claude Code', VERSION));
  // --dry: a fresh recording compared with the engine, leaving the committed fixtures as they are.
  if (!flag('--dry')) {
    mkdirSync(FIXTURES, { recursive: true });
    writeFileSync(join(FIXTURES, `${c.id}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
  }
  if (keep) writeFileSync(join(root, 'requests.json'), JSON.stringify({ requests: mock.requests, stdout: run.stdout, stderr: run.stderr }, null, 1));
  else rmSync(root, { recursive: true, force: true });
  return { fixture, problems };
}

/** The engine's side of a case (the oracle session, packages/real-host/src/hosts/claude-code/oracle-session.ts), built. */
async function loadEngine() {
  const built = join(ROOT, 'packages/real-host/dist/index.js');
  if (!flag('--no-build')) {
    const r = spawnSync('npx', ['tsc', '-b', 'packages/real-host'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error('building @hookplay/real-host failed');
  }
  if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  const { simulateClaudeSession, claudeRuleCodes } = await import(pathToFileURL(built).href);
  return { simulateSession: simulateClaudeSession, ruleCodes: claudeRuleCodes };
}

/** Records (or loads) one case and compares it with the engine: the list of problems, empty when they agree. */
async function check(c, cli, engine) {
  const problems = [];
  let fixture;
  if (replay) {
    const path = join(FIXTURES, `${c.id}.json`);
    // An older build is recorded on part of the cases it can express (--slice): the others are not compared.
    if (!existsSync(path) && VERSION !== NEWEST) {
      unrecorded.push(c.id);
      return [];
    }
    if (!existsSync(path)) return ['no fixture (run without --replay to record it)'];
    fixture = JSON.parse(readFileSync(path, 'utf8'));
    if (fixture.caseHash !== caseHash(c)) problems.push('the case changed since its fixture was recorded: re-record it');
  } else {
    const recorded = await record(c, cli);
    fixture = recorded.fixture;
    problems.push(...recorded.problems);
  }
  if (engine) {
    const sim = await engine.simulateSession({ ...sessionOf(c), version: VERSION });
    problems.push(...compareObservations(c, observedOf(fixture), sim.observation, engine.ruleCodes(sim)));
    problems.push(...checkTiming(c, sim.gapMs, 'hookplay', VERSION));
    if (problems.length === 0 && !(c.id in (KNOWN_GAPS[VERSION] ?? {}))) for (const code of engine.ruleCodes(sim)) (ruleCases[code] ??= []).push(c.id);
  }
  return problems;
}

/** Diagnostic code → the cases whose replay agreed while the engine stated that rule. */
const ruleCases = {};
/** Cases an older build has no recording of (replay only). */
const unrecorded = [];

async function main() {
  let cli = null;
  if (!replay) {
    // Each run has a network namespace of its own whose one endpoint is the mock (packages/real-host): older
    // builds reach for the vendor's API whatever the switches say, and are refused there.
    cli = await ensureInstalled(VERSION);
    cli.caps = await capabilitiesOf(VERSION, cli);
  }
  const bin = cli;
  const engine = withEngine ? await loadEngine() : null;
  let failed = 0;
  const t0 = Date.now();
  const queue = [...selected];
  // Cases that measure time run alone, so other cases' processes cannot stretch them.
  const timed = queue.filter((c) => c.timing);
  const untimed = queue.filter((c) => !c.timing);
  const gaps = KNOWN_GAPS[VERSION] ?? {};
  const report = (c, problems) => {
    // A listed gap (known-gaps.mjs) is reported as such, and left out of the recorded-rules table.
    if (c.id in gaps) {
      unrecorded.push(c.id);
      console.log(`~ ${c.id} — known gap${problems.length ? '' : ' (agreed this time)'}: ${gaps[c.id]}`);
      return;
    }
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
  // (for an older build: every case it can express, see versions.mjs).
  if (engine && failed === 0 && selected.length === supported.length) {
    console.log(`wrote ${writeRecordedRules(ROOT, VERSION, supported.length - unrecorded.length, ruleCases)}`);
  }
  if (unrecorded.length) console.log(`${unrecorded.length} cases have no recording on Claude Code ${VERSION} yet (not compared)`);
  const mode = replay ? 'replayed' : 'recorded against Claude Code ' + VERSION;
  console.log(`\n${selected.length - failed}/${selected.length} cases agree (${mode}${engine ? '' : ', engine not compared'}) in ${secs} s`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
