#!/usr/bin/env node
/**
 * What the WebSocket adds to a run, measured on the BUILT server and engine (`npm run build` first).
 * Starts the real server on port 0 in this process, connects with `ws` (token subprotocol, no Origin header),
 * and times a one-hook Mirri scenario from sending `{type:'run'}` to receiving the `timeline` message whose
 * event is the outcome, against `runScenario` called directly in-process, interleaved run by run.
 *   - latency: median and p95 of both; target: the WebSocket path adds < 5 ms at the median. The direct figure
 *     the target uses is the time to the outcome event (what a WebSocket client waits for too); the time to
 *     runScenario's promise (which also includes removing the temp dir) is shown beside it.
 *   - throughput: runs/s over the WebSocket with one run in flight and with the per-connection maximum.
 * Client and server share this process (and its event loop), as a browser tab and `hookplay serve` do not:
 * the figures include the client's framing and parsing as well.
 * Usage: node bench/server.mjs [--runs N] [--json] [--strict]   (--strict: exit 1 on a MISS)
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENGINE = `${ROOT}packages/engine/dist/index.js`;
const START = `${ROOT}apps/server/dist/server/start.js`;
for (const [path, what] of [
  [ENGINE, 'packages/engine/dist'],
  [START, 'apps/server/dist'],
]) {
  if (!existsSync(path)) {
    process.stderr.write(`bench/server.mjs: ${what} is missing: run \`npm run build\` first\n`);
    process.exit(2);
  }
}
const { parseScenario, runScenario } = await import(pathToFileURL(ENGINE).href);
const { startServer } = await import(pathToFileURL(START).href);
const { default: WebSocket } = await import('ws');

const args = process.argv.slice(2);
const RUNS = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) || 200 : 200;
const asJson = args.includes('--json');
const strict = args.includes('--strict');
const TARGET_ADDED_MS = 5;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(0.95 * xs.length) - 1)];
const ms = (x) => `${x.toFixed(2)} ms`.padStart(9);
const say = (line) => asJson || console.log(line);

const scenario = parseScenario({
  hookplay: 1,
  dialect: 'mirri',
  files: { '~/.mirri-code/config.toml': '[[hooks]]\nevent = "Stop"\ncommand = "echo ok"\n' },
  event: 'Stop',
  payload: { stop_hook_active: false },
});

const server = await startServer({ port: 0 });
const directDir = mkdtempSync(join(tmpdir(), 'hookplay-bench-server-'));
let ws;
try {
  const wsUrl = `${server.origin.replace(/^http/, 'ws')}/api/ws`;
  // `ws` sends no Origin header unless told to; the token goes in a subprotocol, as the web app does.
  ws = new WebSocket(wsUrl, ['hookplay.v1', `hookplay.token.${server.token}`]);
  const waiting = new Map();
  let hello;
  const helloSeen = new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.type === 'hello') {
        hello = message;
        return resolve();
      }
      const w = waiting.get(message.id);
      if (!w) return;
      if (message.type === 'timeline' && message.event.type === 'outcome') {
        waiting.delete(message.id);
        w.resolve(message.event.outcome);
      } else if (message.type !== 'timeline') {
        waiting.delete(message.id);
        w.reject(new Error(`run ${message.id}: ${JSON.stringify(message)}`));
      }
    });
  });
  await helloSeen;

  let nextId = 0;
  /** Sends one run; resolves with the latency to its outcome message. */
  const wsRun = () =>
    new Promise((resolve, reject) => {
      const id = `b${nextId++}`;
      const t = performance.now();
      waiting.set(id, {
        resolve: (outcome) => (outcome.hooks[0]?.stdout === 'ok\n' ? resolve(performance.now() - t) : reject(new Error('the hook did not run'))),
        reject,
      });
      ws.send(JSON.stringify({ type: 'run', id, scenario }));
    });
  /** One in-process run: time to the outcome event, and to the promise. */
  const directRun = async () => {
    const t = performance.now();
    let toOutcome = 0;
    const outcome = await runScenario(scenario, {
      tmpDir: directDir,
      onEvent: (e) => {
        if (e.type === 'outcome') toOutcome = performance.now() - t;
      },
    });
    if (outcome.hooks[0]?.stdout !== 'ok\n') throw new Error('the hook did not run');
    return { toOutcome, toResolve: performance.now() - t };
  };

  /**
   * The server removes a run's directory after sending its outcome: wait for that before the next timed run,
   * so neither path is measured while the other's cleanup still runs.
   */
  const quiet = async () => {
    const end = performance.now() + 500;
    while (readdirSync(server.runDir).length > 0 && performance.now() < end) await new Promise((r) => setTimeout(r, 1));
  };

  const warmup = Math.max(10, Math.round(RUNS / 10));
  for (let i = 0; i < warmup; i++) {
    await wsRun();
    await directRun();
  }
  const wsTimes = [];
  const outcomeTimes = [];
  const resolveTimes = [];
  for (let i = 0; i < RUNS; i++) {
    // Alternate which goes first, so drifting load hits both alike.
    const order = i % 2 ? ['ws', 'direct'] : ['direct', 'ws'];
    for (const k of order) {
      await quiet();
      if (k === 'ws') wsTimes.push(await wsRun());
      else {
        const d = await directRun();
        outcomeTimes.push(d.toOutcome);
        resolveTimes.push(d.toResolve);
      }
    }
  }

  // Throughput over the WebSocket: one run in flight, and the per-connection maximum, in alternating blocks
  // (load from other processes drifts; blocks spread it over both).
  const block = async (inFlight, total) => {
    const t = performance.now();
    let started = 0;
    const worker = async () => {
      while (started < total) {
        started++;
        await wsRun();
      }
    };
    await Promise.all(Array.from({ length: inFlight }, worker));
    return performance.now() - t;
  };
  const maxInFlight = Math.max(1, Math.min(hello.limits.maxRunsPerConnection, hello.limits.maxRunsTotal));
  const BLOCKS = 4;
  const perBlock = Math.max(10, Math.round(RUNS / BLOCKS));
  let spent1 = 0;
  let spentN = 0;
  for (let b = 0; b < BLOCKS; b++) {
    await quiet();
    spent1 += await block(1, perBlock);
    await quiet();
    spentN += await block(maxInFlight, perBlock);
  }
  const tput1 = (BLOCKS * perBlock) / (spent1 / 1000);
  const tputN = (BLOCKS * perBlock) / (spentN / 1000);

  const added = median(wsTimes) - median(outcomeTimes);
  const pass = added < TARGET_ADDED_MS;
  say(`bench/server.mjs — Node ${process.version}, ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  say(`one-hook Mirri run (\`echo ok\`), ${RUNS} runs each after ${warmup} warm-up, interleaved:`);
  say(`  WebSocket: send run → outcome message     median ${ms(median(wsTimes))}   p95 ${ms(p95(wsTimes))}`);
  say(`  in-process runScenario → outcome event    median ${ms(median(outcomeTimes))}   p95 ${ms(p95(outcomeTimes))}`);
  say(`  in-process runScenario → promise resolved median ${ms(median(resolveTimes))}   p95 ${ms(p95(resolveTimes))}   (includes removing the temp dir, which the server does after sending the outcome)`);
  say(`  added by the WebSocket path (median vs outcome event): ${added.toFixed(2)} ms   target < ${TARGET_ADDED_MS} ms  ${pass ? 'PASS' : 'MISS'}`);
  say(`throughput over one WebSocket: ${tput1.toFixed(0)} runs/s with 1 in flight, ${tputN.toFixed(0)} runs/s with ${maxInFlight} in flight (the per-connection limit); no target, and sensitive to other load on this machine`);
  if (asJson) {
    console.log(
      JSON.stringify(
        {
          bench: 'server',
          runs: RUNS,
          wsMs: { median: median(wsTimes), p95: p95(wsTimes) },
          directToOutcomeMs: { median: median(outcomeTimes), p95: p95(outcomeTimes) },
          directToResolveMs: { median: median(resolveTimes), p95: p95(resolveTimes) },
          addedMs: added,
          runsPerSecond: { 1: tput1, [maxInFlight]: tputN },
          pass,
        },
        null,
        2,
      ),
    );
  }
  if (strict && !pass) process.exitCode = 1;
} finally {
  ws?.close();
  await server.close();
  rmSync(directDir, { recursive: true, force: true });
}
