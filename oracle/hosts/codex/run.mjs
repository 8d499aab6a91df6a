#!/usr/bin/env node
// `npm run oracle -- --host codex`: differential testing of hookplay's codex dialect against the real Codex CLI.
//
// For every case in cases.mjs: run `codex exec "do it"` offline (a local mock of the Responses API, every proxy
// variable pointing at it), observe what the host did, record it as a fixture (fixtures/<version>/<case>.json),
// then run the same session through hookplay's engine and report every disagreement. `npm test` replays the
// fixtures without the CLI (packages/engine/test/codex/oracle-replay.test.ts).
//
//   npm run oracle -- --host codex                   record every case and compare
//   npm run oracle -- --host codex --case pre-       only cases whose id contains "pre-" (repeatable)
//   npm run oracle -- --host codex --replay          compare the recorded fixtures only (no CLI)
//   npm run oracle -- --host codex --no-engine       record only
//   npm run oracle -- --host codex --keep            keep each case's run directory under $TMPDIR/hookplay-codex-oracle/
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CASES } from './cases.mjs';
import { ensureCli, OPENAI_API_KEY, runCodex, writeFiles } from './cli.mjs';
import { caseHash, checkTiming, compareObservations } from './compare.mjs';
import { startMockResponses } from './mock-responses.mjs';
import { normalizer, observe } from './observe.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..', '..');
export const VERSION = '0.171.0';
const FIXTURES = join(HERE, 'fixtures', VERSION);
// Outside any git repository: codex takes a repository's root as the project, so a run inside this one would
// look for project hooks in the wrong place.
const RUNS = join(tmpdir(), 'hookplay-codex-oracle');
const PROMPT = 'do it';
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

/** The mocked model: one exec_command call first (unless the case has none), then final texts. */
function modelScript(c) {
  const tool = c.tool === undefined ? DEFAULT_TOOL : c.tool;
  return (n, body) => {
    const answered = (body?.input ?? []).some((i) => i.type === 'function_call_output');
    return tool && !answered ? { type: 'tool', command: tool } : { type: 'text', text: `FINAL_TEXT_${n}` };
  };
}

async function record(c, bin) {
  mkdirSync(RUNS, { recursive: true });
  const root = join(realpathSync(RUNS), c.id);
  rmSync(root, { recursive: true, force: true });
  const home = join(root, 'home');
  const project = join(root, 'proj');
  const probeDir = join(root, 'probe');
  for (const d of [home, project, probeDir]) mkdirSync(d, { recursive: true });
  writeFiles(c.files, home, project);
  const mock = await startMockResponses(modelScript(c));
  let run;
  try {
    run = await runCodex({ bin, root, home, project, mockUrl: mock.url, bashEnv: join(HERE, 'probe.sh'), probeDir, prompt: PROMPT, trusted: c.trusted ?? true, timeoutMs: 90_000 });
  } finally {
    await mock.close();
  }
  const norm = normalizer([
    [project, '$PROJECT'],
    [home, '$HOME'],
    [root, '$ROOT'],
  ]);
  const seen = observe({ stdout: run.stdout, stderr: run.stderr, exitCode: run.code, requests: mock.requests, probeDir, prompt: PROMPT, norm, asked: (c.tool === undefined ? DEFAULT_TOOL : c.tool) !== null });
  const fixture = {
    case: c.id,
    title: c.title,
    covers: c.covers,
    host: { name: 'Codex CLI', version: VERSION },
    caseHash: caseHash(c),
    recordedAt: new Date().toISOString().slice(0, 10),
    observed: seen.observation,
    gapsMs: seen.gapsMs,
    cli: { exitCode: run.code, signal: run.signal, timedOut: run.timedOut, ms: run.ms, otherTraffic: mock.other, warnings: seen.warnings },
    payloads: seen.payloads,
  };
  const problems = [];
  if (run.timedOut) problems.push(`the CLI did not finish in time: ${run.stderr.trim().slice(0, 500)}`);
  if (mock.other.length) problems.push(`the CLI tried to reach something else than the mock: ${JSON.stringify(mock.other).slice(0, 300)}`);
  problems.push(...checkTiming(c, seen.gapsMs[0], 'Codex'));
  mkdirSync(FIXTURES, { recursive: true });
  writeFileSync(join(FIXTURES, `${c.id}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
  if (keep) writeFileSync(join(root, 'run.json'), JSON.stringify({ requests: mock.requests, stdout: run.stdout, stderr: run.stderr }, null, 1));
  else rmSync(root, { recursive: true, force: true });
  return { fixture, problems };
}

async function loadEngine() {
  const built = join(ROOT, 'packages/engine/dist/session/oracle/codex.js');
  if (!flag('--no-build')) {
    const r = spawnSync('npm', ['run', 'build', '--workspace', '@hookplay/engine'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error('building @hookplay/engine failed');
  }
  if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  return import(pathToFileURL(built).href);
}

async function main() {
  const bin = replay ? null : ensureCli(VERSION);
  const engine = withEngine ? await loadEngine() : null;
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
      const recorded = await record(c, bin);
      fixture = recorded.fixture;
      problems.push(...recorded.problems);
    }
    if (engine) {
      const sim = await engine.simulateCodexSession({ files: c.files, tool: c.tool === undefined ? DEFAULT_TOOL : c.tool, trusted: c.trusted ?? true, prompt: PROMPT, env: { OPENAI_API_KEY: OPENAI_API_KEY } });
      problems.push(...compareObservations(fixture.observed, sim.observation));
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
  console.log(`\n${selected.length - failed}/${selected.length} cases agree (${mode}${engine ? '' : ', engine not compared'}) in ${secs} s`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
