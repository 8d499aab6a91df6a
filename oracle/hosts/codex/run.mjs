#!/usr/bin/env node
// `npm run oracle -- --host codex`: differential testing of hookplay's codex dialect against the real Codex CLI.
//
// For every case in cases.mjs: run `codex exec "do it"` on the shared real-host harness (packages/real-host: the
// CLI from hookplay's cache, its own network namespace whose one endpoint is the Responses API mock, the codex
// adapter's probe and reading of the run), record what the host did as a fixture (fixtures/<version>/<case>.json),
// then run the same session through hookplay's engine and report every disagreement. `npm test` replays the
// fixtures without the CLI (packages/real-host/test/codex-oracle-replay.test.ts).
//
//   npm run oracle -- --host codex                   record every case and compare
//   npm run oracle -- --host codex --case pre-       only cases whose id contains "pre-" (repeatable)
//   npm run oracle -- --host codex --replay          compare the recorded fixtures only (no CLI)
//   npm run oracle -- --host codex --no-engine       record only
//   npm run oracle -- --host codex --keep            keep each case's run directory (its path is printed)
//   npm run oracle -- --host codex --no-build        use the built packages as they are
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CASES } from './cases.mjs';
import { caseHash, checkTiming } from './compare.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..', '..');
export const VERSION = '0.171.0';
const FIXTURES = join(HERE, 'fixtures', VERSION);
export const DEFAULT_TOOL = 'echo original';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const filters = argv.flatMap((a, i) => (a === '--case' && argv[i + 1] ? [argv[i + 1]] : []));
const replay = flag('--replay');
const withEngine = !flag('--no-engine');
const keep = flag('--keep');

const selected = CASES.filter((c) => filters.length === 0 || filters.some((f) => c.id.includes(f)));
if (selected.length === 0) {
  console.error(`no case matches ${filters.join(', ')}`);
  process.exit(2);
}

/** A case as the harness plays it: its files, its one shell call (or none), whether the project is trusted. */
const oracleCase = (c) => ({ files: c.files, tool: c.tool === undefined ? DEFAULT_TOOL : c.tool, trusted: c.trusted ?? true });

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
  const run = await harness.codexOracle.runOracleCase(oracleCase(c), { installed, runsDir: harness.runsDir(harness.cacheRoot()), keep });
  const fixture = {
    case: c.id,
    title: c.title,
    covers: c.covers,
    host: { name: 'Codex CLI', version: VERSION },
    caseHash: caseHash(c),
    recordedAt: new Date().toISOString().slice(0, 10),
    observed: run.observation,
    gapsMs: run.gapsMs,
    cli: { exitCode: run.cli.exitCode, signal: run.cli.signal, timedOut: run.cli.timedOut, ms: run.cli.ms, otherTraffic: run.cli.otherTraffic, warnings: run.warnings },
    payloads: run.payloads,
  };
  const problems = [];
  if (run.cli.timedOut) problems.push(`the CLI did not finish in time: ${run.cli.stderrHead}`);
  if (run.cli.otherTraffic.length) problems.push(`the CLI tried to reach something else than the mock: ${JSON.stringify(run.cli.otherTraffic).slice(0, 300)}`);
  problems.push(...checkTiming(c, run.gapsMs[0], 'Codex'));
  mkdirSync(FIXTURES, { recursive: true });
  writeFileSync(join(FIXTURES, `${c.id}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
  if (run.kept) console.log(`    kept ${run.kept}`);
  return { fixture, problems };
}

async function main() {
  const harness = await loadHarness();
  // From hookplay's cache (`npx hookplay hosts install codex@0.171.0`), never installed behind the user's back.
  const installed = replay ? null : harness.requireInstalled('codex', VERSION, harness.cacheRoot());
  let failed = 0;
  const t0 = Date.now();
  for (const c of selected) {
    const problems = [];
    let fixture;
    if (replay) {
      const path = join(FIXTURES, `${c.id}.json`);
      if (!existsSync(path)) {
        console.log(`✗ ${c.id}: no fixture (run without --replay to record it)`);
        failed++;
        continue;
      }
      fixture = JSON.parse(readFileSync(path, 'utf8'));
      if (fixture.caseHash !== caseHash(c)) problems.push('the case changed since its fixture was recorded: re-record it');
    } else {
      const recorded = await record(harness, c, installed);
      fixture = recorded.fixture;
      problems.push(...recorded.problems);
    }
    if (withEngine) {
      const sim = await harness.codexOracle.simulateCodexSession(oracleCase(c));
      problems.push(...harness.codexOracle.compareOracle(fixture.observed, sim.observation));
      problems.push(...checkTiming(c, sim.gapMs, 'hookplay'));
    }
    if (problems.length) {
      failed++;
      console.log(`✗ ${c.id} — ${c.title}`);
      for (const p of problems) console.log(`    ${p}`);
    } else {
      console.log(`✓ ${c.id}`);
    }
  }
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  const mode = replay ? 'replayed' : `recorded against Codex CLI ${VERSION}`;
  console.log(`\n${selected.length - failed}/${selected.length} cases agree (${mode}${withEngine ? '' : ', engine not compared'}) in ${secs} s`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e.message ?? e);
  process.exit(2);
});
