#!/usr/bin/env node
/**
 * The team server's figures, on the BUILT packages (`npm run build` first):
 *   1. the sandbox's cost per hook: a one-hook Mirri runScenario with `sandbox` against the same run without,
 *      interleaved, medians of many runs; target: at most 10 ms added per hook.
 *   2. a load test of the queue path: one server, two `hookplay worker` processes on a real Redis (started here
 *      on loopback; skipped when redis-server is missing), many concurrent WebSocket clients each running
 *      scenarios back to back. Reported: throughput, p50/p95 latency (run sent to outcome received), runs lost
 *      (sent but not ended with an outcome: target 0) and processes left afterwards (target 0).
 * Usage: node bench/team.mjs [--runs N] [--clients N] [--per-client N] [--strict]   (--strict: exit 1 on a MISS)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENGINE = `${ROOT}packages/engine/dist/index.js`;
const SERVER = `${ROOT}apps/server/dist/server/start.js`;
const QUEUE = `${ROOT}apps/server/dist/server/queue/client.js`;
const CLI = `${ROOT}apps/server/dist/cli.js`;
for (const f of [ENGINE, SERVER, QUEUE]) {
  if (!existsSync(f)) {
    process.stderr.write(`bench/team.mjs: ${f} is missing: run \`npm run build\` first\n`);
    process.exit(2);
  }
}
const { checkSandbox, parseScenario, runScenario } = await import(pathToFileURL(ENGINE).href);
const { startServer } = await import(pathToFileURL(SERVER).href);
const { connectRunQueue } = await import(pathToFileURL(QUEUE).href);
const { WebSocket } = await import('ws');

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) || fallback : fallback);
const RUNS = opt('--runs', 60);
const CLIENTS = opt('--clients', 16);
const PER_CLIENT = opt('--per-client', 10);
const strict = args.includes('--strict');
const TARGET_SANDBOX_MS = 10;
let missed = false;
const verdict = (ok) => {
  if (!ok) missed = true;
  return ok ? 'PASS' : 'MISS';
};
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

const mirri = (command) =>
  parseScenario({
    hookplay: 1,
    dialect: 'mirri',
    files: { '~/.mirri-code/config.toml': `[[hooks]]\nevent = "Stop"\ncommand = ${JSON.stringify(command)}\n` },
    event: 'Stop',
    payload: { stop_hook_active: false },
  });

// ---------------------------------------------------------------- 1. the sandbox's cost per hook
{
  let sandbox;
  try {
    sandbox = checkSandbox();
  } catch (e) {
    console.log(`sandbox cost per hook: skipped: ${e.message}`);
  }
  if (sandbox) {
    const scratch = mkdtempSync(join(tmpdir(), 'hookplay-bench-team-'));
    const scenario = mirri('true');
    const plain = [];
    const boxed = [];
    // CPU time of the hooks' process trees, in clock ticks: unlike wall time it does not grow with other processes'
    // load. That is this process's waited-for children (supervisors it started) and the fork server's, all of it
    // (runner/fork-server.ts: it forks and waits for the rest), read while it runs.
    const fields = (pid) => {
      try {
        const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return text.slice(text.lastIndexOf(')') + 2).split(' ');
      } catch {
        return null;
      }
    };
    const children = () => {
      try {
        return readdirSync('/proc/self/task').flatMap((t) => readFileSync(`/proc/self/task/${t}/children`, 'utf8').trim().split(' ').filter(Boolean));
      } catch {
        return [];
      }
    };
    const childTicks = () => {
      const own = fields('self');
      let ticks = Number(own[13]) + Number(own[14]);
      for (const pid of children()) {
        const f = fields(pid);
        if (f && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'perl') ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
      }
      return ticks;
    };
    const cpu = { plain: 0, boxed: 0 };
    for (let i = 0; i < 5; i++) {
      await runScenario(scenario, { tmpDir: scratch });
      await runScenario(scenario, { tmpDir: scratch, sandbox });
    }
    for (let i = 0; i < RUNS; i++) {
      let c = childTicks();
      let t = performance.now();
      await runScenario(scenario, { tmpDir: scratch });
      plain.push(performance.now() - t);
      cpu.plain += childTicks() - c;
      c = childTicks();
      t = performance.now();
      await runScenario(scenario, { tmpDir: scratch, sandbox });
      boxed.push(performance.now() - t);
      cpu.boxed += childTicks() - c;
    }
    rmSync(scratch, { recursive: true, force: true });
    const added = median(boxed) - median(plain);
    const tick = 1000 / 100;
    const cpuAdded = ((cpu.boxed - cpu.plain) * tick) / RUNS;
    const load = Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
    const cores = (await import('node:os')).availableParallelism();
    console.log(`one-hook run, median of ${RUNS}: unsandboxed ${median(plain).toFixed(1)} ms, sandboxed ${median(boxed).toFixed(1)} ms (bubblewrap${sandbox.uid !== null ? ` as uid ${sandbox.uid}` : ''}, the wrapper, the run dir handed over); load average ${load} on ${cores} cores`);
    console.log(`CPU time of the hook's processes, mean: unsandboxed ${((cpu.plain * tick) / RUNS).toFixed(1)} ms, sandboxed ${((cpu.boxed * tick) / RUNS).toFixed(1)} ms`);
    // Wall time measures the sandbox only on a machine with a core to spare; past that it measures the queue for
    // the CPU, and the CPU the sandbox adds is the figure that carries over to an idle machine.
    const idle = load < cores;
    const figure = idle ? added : cpuAdded;
    console.log(`sandbox cost per hook: ${added.toFixed(1)} ms wall, ${cpuAdded.toFixed(1)} ms CPU added; judged on ${idle ? 'wall time' : `CPU time (load ${load} > ${cores} cores)`} (target <= ${TARGET_SANDBOX_MS} ms) ${verdict(figure <= TARGET_SANDBOX_MS)}`);
  }
}

// ---------------------------------------------------------------- 2. load test over the queue
function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function processesWith(marker) {
  let n = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(marker)) n++;
    } catch {
      // gone
    }
  }
  return n;
}

const waitForLine = (child, text, ms) =>
  new Promise((resolve, reject) => {
    let err = '';
    const t = setTimeout(() => reject(new Error(`no "${text}" within ${ms} ms: ${err}`)), ms);
    const on = (d) => {
      err += d;
      if (err.includes(text)) {
        clearTimeout(t);
        resolve();
      }
    };
    child.stdout?.on('data', on);
    child.stderr?.on('data', on);
  });

if (spawnSync('redis-server', ['--version']).status !== 0) {
  console.log('load test: skipped: redis-server is not installed (apt-get install redis-server)');
} else {
  const dir = mkdtempSync(join(tmpdir(), 'hookplay-bench-redis-'));
  const port = await freePort();
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  const workers = [];
  let server;
  try {
    await waitForLine(redis, 'Ready to accept connections', 20_000);
    const url = `redis://127.0.0.1:${port}`;
    for (let i = 0; i < 2; i++) {
      const w = spawn(process.execPath, [CLI, 'worker', '--queue', url, '--concurrency', '8'], { stdio: ['ignore', 'ignore', 'pipe'] });
      workers.push(w);
      await waitForLine(w, 'taking runs from', 20_000);
    }
    server = await startServer({ port: 0, queue: await connectRunQueue(url), limits: { maxRunsTotal: 64, maxConnections: CLIENTS + 4 } });
    const marker = `hookplay-bench-load-${process.pid}`;
    const scenario = mirri(`echo load-run; sleep 0.05; : ${marker}`);
    const latencies = [];
    let outcomes = 0;
    const failuresSeen = [];
    const client = (c) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`${server.origin.replace('http', 'ws')}/api/ws`, ['hookplay.v1', `hookplay.token.${server.token}`]);
        let n = 0;
        let sentAt = 0;
        const next = () => {
          if (n === PER_CLIENT) return ws.close();
          sentAt = performance.now();
          ws.send(JSON.stringify({ type: 'run', id: `c${c}-${n++}`, scenario }));
        };
        ws.on('message', (data) => {
          const m = JSON.parse(data.toString());
          if (m.type === 'hello') return next();
          if (m.type === 'timeline' && m.event.type === 'outcome') {
            latencies.push(performance.now() - sentAt);
            outcomes++;
            next();
          } else if (m.type === 'error' || m.type === 'rejected' || m.type === 'cancelled') {
            if (failuresSeen.length < 3) failuresSeen.push(m.message ?? m.type);
            next();
          }
        });
        ws.on('close', resolve);
        ws.on('error', reject);
      });
    const t0 = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    const wall = (performance.now() - t0) / 1000;
    const sent = CLIENTS * PER_CLIENT;
    const lost = sent - outcomes;
    await new Promise((r) => setTimeout(r, 500));
    const left = processesWith(marker);
    console.log(`load test: ${CLIENTS} clients x ${PER_CLIENT} runs, one server, two workers (8 runs at once each), hook \`echo ...; sleep 0.05\``);
    console.log(`throughput: ${(outcomes / wall).toFixed(1)} runs/s (${outcomes} runs in ${wall.toFixed(1)} s)`);
    console.log(`latency, run sent to outcome: p50 ${median(latencies).toFixed(0)} ms, p95 ${pct(latencies, 95).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms`);
    console.log(`runs lost: ${lost} of ${sent} (target 0) ${verdict(lost === 0)}${failuresSeen.length ? `: ${failuresSeen.join('; ')}` : ''}`);
    console.log(`processes left after the load: ${left} (target 0) ${verdict(left === 0)}`);
  } finally {
    await server?.close();
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null ? r() : w.once('exit', r)))));
    redis.kill('SIGTERM');
    await new Promise((r) => redis.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}
process.exit(strict && missed ? 1 : 0);
