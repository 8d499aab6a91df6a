/**
 * The per-hook supervisor (runner/supervisor.ts) with real processes: escapes found by ancestry and counted,
 * hooks that die when the process that spawned them is SIGKILLed, a clean $PPID environment, floods ended,
 * and a run's output budget shared across hooks.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { spawnHook, type SpawnSpec } from '@hookplay/engine';
import { alive, eventually, killLeftovers, readPids, scratchDir } from './procs.js';

const scratch = scratchDir('hookplay-supervisor-test-');
afterAll(scratch.remove);
const seen = new Set<number>();
afterEach(() => {
  killLeftovers(seen);
  seen.clear();
});

const PATH = process.env.PATH ?? '/usr/bin:/bin';
let fileNo = 0;
const pidFile = () => join(scratch.dir, `pids-${++fileNo}`);

function spec(command: string, over: Partial<SpawnSpec> = {}): SpawnSpec {
  return { shell: ['sh', '-c'], command, cwd: scratch.dir, env: { PATH, HOME: scratch.dir }, stdin: '', timeoutMs: 20_000, kill: { first: 'SIGKILL' }, capBytes: 1 << 20, ...over };
}

const run = (command: string, over: Partial<SpawnSpec> = {}) => spawnHook(spec(command, over), { now: () => performance.now() });

describe('supervisor: escapes are found by ancestry', () => {
  it.each([
    ['bash job control (`set -m`) without HOME', (f: string) => `bash -c 'set -m; env -u HOME sleep 30 & echo $! > ${f}'`],
    ['setsid, env -i, cwd / and no inherited fd', (f: string) => `setsid sh -c 'cd /; echo $$ > ${f}; exec env -i sleep 30 </dev/null >/dev/null 2>&1' & sleep 0.3`],
    ['a double fork into a new session', (f: string) => `(setsid sh -c '(echo $(sh -c "echo \\$PPID") > /dev/null; sleep 30 & echo $! > ${f}) &' &) ; sleep 0.3`],
  ])('%s: killed when the hook ends, counted as escaped', async (_what, command) => {
    const file = pidFile();
    const result = await run(command(file));
    const pids = readPids(file);
    expect(pids).toHaveLength(1);
    for (const p of pids) seen.add(p);
    expect(result.escaped).toBe(1);
    expect(await eventually(() => pids.every((p) => !alive(p)), 3000)).toBe(true);
  });

  it('a background process that stays in the group is a leftover, not an escape', async () => {
    const file = pidFile();
    const result = await run(`sleep 30 & echo $! > ${file}`);
    expect(result).toMatchObject({ leftovers: true });
    expect(result.escaped).toBeUndefined();
    expect(await eventually(() => readPids(file).every((p) => !alive(p)), 3000)).toBe(true);
  });

  it('keeps exit codes and signals exactly', async () => {
    expect(await run('exit 3')).toMatchObject({ exitCode: 3, signal: null });
    expect(await run('kill -TERM $$')).toMatchObject({ exitCode: null, signal: 'SIGTERM' });
    expect(await run('kill -USR1 $$')).toMatchObject({ exitCode: null, signal: 'SIGUSR1' });
    // A hook that traps SIGTERM at its deadline still gets to print (the host's grace period).
    const graced = await run(`trap 'echo bye; exit 7' TERM; sleep 30 & wait`, { timeoutMs: 300, kill: { first: 'SIGTERM', killAfterMs: 3000 } });
    expect(graced).toMatchObject({ timedOut: true, exitCode: 7, stdout: 'bye\n' });
  });
});

describe('supervisor: hooks die with the process that started them', () => {
  it('SIGKILL of the spawning process kills the hook, its group and what escaped it', async () => {
    const file = pidFile();
    const engine = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
    const script = `
      import { spawnHook } from ${JSON.stringify(engine)};
      spawnHook({ shell: ['sh', '-c'], command: ${JSON.stringify(`sleep 30 & echo $! >> ${file}; setsid sh -c 'cd /; exec env -i sleep 31' </dev/null >/dev/null 2>&1 & echo $! >> ${file}; sleep 32`)},
        cwd: ${JSON.stringify(scratch.dir)}, env: { PATH: process.env.PATH }, stdin: '', timeoutMs: 60000, kill: { first: 'SIGKILL' }, capBytes: 1024 },
        { now: () => 0, onStart: (pid) => console.log('started', pid) });
    `;
    const parent = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const shell = await new Promise<number>((resolve) => parent.stdout!.on('data', (d) => {
      const m = /started (\d+)/.exec(String(d));
      if (m) resolve(Number(m[1]));
    }));
    seen.add(shell);
    expect(await eventually(() => readPids(file).length === 2, 5000)).toBe(true);
    const pids = [shell, ...readPids(file)];
    for (const p of pids) seen.add(p);
    expect(pids.every(alive)).toBe(true);
    parent.kill('SIGKILL');
    expect(await eventually(() => pids.every((p) => !alive(p)), 5000)).toBe(true);
  });

  it("the hook's parent is the supervisor, whose environment holds nothing: neither the server's nor the hook's", async () => {
    const result = await run(`tr '\\0' '\\n' < /proc/$PPID/environ; echo "comm $(cat /proc/$PPID/comm)"; echo "cwd $(readlink /proc/$PPID/cwd)"; echo "mine $ONLY_MINE"`, { env: { PATH, HOME: scratch.dir, ONLY_MINE: 'yes' } });
    // The supervisor was started before the hook existed (a spare), in / with an empty environment.
    expect(result.stdout).toBe('comm perl\ncwd /\nmine yes\n');
  });

  it('back to back, hooks are started by the fork server, not by this process: no spawn of Node per hook', async () => {
    const ancestry = 'sup=$PPID; fs=$(awk \'{print $4}\' /proc/$sup/stat); echo "$(cat /proc/$fs/comm) $(awk \'{print $4}\' /proc/$fs/stat)"';
    const lines = new Set<string>();
    for (let i = 0; i < 6; i++) lines.add((await run(ancestry)).stdout);
    // The first hook may be started by Node while the fork server starts; every later one is forked by it.
    expect(lines).toContain(`perl ${process.pid}\n`);
  });

  it('a command larger than a pipe holds (a big environment) reaches a forked supervisor whole', async () => {
    // Four values of 100 KB: past the 64 KB of a pipe, each under the kernel's 128 KB for one exec string.
    const big = 'x'.repeat(100_000);
    for (let i = 0; i < 3; i++) {
      const result = await run('printf %s "$A$B$C$D" | wc -c', { env: { PATH, A: big, B: big, C: big, D: big } });
      expect(result).toMatchObject({ exitCode: 0, stdout: '400000\n' });
    }
  });

  it('a hook killed by a signal is reported so, through the fork server as through Node', async () => {
    for (let i = 0; i < 3; i++) expect(await run('kill -TERM $$')).toMatchObject({ exitCode: null, signal: 'SIGTERM' });
    for (let i = 0; i < 3; i++) expect(await run('exit 7')).toMatchObject({ exitCode: 7, signal: null });
  });

  it('groupLeader false: the shell leads no group, yet exit codes, signals, traps and timeouts are as for a leader', async () => {
    const leads = `[ "$(cut -d' ' -f5 /proc/$$/stat)" = "$$" ] && echo leader || echo member`;
    expect((await run(leads)).stdout).toBe('leader\n');
    expect(await run(leads, { groupLeader: false })).toMatchObject({ exitCode: 0, stdout: 'member\n' });
    expect(await run('exit 7', { groupLeader: false })).toMatchObject({ exitCode: 7, signal: null });
    expect(await run('kill -TERM $$', { groupLeader: false })).toMatchObject({ exitCode: null, signal: 'SIGTERM' });
    const trapped = await run('trap "echo trapped; exit 9" TERM; sleep 30 & wait', { groupLeader: false, timeoutMs: 300, kill: { first: 'SIGTERM', killAfterMs: 2000 } });
    expect(trapped).toMatchObject({ timedOut: true, exitCode: 9, stdout: 'trapped\n' });
    const file = pidFile();
    const killed = await run(`trap "" TERM; sleep 30 & echo $! > ${file}; wait`, { groupLeader: false, timeoutMs: 300, kill: { first: 'SIGTERM', killAfterMs: 100 } });
    expect(killed).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
    for (const p of readPids(file)) seen.add(p);
    expect(await eventually(() => readPids(file).every((p) => !alive(p)), 5000)).toBe(true);
  });

  it('PERL* variables reach the hook, but do not change the supervisor', async () => {
    const result = await run('echo "$PERL5OPT"', { env: { PATH, PERL5OPT: '-Mstrict -e die' } });
    expect(result).toMatchObject({ exitCode: 0, stdout: '-Mstrict -e die\n' });
  });
});

describe('supervisor: output floods and budgets', () => {
  it('a `yes` flood is ended once it writes floodBytes past the cap, long before its timeout', async () => {
    const t0 = performance.now();
    const result = await run('yes', { capBytes: 64 * 1024, floodBytes: 4 * 1024 * 1024, timeoutMs: 60_000 });
    expect(performance.now() - t0).toBeLessThan(20_000);
    expect(result.flooded?.afterBytes).toBeGreaterThan(4 * 1024 * 1024);
    expect(result).toMatchObject({ signal: 'SIGKILL', timedOut: false });
    expect(Buffer.byteLength(result.stdout)).toBe(64 * 1024);
  });

  it('one budget is shared by every hook of a run, and what it cut is counted', async () => {
    const budget = { remaining: 3000 };
    const print = (n: number) => `head -c ${n} /dev/zero | tr '\\0' x`;
    const [a, b] = await Promise.all([run(print(2000), { budget }), run(print(2000), { budget })]);
    expect(Buffer.byteLength(a!.stdout) + Buffer.byteLength(b!.stdout)).toBe(3000);
    expect((a!.droppedByBudget ?? 0) + (b!.droppedByBudget ?? 0)).toBe(1000);
    expect(budget.remaining).toBe(0);
  });
});
