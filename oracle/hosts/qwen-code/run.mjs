#!/usr/bin/env node
// `npm run oracle -- --host qwen-code`: differential testing of hookplay's qwen-code dialect against the real
// Qwen Code CLI (@qwen-code/qwen-code, installed into .cli/<version>, gitignored).
//
// For every case in cases.mjs: run `qwen "do it" --yolo -o stream-json` offline against a local chat-completions
// mock (every proxy variable points at it; it refuses and reports any other traffic), observe what the host did,
// record oracle/hosts/qwen-code/fixtures/<version>/<case>.json, run the same session through hookplay's engine and
// report every difference. `npm test` replays the fixtures without the CLI
// (packages/engine/test/qwen-code/oracle-replay.test.ts).
//
//   npm run oracle -- --host qwen-code                 record every case and compare
//   npm run oracle -- --host qwen-code --case stop-    only cases whose id contains "stop-" (repeatable)
//   npm run oracle -- --host qwen-code --replay        compare the recorded fixtures only (no CLI)
//   ... --no-engine (record only), --keep (keep each run directory under .runs/), --jobs N (parallel cases)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CASES } from './cases.mjs';
import { ensureCli, runCli, writeFiles } from './lib/cli.mjs';
import { caseHash, checkTiming, compareObservations } from './lib/compare.mjs';
import { startMockChat } from './lib/mock-chat.mjs';
import { observe } from './lib/observe.mjs';
import { writeProbes } from './lib/probe.mjs';

const HOST_DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(dirname(dirname(HOST_DIR)));
export const VERSION = '0.24.4';
const FIXTURES = join(HOST_DIR, 'fixtures', VERSION);
const RUNS = join(HOST_DIR, '.runs');

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const values = (name) => argv.flatMap((a, i) => (a === name && argv[i + 1] ? [argv[i + 1]] : []));
const filters = values('--case');
const replay = flag('--replay');
const withEngine = !flag('--no-engine');
const keep = flag('--keep');
const jobs = Math.max(1, Number(values('--jobs')[0] ?? 1));

const selected = CASES.filter((c) => filters.length === 0 || filters.some((f) => c.id.includes(f)));
if (selected.length === 0) {
  console.error(`no case matches ${filters.join(', ')}`);
  process.exit(2);
}

export const DEFAULT_TOOL = { command: 'echo original', description: 'run it' };

/** Replies of the mocked model: one run_shell_command call first (unless the case has none), then final texts. */
export function modelScript(c) {
  const tool = c.tool === undefined ? DEFAULT_TOOL : c.tool;
  return (n) => (n === 1 && tool ? { type: 'tool', name: 'run_shell_command', args: tool } : { type: 'text', text: `FINAL_TEXT_${n}` });
}

async function record(c, entry) {
  const root = join(RUNS, c.id);
  rmSync(root, { recursive: true, force: true });
  const home = join(root, 'home');
  const project = join(root, 'proj');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  writeFiles(c.files, home, project);
  const env = writeProbes(root);
  const mock = await startMockChat(modelScript(c));
  let run;
  try {
    run = await runCli({ entry, root, home, project, mockUrl: mock.url, env, timeoutMs: 120_000 });
  } finally {
    await mock.close();
  }
  const seen = observe({ stdout: run.stdout, requests: mock.requests, project, home, root });
  const fixture = {
    case: c.id,
    title: c.title,
    covers: c.covers,
    host: { name: 'Qwen Code', version: VERSION },
    caseHash: caseHash(c),
    recordedAt: new Date().toISOString().slice(0, 10),
    observed: seen.observation,
    gapsMs: seen.gapsMs,
    cli: { exitCode: run.code, signal: run.signal, timedOut: run.timedOut, ms: run.ms, otherTraffic: mock.other, stderr: run.stderr.split(root).join('$ROOT').replace(/^Ripgrep not available[^\n]*\n/m, '').slice(0, 2000) },
    probes: seen.payloads,
  };
  const problems = [];
  if (run.timedOut) problems.push(`the CLI did not finish in time: ${run.stderr.trim().slice(0, 500)}`);
  if (mock.other.length) problems.push(`the CLI tried to reach something else than the mock: ${JSON.stringify(mock.other).slice(0, 300)}`);
  problems.push(...checkTiming(c, seen.gapsMs[0], 'Qwen Code'));
  mkdirSync(FIXTURES, { recursive: true });
  writeFileSync(join(FIXTURES, `${c.id}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
  if (keep) writeFileSync(join(root, 'run.json'), JSON.stringify({ requests: mock.requests, stdout: run.stdout, stderr: run.stderr }, null, 1));
  else rmSync(root, { recursive: true, force: true });
  return { fixture, problems };
}

async function loadEngine() {
  const built = join(ROOT, 'packages/engine/dist/session/oracle/qwen-code.js');
  if (!flag('--no-build')) {
    const r = spawnSync('npm', ['run', 'build', '--workspace', '@hookplay/engine'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error('building @hookplay/engine failed');
  }
  if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  return import(pathToFileURL(built).href);
}

async function one(c, entry, engine) {
  const problems = [];
  let fixture;
  if (replay) {
    const path = join(FIXTURES, `${c.id}.json`);
    if (!existsSync(path)) return [`no fixture (run without --replay to record it)`];
    fixture = JSON.parse(readFileSync(path, 'utf8'));
    if (fixture.caseHash !== caseHash(c)) problems.push('the case changed since its fixture was recorded: re-record it');
  } else {
    const recorded = await record(c, entry);
    fixture = recorded.fixture;
    problems.push(...recorded.problems);
  }
  if (engine) {
    const sim = await engine.simulateSession({ files: c.files, tool: c.tool, ...(c.host?.trusted === false ? { trusted: false } : {}), version: VERSION });
    problems.push(...compareObservations(fixture.observed, sim.observation));
    problems.push(...checkTiming(c, sim.gapMs, 'hookplay'));
  }
  return problems;
}

async function main() {
  const entry = replay ? null : ensureCli(VERSION);
  const engine = withEngine ? await loadEngine() : null;
  let failed = 0;
  const t0 = Date.now();
  const queue = [...selected];
  const worker = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      const problems = await one(c, entry, engine);
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
  console.log(`\n${selected.length - failed}/${selected.length} cases agree (${mode}${engine ? '' : ', engine not compared'}) in ${secs} s`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
