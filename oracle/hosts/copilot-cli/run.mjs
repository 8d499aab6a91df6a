#!/usr/bin/env node
// `npm run oracle -- --host copilot-cli`: differential testing of hookplay's copilot-cli dialect against the real
// GitHub Copilot CLI.
//
// For every case in cases.mjs: run `copilot -p` offline (BYOK against a local mock of the chat completions API,
// COPILOT_OFFLINE, every proxy variable pointing at the mock), observe what the host did, record it as
// fixtures/<version>/<case>.json, then run the same session through hookplay's engine and report every
// disagreement. `npm test` replays the fixtures without the CLI (packages/engine/test/copilot-cli/oracle-replay.test.ts).
//
//   npm run oracle -- --host copilot-cli                 record every case and compare
//   npm run oracle -- --host copilot-cli --case pre-     only cases whose id contains "pre-" (repeatable)
//   npm run oracle -- --host copilot-cli --replay        compare the recorded fixtures only (no CLI)
//   npm run oracle -- --host copilot-cli --no-engine     record only
//   npm run oracle -- --host copilot-cli --keep          keep each case's run directory under .runs/
//   npm run oracle -- --host copilot-cli --missing       record only cases whose fixture is missing or stale
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CASES } from './cases.mjs';
import { ensureCli, runCli, writeFiles } from './cli.mjs';
import { caseHash, compareObservations } from './compare.mjs';
import { startMockChat } from './mock-chat.mjs';
import { observe } from './observe.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..', '..');
export const VERSION = '1.0.102';
const FIXTURES = join(HERE, 'fixtures', VERSION);
const RUNS = join(HERE, '.runs');

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

/** Replies of the mocked model: one bash tool call first (unless the case has none), then final texts. */
export function modelScript(c) {
  const tool = c.tool === undefined ? { command: 'echo original', description: 'run the command' } : c.tool;
  return (n) => (n === 1 && tool ? { type: 'tool', name: 'bash', args: tool } : { type: 'text', text: `FINAL_TEXT_${n}` });
}

async function record(c, bin) {
  const root = join(RUNS, c.id);
  rmSync(root, { recursive: true, force: true });
  const home = join(root, 'home');
  const project = join(root, 'proj');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  // Copilot looks for the repository root; a git repo keeps it at the project.
  execFileSync('git', ['init', '-q', '.'], { cwd: project });
  writeFiles(c.files, home, project);
  const logFile = join(root, 'hooks.log');
  const mock = await startMockChat(modelScript(c));
  let run;
  try {
    run = await runCli({
      bin,
      root,
      home,
      project,
      mockUrl: mock.url,
      prompt: c.prompt ?? 'do it',
      args: c.trusted === false ? [] : ['--trust-folder'],
      env: { ORACLE_LOG: logFile, ...(c.env ?? {}) },
    });
  } finally {
    await mock.close();
  }
  const observed = observe({ stdout: run.stdout, requests: mock.requests, logFile, project, home, exitCode: run.code });
  const fixture = {
    case: c.id,
    title: c.title,
    covers: c.covers,
    host: { name: 'Copilot CLI', version: VERSION },
    caseHash: caseHash(c),
    recordedAt: new Date().toISOString().slice(0, 10),
    observed,
    cli: { exitCode: run.code, signal: run.signal, timedOut: run.timedOut, ms: run.ms, otherTraffic: mock.other },
  };
  const problems = [];
  if (run.timedOut) problems.push(`the CLI timed out: ${run.stderr.trim().slice(0, 500)}`);
  if (mock.other.length) problems.push(`the CLI tried to reach something else than the mock: ${JSON.stringify(mock.other).slice(0, 300)}`);
  mkdirSync(FIXTURES, { recursive: true });
  writeFileSync(join(FIXTURES, `${c.id}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
  if (keep) writeFileSync(join(root, 'requests.json'), JSON.stringify({ requests: mock.requests, stdout: run.stdout, stderr: run.stderr }, null, 1));
  else rmSync(root, { recursive: true, force: true });
  return { fixture, problems };
}

async function loadEngine() {
  const built = join(ROOT, 'packages/engine/dist/session/oracle/copilot-cli.js');
  if (!flag('--no-build')) {
    const r = spawnSync('npm', ['run', 'build', '--workspace', '@hookplay/engine'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error('building @hookplay/engine failed');
  }
  if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  return import(pathToFileURL(built).href);
}

export function sessionOf(c) {
  return { files: c.files, ...(c.tool !== undefined ? { tool: c.tool } : {}), trusted: c.trusted !== false, ...(c.env ? { env: c.env } : {}), ...(c.prompt ? { prompt: c.prompt } : {}) };
}

async function main() {
  const bin = replay ? null : ensureCli(VERSION);
  if (missing && !replay) console.log('recording only cases whose fixture is missing or stale');
  const engine = withEngine ? await loadEngine() : null;
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
      const recorded = await record(c, bin);
      fixture = recorded.fixture;
      problems.push(...recorded.problems);
    }
    if (engine) {
      const sim = await engine.simulateSession(sessionOf(c));
      problems.push(...compareObservations(fixture.observed, sim.observation));
    }
    if (problems.length) {
      failed++;
      console.log(`✗ ${c.id} — ${c.title}`);
      for (const p of problems) console.log(`    ${p}`);
    } else console.log(`✓ ${c.id}`);
  }
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(`\n${selected.length - failed}/${selected.length} cases agree (${replay ? 'replayed' : `recorded against Copilot CLI ${VERSION}`}${engine ? '' : ', engine not compared'}) in ${secs} s`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
