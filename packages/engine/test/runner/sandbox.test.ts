/**
 * `--sandbox`: hooks run inside bubblewrap. Each test is an escape a hook script tries, run for real through
 * runScenario, and what the machine looks like afterwards: nothing outside the run directory written, no
 * connection made, the server's environment, files and processes out of reach, a fork bomb and a memory bomb
 * contained and reported as the limit they hit, and nothing left running.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSandbox, removalsSettled, runScenario, SandboxUnavailableError, type SandboxConfig } from '@hookplay/engine';
import { alive, eventually, scratchDir } from './procs.js';
import { mirriScenario, pidsOf, record } from '../run/helpers.js';

const scratch = scratchDir('hookplay-sandbox-');
afterAll(scratch.remove);
let sandbox: SandboxConfig;
beforeAll(() => {
  sandbox = checkSandbox({ memoryBytes: 256 * 1024 * 1024, cpuSeconds: 1, processes: 32, fileBytes: 1024 * 1024 });
});

/** Every process whose HOME, cwd or open files are in `dir`, as /proc shows them (the test runs as root or as the hooks' user). */
function processesUnder(dir: string): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${name}/environ`).includes(dir)) out.push(Number(name));
    } catch {
      // gone, or not ours to read
    }
  }
  return out;
}

async function runBoxed(command: string, timeout = 10, files: Record<string, string> = {}, config?: SandboxConfig) {
  const tmpDir = join(scratch.dir, `runs-${Math.random().toString(36).slice(2)}`);
  mkdirSync(tmpDir);
  const recorded = await record(mirriScenario([{ command, timeout }], files), { sandbox: config ?? sandbox, tmpDir });
  const hook = recorded.outcome.hooks[0]!;
  // Nothing of the run is left: no process tied to its directory, no group, no directory.
  expect(await eventually(() => processesUnder(tmpDir).length === 0, 3000)).toBe(true);
  expect(pidsOf(recorded.events).filter(alive)).toEqual([]);
  await removalsSettled();
  expect(readdirSync(tmpDir)).toEqual([]);
  return { ...recorded, hook, tmpDir };
}

describe('sandbox: what a hook gets', { timeout: 120_000 }, () => {
  it('runs as an ordinary hook: stdin, exit code, stdout and stderr, the run directory writable, cwd the project', async () => {
    const { hook, outcome } = await runBoxed('cat > "$HOME/payload.json" && wc -c < "$HOME/payload.json" && pwd && echo to-stderr >&2; exit 3');
    expect(hook.exitCode).toBe(3);
    expect(hook.stderr).toBe('to-stderr\n');
    const [bytes, cwd] = hook.stdout.trim().split('\n');
    expect(Number(bytes)).toBeGreaterThan(10);
    expect(cwd).toMatch(/\/hookplay-[^/]+\/project$/);
    expect(hook.limitHit).toBeUndefined();
    expect(outcome.diagnostics.filter((d) => d.code.startsWith('sandbox.'))).toEqual([]);
  });

  it("keeps the host's kill sequence: SIGTERM reaches the hook's shell, which may trap it", async () => {
    const { hook } = await runBoxed('trap "echo terminated; exit 9" TERM; sleep 30 & wait', 1);
    expect(hook.timedOut).toBe(true);
    expect(hook.stdout).toBe('terminated\n');
    expect(hook.exitCode).toBe(9);
  });

  it('reports a death by signal as a signal, as unsandboxed', async () => {
    const { hook } = await runBoxed('kill -9 $$');
    expect(hook).toMatchObject({ exitCode: null, signal: 'SIGKILL', timedOut: false });
  });

  it('refuses when bubblewrap cannot be found, instead of running unsandboxed', () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(() => checkSandbox()).toThrow(SandboxUnavailableError);
      expect(() => checkSandbox()).toThrow(/bubblewrap \(bwrap\) is not on this server's PATH/);
    } finally {
      process.env.PATH = path;
    }
  });
});

describe('sandbox: escapes tried by a hook are contained', { timeout: 120_000 }, () => {
  it('writes nowhere outside the run directory', async () => {
    const outside = join(scratch.dir, 'outside');
    mkdirSync(outside);
    const targets = [join(outside, 'escaped'), '/tmp/hookplay-sandbox-escape', '/usr/hookplay-escape', '/etc/hookplay-escape', '/hookplay-escape', '/dev/shm/hookplay-escape'];
    const script = [
      ...targets.map((t) => `echo x > ${t} 2>/dev/null && echo "WROTE ${t}"`),
      'echo x > "$HOME/../../escaped-parent" 2>/dev/null && echo WROTE-PARENT',
      'echo inside > "$HOME/inside" && echo WROTE-INSIDE',
      'echo inside > "$TMPDIR/inside" && echo WROTE-TMPDIR',
      'true',
    ].join('; ');
    const { hook, tmpDir } = await runBoxed(script);
    expect(hook.stdout.trim().split('\n')).toEqual(['WROTE-INSIDE', 'WROTE-TMPDIR']);
    for (const t of [...targets, join(tmpDir, 'escaped-parent')]) expect(existsSync(t)).toBe(false);
  });

  describe('the network', () => {
    let server: Server;
    let port = 0;
    let connections = 0;
    beforeAll(async () => {
      server = createServer((s) => {
        connections++;
        s.end('hello');
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      port = (server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it("cannot reach the machine's loopback services, and has no route anywhere", async () => {
      const connect = `node -e "require('net').connect(${port}, '127.0.0.1').on('connect', () => { console.log('CONNECTED'); process.exit(0) }).on('error', (e) => { console.log('refused:', e.code); process.exit(1) })"`;
      // Node needs about 1 GiB of address space to start: the default limits here.
      const { hook } = await runBoxed(`${connect}; echo routes: $(tail -n +2 /proc/net/route | wc -l); ls /sys/class/net 2>/dev/null | tr '\\n' ' '; cat /proc/net/dev | tail -n +3 | cut -d: -f1 | tr -d ' ' | tr '\\n' ' '`, 10, {}, checkSandbox());
      expect(hook.stdout).toContain('refused: ECONNREFUSED');
      expect(hook.stdout).not.toContain('CONNECTED');
      expect(hook.stdout).toContain('routes: 0');
      // Only a loopback of its own.
      expect(hook.stdout.trim().split('\n').at(-1)!.trim()).toBe('lo');
      expect(connections).toBe(0);
    });
  });

  it("cannot read the server's environment or its files", async () => {
    process.env.HOOKPLAY_SERVER_SECRET = 'server-secret-7d1f';
    const secretFile = join(scratch.dir, 'server-secret.txt');
    writeFileSync(secretFile, 'file-secret-93ab');
    try {
      const script = [
        'env',
        `cat /proc/${process.pid}/environ`,
        'cat /proc/*/environ',
        'cat /proc/1/environ',
        `cat ${secretFile}`,
        `cat ${join(process.cwd(), 'package.json')}`,
        'echo',
        'ls /proc | grep -c "^[0-9]"',
        'true',
      ].join(' 2>/dev/null; ');
      const { hook } = await runBoxed(script);
      expect(hook.stdout).not.toContain('server-secret-7d1f');
      expect(hook.stdout).not.toContain('file-secret-93ab');
      expect(hook.stdout).not.toContain('hookplay-monorepo');
      // Its own processes only: bubblewrap's init, the wrapper, the shell and `ls`/`grep` (and their pipe).
      expect(Number(hook.stdout.trim().split('\n').at(-1))).toBeLessThan(8);
    } finally {
      delete process.env.HOOKPLAY_SERVER_SECRET;
    }
  });

  it("cannot kill the server's processes", async () => {
    const sibling = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      const { hook } = await runBoxed(`kill -9 ${process.pid} ${sibling.pid} 2>&1; kill -9 -1 2>&1; kill -KILL 1 2>&1; echo still-here`);
      expect(hook.stdout).toContain('still-here');
      expect(alive(sibling.pid!)).toBe(true);
      expect(alive(process.pid)).toBe(true);
    } finally {
      sibling.kill('SIGKILL');
    }
  });

  it('contains a fork bomb: the process limit stops it, the outcome says so, nothing is left', async () => {
    const { hook, outcome, wallMs } = await runBoxed('bomb() { bomb | bomb & }; bomb; sleep 1; echo bomb-done', 60);
    expect(hook.timedOut).toBe(false);
    expect(hook.limitHit).toBe('processes');
    expect(outcome.diagnostics.find((d) => d.code === 'sandbox.limit.processes')?.message).toMatch(/process limit \(32 at once\)/);
    expect(wallMs).toBeLessThan(60_000);
    // The machine can still start processes.
    expect(spawnSync('true').status).toBe(0);
  });

  it('contains a memory bomb and reports the memory limit', async () => {
    const { hook, outcome } = await runBoxed(`perl -e '$x = "x" x (2 * 1024 * 1024 * 1024); print "ALLOCATED\\n"'`);
    expect(hook.stdout).not.toContain('ALLOCATED');
    expect(hook.exitCode).not.toBe(0);
    expect(hook.limitHit).toBe('memory');
    expect(outcome.diagnostics.map((d) => d.code)).toContain('sandbox.limit.memory');
  });

  it('ends a CPU hog at its CPU limit, before its timeout, and reports it', async () => {
    const { hook } = await runBoxed('while :; do :; done', 60);
    expect(hook.timedOut).toBe(false);
    expect(hook.signal).toBe('SIGXCPU');
    expect(hook.limitHit).toBe('cpu');
  });

  it('stops a file past the file size limit', async () => {
    const { hook } = await runBoxed('head -c 5000000 /dev/zero > "$HOME/big"; echo "size $(wc -c < "$HOME/big")"');
    expect(hook.limitHit).toBe('file-size');
    expect(hook.stdout).toBe(`size ${1024 * 1024}\n`);
  });

  it('a process that left the group (setsid) dies with the sandbox', async () => {
    const { hook, outcome } = await runBoxed('setsid sleep 60 & echo started');
    expect(hook.stdout).toBe('started\n');
    expect(outcome.diagnostics.map((d) => d.code)).toContain('hook.leftover-processes');
  });

  it('dies with the server: SIGKILL of the process that started it kills the sandbox, what left its group included', async () => {
    const engine = fileURLToPath(new URL('../../dist/runner/', import.meta.url));
    const root = join(scratch.dir, `killed-${Math.random().toString(36).slice(2)}`);
    mkdirSync(root);
    const mark = `${Math.floor(Math.random() * 1e6)}`;
    const script = `
      const { checkSandbox, prepareSandboxRun } = await import(${JSON.stringify(`${engine}sandbox.js`)});
      const { spawnHook } = await import(${JSON.stringify(`${engine}spawn-hook.js`)});
      const sandbox = await prepareSandboxRun(checkSandbox(), ${JSON.stringify(root)});
      spawnHook({ shell: ['sh', '-c'], command: 'setsid sleep 61.${mark} & sleep 62.${mark} & echo up; sleep 63.${mark}', cwd: ${JSON.stringify(root)}, env: { PATH: process.env.PATH },
        stdin: '', timeoutMs: 60000, kill: { first: 'SIGKILL' }, capBytes: 1024, sandbox }, { now: () => 0, onOutput: (s, d) => process.stdout.write(d) });
    `;
    const parent = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => parent.stdout!.on('data', (d) => String(d).includes('up') && resolve()));
    // Every process that carries the mark: the three sleeps, and the shell, wrapper and bubblewrap around them.
    const marked = () =>
      readdirSync('/proc').flatMap((n) => {
        try {
          const cmd = /^\d+$/.test(n) ? readFileSync(`/proc/${n}/cmdline`, 'utf8') : '';
          return cmd.includes(`.${mark}`) && !/State:\s+Z/.test(readFileSync(`/proc/${n}/status`, 'utf8')) ? [cmd] : [];
        } catch {
          return [];
        }
      });
    expect(await eventually(() => marked().filter((c) => c.startsWith('sleep\0')).length === 3, 5000)).toBe(true);
    parent.kill('SIGKILL');
    expect(await eventually(() => marked().length === 0, 5000)).toBe(true);
  });

  it('reports no leftovers for a hook that leaves nothing, however often it runs', async () => {
    for (let i = 0; i < 5; i++) expect((await runBoxed('echo ok')).outcome.diagnostics.map((d) => d.code)).not.toContain('hook.leftover-processes');
  });
});

describe('sandbox: outcome', { timeout: 120_000 }, () => {
  it('is the same outcome as unsandboxed for an ordinary hook', async () => {
    const scenario = mirriScenario(['echo "{\\"decision\\":\\"block\\",\\"reason\\":\\"no\\"}"; exit 2']);
    const plain = await runScenario(scenario);
    const boxed = await runScenario(scenario, { sandbox });
    // Decisions, exits and diagnostics; not timing (and, like the serial vs parallel test, not on hook output:
    // a starved machine can make the runner drop output in either mode).
    const essence = (o: typeof plain) => ({
      verdict: o.verdict,
      hooks: o.hooks.map((h) => ({ ran: h.ran, exitCode: h.exitCode, signal: h.signal, timedOut: h.timedOut, effect: h.effect, limitHit: h.limitHit })),
      // Leftovers too: the supervisor waits for bubblewrap's own init (which outlives bubblewrap by a moment)
      // instead of counting it as a process the hook left behind.
      diagnostics: o.diagnostics.map((d) => d.code).filter((c) => !c.startsWith('hook.output')),
    });
    expect(essence(boxed)).toEqual(essence(plain));
    expect(boxed.verdict).toBe('block');
  });
});
