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
 *   - memory under attack (issue 15): the server runs in a child process of its own, and its RSS (VmRSS in
 *     /proc) is sampled every 50 ms while the audit's worst cases run against it: four clients that send
 *     invalid runs and never read, a 100-hook run whose hooks print 2 MiB each, both at once, and 2,000
 *     connection attempts. Target: peak RSS < 300 MB with the four hostile clients and the 100-hook run at once,
 *     idle and again with two CPU hogs (`yes > /dev/null`) running beside it.
 * Usage: node bench/server.mjs [--runs N] [--rss-seconds S] [--no-rss] [--json] [--strict]   (--strict: exit 1 on a MISS)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
const RSS_SECONDS = args.includes('--rss-seconds') ? Number(args[args.indexOf('--rss-seconds') + 1]) || 15 : 15;
const TARGET_RSS_MB = 300;

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
        resolve: (outcome) => (outcome.hooks[0]?.stdout === 'ok\n' ? resolve(performance.now() - t) : reject(new Error('the hook did not run: ' + JSON.stringify(outcome.hooks[0])))),
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

// ─── memory under attack ───────────────────────────────────────────────────────────────────────────────────

const rssMb = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `hookplay`'s server alone in a child process, so its RSS is its own. */
async function childServer() {
  const code = `import { startServer } from ${JSON.stringify(pathToFileURL(START).href)};
    const s = await startServer({ port: 0 });
    console.log(JSON.stringify({ origin: s.origin, token: s.token }));
    process.on('SIGTERM', async () => { await s.close(); process.exit(0); });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const info = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(JSON.parse(out));
    });
    child.once('exit', (c) => reject(new Error(`server exited ${c}`)));
  });
  return { child, ...info };
}

function open(origin, token) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/api/ws`, ['hookplay.v1', `hookplay.token.${token}`], { maxPayload: 256 * 1024 * 1024 });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_q, res) => reject(new Error(`refused ${res.statusCode}`)));
  });
}

/** Samples the server's RSS until `work` settles; returns the peak in MB. */
async function peakDuring(pid, work) {
  let peak = rssMb(pid);
  let done = false;
  const sampler = (async () => {
    while (!done) {
      peak = Math.max(peak, rssMb(pid));
      await sleep(50);
    }
  })();
  try {
    await work();
  } finally {
    done = true;
    await sampler;
  }
  return Math.max(peak, rssMb(pid));
}

/** Four clients that stop reading and send invalid runs (each a problem per long file key) for `seconds`. */
async function hostileClients(origin, token, seconds) {
  const files = {};
  for (let i = 0; i < 100; i++) files[`../escape-${i}-${'x'.repeat(200)}`] = '';
  const invalid = JSON.stringify({ type: 'run', id: 'bad', scenario: { hookplay: 1, dialect: 'mirri', files, event: 'PreToolUse' } });
  const clients = await Promise.all([0, 1, 2, 3].map(() => open(origin, token)));
  let sent = 0;
  let dropped = 0;
  for (const ws of clients) {
    ws._socket.pause();
    ws.once('close', () => dropped++);
  }
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    for (const ws of clients) {
      if (ws.readyState === WebSocket.OPEN && ws.bufferedAmount < 4 * 1024 * 1024) {
        ws.send(invalid);
        sent += invalid.length;
      }
    }
    await sleep(1);
  }
  for (const ws of clients) ws.terminate();
  return { sentMb: sent / 1024 / 1024, clients };
}

/** A run of 100 hooks that print 2 MiB each, read by a normal client; resolves with the outcome's size. */
async function loudRun(origin, token) {
  const toml = Array.from({ length: 100 }, (_, i) => `[[hooks]]\nevent = "PreToolUse"\ncommand = ${JSON.stringify(`head -c 2097152 /dev/zero | tr '\\0' y; : ${i}`)}\ntimeout = 120\n`).join('\n');
  const ws = await open(origin, token);
  const outcomeBytes = await new Promise((resolve, reject) => {
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString());
      if (m.type === 'timeline' && m.event.type === 'outcome') resolve({ bytes: data.length, ran: m.event.outcome.hooks.filter((h) => h.ran).length });
      else if (m.type === 'error' || m.type === 'rejected') reject(new Error(JSON.stringify(m)));
    });
    ws.send(JSON.stringify({ type: 'run', id: 'loud', scenario: { hookplay: 1, dialect: 'mirri', files: { '~/.mirri-code/config.toml': toml }, event: 'PreToolUse', payload: { tool_name: 'Bash', tool_input: { command: 'ls' } } } }));
  });
  ws.close();
  return outcomeBytes;
}

