/**
 * Issue 15, defects 2 and 3 and the /proc note, against real `hookplay serve` processes on loopback ports:
 * a server SIGKILLed with runs in flight leaves no hook running (parent-death signal to each hook's
 * supervisor), the next start removes its run directories and whatever is still tied to them, and hooks
 * cannot read the server's environment through /proc/$PPID/environ.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CLI } from '../support/paths.js';
import { eventually, processesWith } from '../support/processes.js';
import { connect, isOutcomeOf, type Client } from '../support/ws-client.js';
import { marker, mirriScenario } from '../support/scenarios.js';

/** A private TMPDIR, so the sweep at start sees only this file's servers (other suites run at the same time). */
const tmp = mkdtempSync(join(tmpdir(), 'hookplay-killed-server-test-'));
const children = new Set<ChildProcess>();
const markers: string[] = [];
afterEach(() => {
  for (const c of children) c.kill('SIGKILL');
  children.clear();
  for (const m of markers.splice(0)) for (const pid of processesWith(m)) tryKill(pid);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function tryKill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone
  }
}

async function serve(env: Record<string, string> = {}): Promise<{ child: ChildProcess; client: Client; stderr: () => string }> {
  const child = spawn('node', [CLI, 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TMPDIR: tmp, ...env } });
  children.add(child);
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const found = /http:\/\/\S+/.exec(out);
      if (found) resolve(found[0]);
    });
    child.once('exit', () => reject(new Error(`serve exited early: ${out}${err}`)));
  });
  const { origin, searchParams } = new URL(url);
  return { child, client: await connect(origin, searchParams.get('token')), stderr: () => err };
}

/** Processes whose whole command line is `command` (not the shells and supervisors that mention it). */
function running(command: string): number[] {
  return processesWith(command).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ') === command;
    } catch {
      return false;
    }
  });
}

const runDirs = () => readdirSync(tmp).filter((d) => d.startsWith('hookplay-server-'));

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(name));
    } catch {
      // gone
    }
  }
  return out;
}

function killHard(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGKILL');
  return exited;
}

describe('a SIGKILLed server leaves nothing running, and the next start leaves nothing behind', () => {
  it('hooks in flight, in their group and escaped from it with `set -m` and no HOME, die with the server', async () => {
    const m = marker();
    markers.push(m);
    const { child, client } = await serve();
    const hooks = [
      `sleep 31${m} & sleep 31${m}; wait`,
      // bash's job control puts the job in its own process group; env -i drops HOME (and every other tie to the run).
      `bash -c 'set -m; (cd / && exec env -i sleep 32${m} </dev/null >/dev/null 2>&1) & sleep 33${m}'`,
      `setsid sh -c 'cd /; exec env -i sleep 34${m} </dev/null >/dev/null 2>&1' & sleep 33${m}`,
    ];
    client.send({ type: 'run', id: 'a', scenario: mirriScenario(hooks, { timeout: 60 }) });
    client.send({ type: 'run', id: 'b', scenario: mirriScenario([`sleep 35${m}`], { timeout: 60 }) });
    const sleeps = [31, 32, 33, 34, 35].map((n) => `sleep ${n}${m}`);
    expect(await eventually(() => sleeps.every((s) => running(s).length > 0), 8000)).toBe(true);
    expect(runDirs()).toHaveLength(1);
    await killHard(child);
    // Each hook's supervisor gets its parent-death signal from the kernel and kills what it started.
    expect(await eventually(() => processesWith(m).length === 0, 8000)).toBe(true);
    // Nobody was left to remove the directory; the next start does.
    const left = runDirs();
    expect(left).toHaveLength(1);
    const next = await serve();
    expect(readdirSync(tmp)).not.toContain(left[0]);
    expect(next.stderr()).toMatch(/removed 1 run directory left by a server that did not shut down/);
    await next.client.close();
    await killHard(next.child);
  }, 60_000);

  it('when the supervisors die with the server too, the next start kills what is still tied to the run and removes it', async () => {
    const m = marker();
    markers.push(m);
    const { child, client } = await serve();
    // A writer that keeps re-creating a file in its run directory, and a plain sleep: both tied to the run by cwd.
    client.send({ type: 'run', id: 'w', scenario: mirriScenario([`while :; do mkdir -p keep/${m}; sleep 0.1; done`, `sleep 36${m}`], { timeout: 60 }) });
    expect(await eventually(() => running(`sleep 36${m}`).length === 1, 8000)).toBe(true);
    // Stopped first, so the server cannot react to its supervisors dying; then `kill -9` on all of them.
    process.kill(child.pid!, 'SIGSTOP');
    const supervisors = childrenOf(child.pid!);
    expect(supervisors.length).toBeGreaterThanOrEqual(2);
    for (const pid of supervisors) tryKill(pid);
    await killHard(child);
    expect(running(`sleep 36${m}`)).toHaveLength(1);
    const left = runDirs();
    expect(left).toHaveLength(1);
    const next = await serve();
    expect(running(`sleep 36${m}`)).toEqual([]);
    // The writer is dead too: its directory stays gone.
    await new Promise((r) => setTimeout(r, 400));
    expect(existsSync(join(tmp, left[0]!))).toBe(false);
    expect(next.stderr()).toMatch(/killed \d+ process/);
    await next.client.close();
    await killHard(next.child);
  }, 60_000);

  it("a hook reads its own environment, not the server's, through /proc/$PPID/environ", async () => {
    const secret = `HOOKPLAY_TEST_SECRET_${marker().replace('.', '_')}`;
    const { child, client } = await serve({ [secret]: 'do-not-leak' });
    client.send({ type: 'run', id: 'env', scenario: mirriScenario([`tr '\\0' '\\n' < /proc/$PPID/environ; echo; echo ppid-read-ok`]) });
    const outcome = await client.waitFor(isOutcomeOf('env'));
    const hook = outcome.event.type === 'outcome' ? outcome.event.outcome.hooks[0]! : null;
    expect(hook?.stdout).toMatch(/ppid-read-ok/);
    // The parent is the hook's supervisor, started before the run with an empty environment: no variable at all.
    expect(hook?.stdout).not.toContain(secret);
    expect(hook?.stdout).toBe('\nppid-read-ok\n');
    await client.close();
    await killHard(child);
  }, 30_000);
});
