#!/usr/bin/env node
// `npm run oracle -- --host cline`: differential testing of hookplay's cline dialect against the real Cline CLI, on
// the shared real-host harness (packages/real-host, src/hosts/cline): the CLI from hookplay's cache
// (`npx hookplay hosts install cline@3.0.65`), jailed in its own network namespace whose one endpoint is the
// chat-completions mock, read by the Cline adapter. What is this oracle's own: its cases (cases.mjs), their hash
// (compare.mjs) and the fixtures (fixtures/<version>/<case>.json), which `npm test` replays
// (packages/real-host/test/cline-oracle-replay.test.ts).
//
//   npm run oracle -- --host cline                 record every case and compare
//   npm run oracle -- --host cline --case pre-     only cases whose id contains "pre-" (repeatable)
//   npm run oracle -- --host cline --replay        compare the recorded fixtures only (no CLI)
//   npm run oracle -- --host cline --missing       record only cases whose fixture is missing or stale
//   npm run oracle -- --host cline --no-engine     record only
//   npm run oracle -- --host cline --keep          keep each case's run directory (its path is printed)
//   npm run oracle -- --host cline --jobs 2        two cases at once
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CASES } from './cases.mjs';
import { caseHash } from './compare.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..', '..');
export const VERSION = '3.0.65';
const FIXTURES = join(HERE, 'fixtures', VERSION);

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const values = (name) => argv.flatMap((a, i) => (a === name && argv[i + 1] ? [argv[i + 1]] : []));
const filters = values('--case');
const replay = flag('--replay');
const missing = flag('--missing');
const withEngine = !flag('--no-engine');
const keep = flag('--keep');
const jobs = Math.max(1, Math.min(2, Number(values('--jobs')[0] ?? 1)));

const selected = CASES.filter((c) => filters.length === 0 || filters.some((f) => c.id.includes(f)));
if (selected.length === 0) {
  console.error(`no case matches ${filters.join(', ')}`);
  process.exit(2);
}

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

/** The telemetry and feature-flag hosts the CLI reaches for on every run, refused by the mock (not the case's doing). */
const ALWAYS = new Set(['otel.cline.bot:443', 'data.cline.bot:443']);

async function record(harness, c, installed) {
  const { clineHost: host } = harness;
  const session = host.oracleSession(c);
  const script = host.scriptOf(session);
  if (script.problems) throw new Error(script.problems.map((p) => `${p.path}: ${p.message}`).join('; '));
  const run = await host.runOnCline(session, script, { installed, runsDir: harness.runsDir(), timeoutMs: c.timeoutMs ?? 90_000, ...(keep ? { keep: true } : {}) });
  const fixture = {
    case: c.id,
    title: c.title,
    covers: c.covers,
    host: { name: 'Cline CLI', version: VERSION },
    caseHash: caseHash(c),
    recordedAt: new Date().toISOString().slice(0, 10),
    observed: run.observation,
    cli: { exitCode: run.cli.exitCode, signal: run.cli.signal, timedOut: run.cli.timedOut, ms: run.cli.ms, otherTraffic: run.cli.otherTraffic },
  };
  const problems = [];
  if (run.cli.timedOut) problems.push(`the CLI timed out: ${run.cli.stderrHead}`);
  const other = run.cli.otherTraffic.filter((o) => !ALWAYS.has(o.url ?? ''));
  if (other.length) problems.push(`the CLI tried to reach something else than the mock: ${JSON.stringify(other).slice(0, 300)}`);
  mkdirSync(FIXTURES, { recursive: true });
  writeFileSync(join(FIXTURES, `${c.id}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
  if (run.kept) console.log(`    kept ${run.kept}`);
  return { fixture, problems };
}

async function one(harness, c, installed) {
  const problems = [];
  const path = join(FIXTURES, `${c.id}.json`);
  const upToDate = existsSync(path) && JSON.parse(readFileSync(path, 'utf8')).caseHash === caseHash(c);
  let fixture;
  if (replay || (missing && upToDate)) {
    if (!existsSync(path)) return ['no fixture (run without --replay to record it)'];
    fixture = JSON.parse(readFileSync(path, 'utf8'));
    if (fixture.caseHash !== caseHash(c)) problems.push('the case changed since its fixture was recorded: re-record it');
  } else {
    const recorded = await record(harness, c, installed);
    fixture = recorded.fixture;
    problems.push(...recorded.problems);
  }
  if (withEngine) {
    const session = harness.clineHost.oracleSession(c);
    const played = await harness.clineHost.emulateCline(session, harness.clineHost.scriptOf(session), tmpdir());
    for (const d of harness.clineHost.compareCline(fixture.observed, played.observation)) problems.push(`${d.path} (${d.what}): Cline ${JSON.stringify(d.real)?.slice(0, 600)} | hookplay ${JSON.stringify(d.emulated)?.slice(0, 600)}`);
  }
  return problems;
}

async function main() {
  const harness = await loadHarness();
  // Recording needs the CLI in the user's cache; hookplay never installs it by itself.
  const installed = replay ? null : harness.requireInstalled('cline', VERSION);
  let failed = 0;
  const t0 = Date.now();
  const queue = [...selected];
  await Promise.all(
    Array.from({ length: jobs }, async () => {
      for (let c = queue.shift(); c; c = queue.shift()) {
        let problems;
        try {
          problems = await one(harness, c, installed);
        } catch (e) {
          problems = [`could not run: ${e.message}`];
        }
        if (problems.length) {
          failed++;
          console.log(`✗ ${c.id} — ${c.title}`);
          for (const p of problems) console.log(`    ${p}`);
        } else console.log(`✓ ${c.id}`);
      }
    }),
  );
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(`\n${selected.length - failed}/${selected.length} cases agree (${replay ? 'replayed' : `recorded against Cline CLI ${VERSION}`}${withEngine ? '' : ', engine not compared'}) in ${secs} s`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e.message ?? e);
  process.exit(2);
});
