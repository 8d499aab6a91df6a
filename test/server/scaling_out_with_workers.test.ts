/**
 * Scale-out: a server hands runs to workers through BullMQ on a real Redis (started here on loopback), and the
 * workers are real `hookplay worker` processes. Timelines stream back as they happen, cancelling reaches the
 * worker, a worker killed mid-run fails that run with a clear message and leaves no process behind, and a worker
 * that cannot reach the queue says so and exits 1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../apps/server/src/protocol.js';
import { connectRunQueue } from '../../apps/server/src/server/queue/client.js';
import type { RunningServer } from '../../apps/server/src/server/start.js';
import { hookplay } from '../support/cli.js';
import { CLI } from '../support/paths.js';
import { processesWith, eventually } from '../support/processes.js';
import { launch } from '../support/server.js';
import { freePort, startRedis, type Service } from '../support/services.js';
import { connect, isOutcomeOf, type Client } from '../support/ws-client.js';
import { marker, mirriScenario } from '../support/scenarios.js';

let redis: Service;
let server: RunningServer;
let client: Client;
const workers: ChildProcess[] = [];

function startWorker(args: string[] = []): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI, 'worker', '--queue', redis.url, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  workers.push(child);
  let err = '';
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`worker did not start: ${err}`)), 90_000);
    child.stderr!.on('data', (d) => {
      err += d;
      if (err.includes('taking runs from')) {
        clearTimeout(t);
        resolve(child);
      }
    });
    child.on('exit', (code) => reject(new Error(`worker exited ${code}: ${err}`)));
  });
}

beforeAll(async () => {
  redis = await startRedis();
  await Promise.all([startWorker(), startWorker()]);
  server = await launch({ queue: await connectRunQueue(redis.url, { silenceMs: 4000 }) });
  client = await connect(server.origin, server.token);
}, 240_000);

afterAll(async () => {
  await client?.close();
  await server?.close();
  for (const w of workers) w.kill('SIGTERM');
  await Promise.all(workers.map((w) => (w.exitCode !== null || w.signalCode !== null ? null : new Promise((r) => w.once('exit', r)))));
  await redis?.stop();
});

const timeline = (id: string) => client.messages.filter((m): m is Extract<ServerMessage, { type: 'timeline' }> => m.type === 'timeline' && m.id === id);

describe('runs on workers through the queue', { timeout: 120_000 }, () => {
  it('streams the timeline live, in order, and ends with the outcome', async () => {
    const scenario = mirriScenario(['echo first; sleep 1; echo second', 'echo blocked >&2; exit 2']);
    client.send({ type: 'run', id: 'q-1', scenario });
    // The first line arrives while the hook is still sleeping: streamed, not sent at the end.
    const early = await client.waitFor((m) => m.type === 'timeline' && m.id === 'q-1' && m.event.type === 'hook-output' && m.event.data.includes('first'));
    expect(timeline('q-1').some((t) => t.event.type === 'outcome')).toBe(false);
    expect(early).toBeDefined();
    const done = await client.waitFor(isOutcomeOf('q-1'));
    const outcome = done.event.type === 'outcome' ? done.event.outcome : null;
    expect(outcome!.verdict).toBe('block');
    expect(outcome!.hooks.map((h) => h.stdout)).toEqual(['first\nsecond\n', '']);
    const seqs = timeline('q-1').map((t) => t.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i));
  });

  it('spreads concurrent runs over both workers', async () => {
    const ids = Array.from({ length: 6 }, (_, i) => `q-par-${i}`);
    const c2 = await connect(server.origin, server.token);
    try {
      // Each hook prints the worker process that ran it: its supervisor's parent, or the parent of the fork server
      // (a perl process) that forked the supervisor.
      const worker = "p=$(awk '{print $4}' /proc/$PPID/stat); [ \"$(cat /proc/$p/comm)\" = perl ] && p=$(awk '{print $4}' /proc/$p/stat); echo $p";
      for (const [i, id] of ids.entries()) (i < 3 ? client : c2).send({ type: 'run', id, scenario: mirriScenario([`sleep 0.5; ${worker}`]) });
      const outcomes = await Promise.all(ids.map((id, i) => (i < 3 ? client : c2).waitFor(isOutcomeOf(id), 60_000)));
      const ranOn = new Set(outcomes.map((o) => (o.event.type === 'outcome' ? Number(o.event.outcome.hooks[0]!.stdout) : 0)));
      // Each worker takes at most 4 at once, so six runs at once need both.
      expect([...ranOn].sort()).toEqual(workers.map((w) => w.pid!).sort());
    } finally {
      await c2.close();
    }
  });

  it('cancels on the worker, killing the hooks', async () => {
    const m = marker();
    client.send({ type: 'run', id: 'q-cancel', scenario: mirriScenario([`sleep 3${m}; echo never`]) });
    await client.waitFor((msg) => msg.type === 'timeline' && msg.id === 'q-cancel' && msg.event.type === 'hook-start');
    client.send({ type: 'cancel', id: 'q-cancel' });
    await client.waitFor((msg) => msg.type === 'cancelled' && msg.id === 'q-cancel');
    expect(await eventually(() => processesWith(`sleep 3${m}`).length === 0, 5000)).toBe(true);
  });

  it('a worker killed mid-run fails that run with a clear message and leaves no process behind', async () => {
    const m = marker();
    // Both workers are idle; whichever takes the run is killed.
    client.send({ type: 'run', id: 'q-die', scenario: mirriScenario([`sleep 6${m}; echo never`]) });
    await client.waitFor((msg) => msg.type === 'timeline' && msg.id === 'q-die' && msg.event.type === 'hook-start');
    // hook-start comes as the supervisor starts the shell, which may not have become `sleep` yet.
    let holder: (typeof workers)[number] | undefined;
    await eventually(() => (holder = workers.find((w) => w.exitCode === null && processesWith(`sleep 6${m}`).some((pid) => isDescendant(pid, w.pid!)))) !== undefined, 5000);
    expect(holder).toBeDefined();
    holder!.kill('SIGKILL');
    const failed = await client.waitFor((msg) => msg.type === 'error' && msg.id === 'q-die', 60_000);
    expect(failed).toMatchObject({ message: expect.stringMatching(/^the run failed: the worker running it stopped answering/) });
    expect(await eventually(() => processesWith(`sleep 6${m}`).length === 0, 5000)).toBe(true);
    // The other worker goes on serving runs.
    client.send({ type: 'run', id: 'q-after', scenario: mirriScenario(['echo still-served']) });
    const after = await client.waitFor(isOutcomeOf('q-after'), 60_000);
    expect(after.event.type === 'outcome' && after.event.outcome.hooks[0]!.stdout).toBe('still-served\n');
  }, 120_000);
});

describe('a server that requires the sandbox', { timeout: 120_000 }, () => {
  it('fails a run taken by a worker without one, saying how to start workers, and runs nothing', async () => {
    const strict = await launch({ queue: await connectRunQueue(redis.url), workersMustSandbox: true });
    const c = await connect(strict.origin, strict.token);
    try {
      const m = marker();
      c.send({ type: 'run', id: 'q-strict', scenario: mirriScenario([`echo ran-${m}`]) });
      const failed = await c.waitFor((msg) => msg.type === 'error' && msg.id === 'q-strict', 60_000);
      expect(failed).toMatchObject({ message: expect.stringContaining('start workers with `hookplay worker --sandbox`') });
      expect(c.messages.some((msg) => msg.type === 'timeline' && msg.id === 'q-strict')).toBe(false);
    } finally {
      await c.close();
      await strict.close();
    }
  });
});

describe('bad input', { timeout: 120_000 }, () => {
  it('a worker that cannot reach the queue says so and exits 1', async () => {
    const port = await freePort();
    const result = await hookplay(['worker', '--queue', `redis://127.0.0.1:${port}`]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^hookplay worker: cannot reach the queue at redis://127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`));
  }, 120_000);

  it('a worker without --queue, or with a URL that is not Redis, is a usage error', async () => {
    expect((await hookplay(['worker'])).code).toBe(2);
    const bad = await hookplay(['worker', '--queue', 'http://example.invalid']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--queue must be a redis:// or rediss:// URL');
  });
});

function isDescendant(pid: number, ancestor: number): boolean {
  let p = pid;
  for (let i = 0; i < 64 && p > 1; i++) {
    if (p === ancestor) return true;
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      p = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      return false;
    }
  }
  return false;
}
