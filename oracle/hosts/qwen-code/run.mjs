#!/usr/bin/env node
// `npm run oracle -- --host qwen-code`: differential testing of hookplay's qwen-code dialect against the real Qwen Code.
//
// For every case in cases.mjs: run `qwen "do it" --yolo -o stream-json` on the shared real-host harness
// (packages/real-host: the CLI from hookplay's cache, its own network namespace whose one endpoint is the chat
// completions mock, the qwen-code adapter's probes and reading of the run), record what the host did as a fixture
// (fixtures/<version>/<case>.json), then run the same session through hookplay's engine and report every
// disagreement. `npm test` replays the fixtures without the CLI (packages/real-host/test/qwen-code-oracle-replay.test.ts).
//
//   npm run oracle -- --host qwen-code                 record every case and compare
//   npm run oracle -- --host qwen-code --case stop-    only cases whose id contains "stop-" (repeatable)
//   npm run oracle -- --host qwen-code --replay        compare the recorded fixtures only (no CLI)
//   npm run oracle -- --host qwen-code --no-engine     record only
//   npm run oracle -- --host qwen-code --keep          keep each case's run directory (its path is printed)
//   npm run oracle -- --host qwen-code --jobs 2        two cases at once
//   npm run oracle -- --host qwen-code --no-build      use the built packages as they are
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CASES } from './cases.mjs';
import { caseHash, checkTiming } from './compare.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..', '..');
export const VERSION = '0.24.4';
const FIXTURES = join(HERE, 'fixtures', VERSION);

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const values = (name) => argv.flatMap((a, i) => (a === name && argv[i + 1] ? [argv[i + 1]] : []));
const filters = values('--case');
const replay = flag('--replay');
const withEngine = !flag('--no-engine');
const keep = flag('--keep');
const jobs = Math.max(1, Math.min(2, Number(values('--jobs')[0] ?? 1)));

const selected = CASES.filter((c) => filters.length === 0 || filters.some((f) => c.id.includes(f)));
if (selected.length === 0) {
  console.error(`no case matches ${filters.join(', ')}`);
  process.exit(2);
}

/** A case as the harness plays it: its files, its one shell call (or none), whether the folder is trusted. */
const oracleCase = (c) => ({ files: c.files, ...(c.tool !== undefined ? { tool: c.tool } : {}), ...(c.host?.trusted === false ? { trusted: false } : {}) });

/** The harness (and the engine it compares with), built from the checkout unless --no-build. */
async function loadHarness() {
  if (!flag('--no-build')) {
    for (const workspace of ['@hookplay/engine', '@hookplay/real-host']) {
      const r = spawnSync('npm', ['run', 'build', '--workspace', workspace], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
      if (r.status !== 0) throw new Error(`building ${workspace} failed`);
    }
  }
  const built = join(ROOT, 'packages/real-host/dist/index.js');
  if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  return import(pathToFileURL(built).href);
}

async function record(harness, c, installed) {
  const run = await harness.qwenOracle.runOracleCase(oracleCase(c), { installed, runsDir: harness.runsDir(harness.cacheRoot()), keep });
  const fixture = {
    case: c.id,
    title: c.title,
    covers: c.covers,
    host: { name: 'Qwen Code', version: VERSION },
    caseHash: caseHash(c),
    recordedAt: new Date().toISOString().slice(0, 10),
    observed: run.observation,
    gapsMs: run.gapsMs,
    cli: { exitCode: run.cli.exitCode, signal: run.cli.signal, timedOut: run.cli.timedOut, ms: run.cli.ms, otherTraffic: run.cli.otherTraffic, stderr: run.stderr.replace(/^Ripgrep not available[^\n]*\n/m, '').slice(0, 2000) },
    probes: run.payloads,
  };
  const problems = [];
  if (run.cli.timedOut) problems.push(`the CLI did not finish in time: ${run.cli.stderrHead}`);
  if (run.cli.otherTraffic.length) problems.push(`the CLI tried to reach something else than the mock: ${JSON.stringify(run.cli.otherTraffic).slice(0, 300)}`);
  problems.push(...checkTiming(c, run.gapsMs[0], 'Qwen Code'));
  mkdirSync(FIXTURES, { recursive: true });
  writeFileSync(join(FIXTURES, `${c.id}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
  if (run.kept) console.log(`    kept ${run.kept}`);
  return { fixture, problems };
}

async function one(harness, c, installed) {
  const problems = [];
  let fixture;
  if (replay) {
    const path = join(FIXTURES, `${c.id}.json`);
    if (!existsSync(path)) return ['no fixture (run without --replay to record it)'];
    fixture = JSON.parse(readFileSync(path, 'utf8'));
    if (fixture.caseHash !== caseHash(c)) problems.push('the case changed since its fixture was recorded: re-record it');
  } else {
    const recorded = await record(harness, c, installed);
    fixture = recorded.fixture;
    problems.push(...recorded.problems);
  }
  if (withEngine) {
    const sim = await harness.qwenOracle.simulateQwenSession(oracleCase(c));
    problems.push(...harness.qwenOracle.compareOracle(fixture.observed, sim.observation));
    problems.push(...checkTiming(c, sim.gapMs, 'hookplay'));
  }
  return problems;
}

async function main() {
  const harness = await loadHarness();
  // From hookplay's cache (`npx hookplay hosts install qwen-code@0.24.4`), never installed behind the user's back.
  const installed = replay ? null : harness.requireInstalled('qwen-code', VERSION, harness.cacheRoot());
  let failed = 0;
  const t0 = Date.now();
  const queue = [...selected];
  const worker = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      const problems = await one(harness, c, installed);
      if (problems.length) {
        failed++;
        console.log(`✗ ${c.id} — ${c.title}`);
        for (const p of problems) console.log(`    ${p}`);
      } else console.log(`✓ ${c.id}`);
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  const mode = replay ? 'replayed' : `recorded against Qwen Code ${VERSION}`;
  console.log(`\n${selected.length - failed}/${selected.length} cases agree (${mode}${withEngine ? '' : ', engine not compared'}) in ${secs} s`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e.message ?? e);
  process.exit(2);
});
