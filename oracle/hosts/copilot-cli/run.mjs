#!/usr/bin/env node
// `npm run oracle -- --host copilot-cli`: differential testing of hookplay's copilot-cli dialect against the real
// GitHub Copilot CLI, on the shared real-host harness (packages/real-host): the CLI installed in the user's cache
// (`npx hookplay hosts install copilot-cli@1.0.102`), run in its own network namespace against the shared mock of the
// chat completions API, read by the Copilot adapter. What is this oracle's own: its cases (cases.mjs), their
// `@hook <event>` log lines (counted from $ORACLE_LOG on both sides) and the fixtures' shape (compare.mjs).
//
//   npm run oracle -- --host copilot-cli                 record every case and compare
//   npm run oracle -- --host copilot-cli --case pre-     only cases whose id contains "pre-" (repeatable)
//   npm run oracle -- --host copilot-cli --replay        compare the recorded fixtures only (no CLI)
//   npm run oracle -- --host copilot-cli --no-engine     record only
//   npm run oracle -- --host copilot-cli --keep          keep each case's run directory (its path is printed)
//   npm run oracle -- --host copilot-cli --missing       record only cases whose fixture is missing or stale
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CASES } from './cases.mjs';
import { caseHash, compareObservations } from './compare.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..', '..');
export const VERSION = '1.0.102';
const FIXTURES = join(HERE, 'fixtures', VERSION);

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const filters = argv.flatMap((a, i) => (a === '--case' && argv[i + 1] ? [argv[i + 1]] : []));
const replay = flag('--replay');
const withEngine = !flag('--no-engine');
const keep = flag('--keep');
// --missing: record only cases without a fixture for their current definition (the rest are replayed).
const missing = flag('--missing');

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
  const { copilotCliHost: host } = harness;
  const session = host.oracleSession(c);
  // The cases' hooks log `@hook <event>` to $ORACLE_LOG: a file outside the run, read after it.
  const logDir = mkdtempSync(join(tmpdir(), 'hookplay-copilot-oracle-'));
  const logFile = join(logDir, 'hooks.log');
  const played = { ...session, host: { ...session.host, env: { ...c.env, ORACLE_LOG: logFile } } };
  const script = host.scriptOf(played, { oracleReplies: true });
  if (script.problems) throw new Error(script.problems.map((p) => `${p.path}: ${p.message}`).join('; '));
  let run;
  try {
    run = await host.runOnCopilot(played, script, { installed, runsDir: harness.runsDir(), timeoutMs: 90_000, ...(keep ? { keep: true } : {}) });
  } catch (e) {
    rmSync(logDir, { recursive: true, force: true });
    throw e;
  }
  const logged = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
  rmSync(logDir, { recursive: true, force: true });
  const observed = host.asOracleObservation(run.observation, host.countLogged(logged));
  const fixture = {
    case: c.id,
    title: c.title,
    covers: c.covers,
    host: { name: 'Copilot CLI', version: VERSION },
    caseHash: caseHash(c),
    recordedAt: new Date().toISOString().slice(0, 10),
    observed,
    cli: { exitCode: run.cli.exitCode, signal: run.cli.signal, timedOut: run.cli.timedOut, ms: run.cli.ms, otherTraffic: run.cli.otherTraffic },
  };
  const problems = [];
  if (run.cli.timedOut) problems.push(`the CLI timed out: ${run.cli.stderrHead}`);
  if (run.cli.otherTraffic.length) problems.push(`the CLI tried to reach something else than the mock: ${JSON.stringify(run.cli.otherTraffic).slice(0, 300)}`);
  mkdirSync(FIXTURES, { recursive: true });
  writeFileSync(join(FIXTURES, `${c.id}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
  if (run.kept) console.log(`    kept ${run.kept}`);
  return { fixture, problems };
}

async function main() {
  const harness = await loadHarness();
  // Recording needs the CLI in the user's cache; hookplay never installs it by itself.
  const installed = replay ? null : harness.requireInstalled('copilot-cli', VERSION);
  if (missing && !replay) console.log('recording only cases whose fixture is missing or stale');
  let failed = 0;
  const t0 = Date.now();
  for (const c of selected) {
    const problems = [];
    let fixture;
    const path = join(FIXTURES, `${c.id}.json`);
    const upToDate = existsSync(path) && JSON.parse(readFileSync(path, 'utf8')).caseHash === caseHash(c);
    if (replay || (missing && upToDate)) {
      if (!existsSync(path)) {
        console.log(`✗ ${c.id}: no fixture (run without --replay to record it)`);
        failed++;
        continue;
      }
      fixture = JSON.parse(readFileSync(path, 'utf8'));
      if (fixture.caseHash !== caseHash(c)) problems.push('the case changed since its fixture was recorded: re-record it');
    } else {
      const recorded = await record(c, harness, installed);
      fixture = recorded.fixture;
      problems.push(...recorded.problems);
    }
    if (withEngine) {
      const sim = await harness.copilotCliHost.simulateSession(c);
      problems.push(...compareObservations(fixture.observed, sim.observation));
    }
    if (problems.length) {
      failed++;
      console.log(`✗ ${c.id} — ${c.title}`);
      for (const p of problems) console.log(`    ${p}`);
    } else console.log(`✓ ${c.id}`);
  }
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(`\n${selected.length - failed}/${selected.length} cases agree (${replay ? 'replayed' : `recorded against Copilot CLI ${VERSION}`}${withEngine ? '' : ', engine not compared'}) in ${secs} s`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e.message ?? e);
  process.exit(2);
});
