import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../apps/server/src/server/start.js';
import { CLI } from '../support/paths.js';
import { eventually, processesWith } from '../support/processes.js';
import { launch } from '../support/server.js';
import { connect, isOutcomeOf } from '../support/ws-client.js';
import { marker, mirriScenario } from '../support/scenarios.js';

let server: RunningServer;
beforeAll(async () => {
  server = await launch();
});
afterAll(() => server.close());

describe('runs leave no process and no directory behind', () => {
  it('cancel mid-run kills every process of the run, grandchildren included', async () => {
    const m = marker();
    const c = await connect(server.origin, server.token);
    c.send({ type: 'run', id: 'long', scenario: mirriScenario([`sleep 3${m} & sleep 3${m}; wait`, `sleep 3${m}`], { timeout: 60 }) });
    await c.waitFor((msg) => msg.type === 'timeline' && msg.event.type === 'hook-start');
    expect(await eventually(() => processesWith(`sleep 3${m}`).length >= 3)).toBe(true);
    c.send({ type: 'cancel', id: 'long' });
    const cancelled = await c.waitFor((msg) => msg.type === 'cancelled');
    expect(cancelled).toMatchObject({ id: 'long' });
    expect(processesWith(`sleep 3${m}`)).toEqual([]);
    expect(c.messages.some(isOutcomeOf('long'))).toBe(false);
    await c.close();
  });

  it('a client that disconnects mid-run takes its processes with it', async () => {
    const m = marker();
    const c = await connect(server.origin, server.token);
    c.send({ type: 'run', id: 'orphan', scenario: mirriScenario([`sleep 4${m}`], { timeout: 60 }) });
    expect(await eventually(() => processesWith(`sleep 4${m}`).length > 0)).toBe(true);
    c.ws.terminate();
    expect(await eventually(() => processesWith(`sleep 4${m}`).length === 0)).toBe(true);
    expect(await eventually(() => readdirSync(server.runDir).length === 0)).toBe(true);
  });

  it('after a burst of 200 runs, no process and no run directory remains', async () => {
    const m = marker();
    const clients = await Promise.all([0, 1, 2, 3].map(() => connect(server.origin, server.token)));
    const scenario = mirriScenario([`echo ${m}`, `sleep 0.0${m.replace('.', '')} ; echo two`]);
    let next = 0;
    // Each connection keeps up to 3 runs in flight (under its cap of 4) until 200 are done.
    await Promise.all(
      clients.map(async (c, ci) => {
        const inFlight = new Set<Promise<unknown>>();
        while (next < 200) {
          const id = `burst-${ci}-${next++}`;
          c.send({ type: 'run', id, scenario });
          const p = c.waitFor(isOutcomeOf(id), 30_000).then((msg) => {
            inFlight.delete(p);
            return msg;
          });
          inFlight.add(p);
          if (inFlight.size >= 3) await Promise.race(inFlight);
        }
        await Promise.all(inFlight);
      }),
    );
    const outcomes = clients.flatMap((c) => c.messages.filter((msg) => msg.type === 'timeline' && msg.event.type === 'outcome'));
    expect(outcomes).toHaveLength(200);
    expect(clients.flatMap((c) => c.messages.filter((msg) => msg.type === 'rejected' || msg.type === 'error'))).toEqual([]);
    expect(await eventually(() => processesWith(m).length === 0)).toBe(true);
    // A run's directory is removed just after its outcome is sent.
    expect(await eventually(() => readdirSync(server.runDir).length === 0)).toBe(true);
    await Promise.all(clients.map((c) => c.close()));
  }, 120_000);
});

describe('stopping the server', () => {
  it('SIGTERM kills every running hook, removes run directories and exits 0', async () => {
    const m = marker();
    const child = spawn('node', [CLI, 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const found = /http:\/\/\S+/.exec(out);
        if (found) resolve(found[0]);
      });
      child.once('exit', () => reject(new Error(`serve exited early: ${out}`)));
    });
    const { origin, searchParams } = new URL(url);
    const c = await connect(origin, searchParams.get('token'));
    c.send({ type: 'run', id: 'long', scenario: mirriScenario([`sleep 5${m} & sleep 5${m}; wait`], { timeout: 60 }) });
    expect(await eventually(() => processesWith(`sleep 5${m}`).length >= 2)).toBe(true);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(processesWith(`sleep 5${m}`)).toEqual([]);
    // This server's run directory names its pid (other test files' sandboxed hooks carry theirs in bubblewrap's argv).
    expect(processesWith(`hookplay-server-${child.pid}.`)).toEqual([]);
    const dirs = readdirSync('/tmp').filter((d) => d.startsWith('hookplay-'));
    for (const d of dirs) expect(existsSync(`/tmp/${d}/home`) && processesWith(d).length > 0).toBe(false);
  });

  it('a busy port gives a clear error', async () => {
    const child = spawn('node', [CLI, 'serve', '--port', String(server.port)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(err).toMatch(new RegExp(`port ${server.port} is already in use.*--port`));
  });

  it('prints exactly one line with a tokened loopback URL', async () => {
    const child = spawn('node', [CLI, 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = await new Promise<string>((resolve) => {
      let text = '';
      child.stdout.on('data', (d) => {
        text += d;
        if (text.includes('\n')) resolve(text);
      });
    });
    child.kill('SIGTERM');
    expect(out).toMatch(/^hookplay is running at http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64}\n$/);
  });
});