if (!args.includes('--no-rss')) {
  /** Each case on a fresh server: RSS rarely shrinks, so a case run after another would carry its peak. */
  const onFreshServer = async (work) => {
    const s = await childServer();
    try {
      await sleep(300);
      const idle = rssMb(s.child.pid);
      let result;
      const peak = await peakDuring(s.child.pid, async () => (result = await work(s)));
      return { idle, peak, result };
    } finally {
      s.child.kill('SIGTERM');
      await new Promise((r) => s.child.once('exit', r));
    }
  };
  const hostile = await onFreshServer((s) => hostileClients(s.origin, s.token, RSS_SECONDS));
  const loud = await onFreshServer((s) => loudRun(s.origin, s.token));
  const both = await onFreshServer((s) => Promise.all([hostileClients(s.origin, s.token, RSS_SECONDS), loudRun(s.origin, s.token)]));
  // The same with two CPU hogs beside it (a laptop with a browser and an IDE open): a starved server reads its
  // sockets late and collects garbage late, which is when whatever it buffers shows.
  const hogs = [0, 1].map(() => spawn('sh', ['-c', 'exec yes > /dev/null'], { stdio: 'ignore' }));
  let busy;
  try {
    busy = await onFreshServer((s) => Promise.all([hostileClients(s.origin, s.token, RSS_SECONDS), loudRun(s.origin, s.token)]));
  } finally {
    for (const hog of hogs) hog.kill('SIGKILL');
  }
  // 2,000 connection attempts at once: how many the server accepts, and what holding them costs.
  const conns = await onFreshServer(async (s) => {
    const attempts = await Promise.allSettled(Array.from({ length: 2000 }, () => open(s.origin, s.token)));
    const accepted = attempts.filter((a) => a.status === 'fulfilled').map((a) => a.value);
    await sleep(200);
    for (const ws of accepted) ws.terminate();
    return accepted.length;
  });
  const pass = both.peak < TARGET_RSS_MB && busy.peak < TARGET_RSS_MB;
  say(`server RSS (a fresh server in its own process per case, sampled every 50 ms; idle ${hostile.idle.toFixed(0)} MB):`);
  say(`  4 clients sending invalid runs (${hostile.result.sentMb.toFixed(0)} MiB in ${RSS_SECONDS} s) and never reading: peak ${hostile.peak.toFixed(0)} MB   (audit: 1.8 GB in 35 s)`);
  say(`  a 100-hook run printing 2 MiB per hook (${loud.result.ran} ran; outcome message ${(loud.result.bytes / 1024 / 1024).toFixed(1)} MiB): peak ${loud.peak.toFixed(0)} MB   (audit: 1.1 GB, 200 MiB outcome)`);
  say(`  2,000 connection attempts: ${conns.result} accepted (the cap), peak ${conns.peak.toFixed(0)} MB`);
  say(`  server RSS with 4 hostile clients and a 100-hook run at once: peak ${both.peak.toFixed(0)} MB; with two CPU hogs beside it: peak ${busy.peak.toFixed(0)} MB   target < ${TARGET_RSS_MB} MB  ${pass ? 'PASS' : 'MISS'}`);
  if (asJson) console.log(JSON.stringify({ bench: 'server-rss', idleMb: hostile.idle, hostilePeakMb: hostile.peak, loudPeakMb: loud.peak, bothPeakMb: both.peak, busyPeakMb: busy.peak, acceptedOf2000: conns.result, pass }, null, 2));
  if (strict && !pass) process.exitCode = 1;
}
