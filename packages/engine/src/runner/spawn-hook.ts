import { spawn, type ChildProcess } from 'node:child_process';
import { CappedOutput } from './output.js';
import { groupAlive, signalGroup, trackGroup, untrackGroup } from './process-group.js';
import type { KillSequence, ProcessResult } from './types.js';

export interface SpawnSpec {
  shell: readonly string[];
  command: string;
  cwd: string;
  env: Record<string, string>;
  stdin: string;
  timeoutMs: number;
  kill: KillSequence;
  capBytes: number;
}

export interface SpawnHooks {
  /** Milliseconds since the run started. */
  now(): number;
  onStart?(pid: number | null): void;
  onOutput?(stream: 'stdout' | 'stderr', data: string): void;
  signal?: AbortSignal;
}

/**
 * How long pipes may stay open after the hook's shell exited, before the runner stops reading them. The group is
 * killed at exit, so the pipes normally close at once; what is still in flight must be read even on a loaded machine
 * (at 50 ms the oracle's replays lost a hook's stderr now and then), and only an escaped process holding a pipe makes
 * the runner wait this long.
 */
const DRAIN_AFTER_EXIT_MS = 1000;

/**
 * Runs one hook command in its own process group and settles once it is over: exited (and its group reaped),
 * killed at its deadline with the host's kill sequence, cancelled, or failed to start. Never rejects.
 */
export function spawnHook(spec: SpawnSpec, hooks: SpawnHooks): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const startMs = hooks.now();
    const out = new CappedOutput(spec.capBytes);
    const err = new CappedOutput(spec.capBytes);
    let timedOut = false;
    let leftovers = false;
    /** The runner itself signalled the group (deadline or abort): what is still dying then is no leftover. */
    let killing = false;
    let exit: { code: number | null; signal: string | null } | undefined;
    let spawnError: string | undefined;
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    let openPipes = 2;

    const [program, ...args] = spec.shell;
    let child: ChildProcess;
    try {
      child = spawn(program!, [...args, spec.command], {
        cwd: spec.cwd,
        env: spec.env,
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    } catch (e) {
      // spawn() throws, instead of emitting 'error', for what exec cannot take at all (a NUL byte in the
      // command or in an env value): that is a hook that could not start, not a failure of the run.
      hooks.onStart?.(null);
      resolve({
        pid: null,
        exitCode: null,
        signal: null,
        timedOut: false,
        spawnError: (e as Error).message,
        startMs,
        durationMs: hooks.now() - startMs,
        stdout: '',
        stderr: '',
        dropped: { stdout: 0, stderr: 0 },
        leftovers: false,
      });
      return;
    }
    const pid = child.pid ?? null;
    if (pid !== null) trackGroup(pid);
    hooks.onStart?.(pid);

    const finish = () => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      hooks.signal?.removeEventListener('abort', onAbort);
      if (pid !== null) {
        // Whatever is still in the group (a backgrounded grandchild) must not outlive the hook.
        if (groupAlive(pid)) {
          if (!killing) leftovers = true;
          signalGroup(pid, 'SIGKILL');
        }
        untrackGroup(pid);
      }
      child.stdout?.destroy();
      child.stderr?.destroy();
      const outTail = out.end();
      const errTail = err.end();
      if (outTail) hooks.onOutput?.('stdout', outTail);
      if (errTail) hooks.onOutput?.('stderr', errTail);
      resolve({
        pid,
        exitCode: exit?.code ?? null,
        signal: exit?.signal ?? null,
        timedOut,
        ...(spawnError !== undefined ? { spawnError } : {}),
        startMs,
        durationMs: hooks.now() - startMs,
        stdout: out.text,
        stderr: err.text,
        dropped: { stdout: out.dropped, stderr: err.dropped },
        leftovers,
      });
    };

    const maybeFinish = () => {
      if (exit && openPipes === 0) finish();
    };

    child.stdout!.on('data', (chunk: Buffer) => {
      const text = out.push(chunk);
      if (text) hooks.onOutput?.('stdout', text);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = err.push(chunk);
      if (text) hooks.onOutput?.('stderr', text);
    });
    for (const pipe of [child.stdout!, child.stderr!]) {
      pipe.on('close', () => {
        openPipes--;
        maybeFinish();
      });
    }
    // Most hooks never read stdin and may exit before we finish writing: EPIPE here is normal.
    child.stdin!.on('error', () => {});
    child.stdin!.end(spec.stdin);

    child.on('error', (e) => {
      spawnError = e.message;
      if (!exit) exit = { code: null, signal: null };
      finish();
    });
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      if (pid !== null && groupAlive(pid)) {
        // The shell is gone but something it started still holds the group (and maybe our pipes).
        if (!killing) leftovers = true;
        signalGroup(pid, 'SIGKILL');
      }
      if (openPipes === 0) return finish();
      timers.push(setTimeout(finish, DRAIN_AFTER_EXIT_MS));
    });

    const deadline = () => {
      if (exit || pid === null) return;
      timedOut = true;
      killing = true;
      signalGroup(pid, spec.kill.first);
      if (spec.kill.first === 'SIGTERM') {
        timers.push(setTimeout(() => signalGroup(pid, 'SIGKILL'), spec.kill.killAfterMs));
      }
    };
    timers.push(setTimeout(deadline, spec.timeoutMs));

    function onAbort() {
      if (pid !== null && !exit) {
        killing = true;
        signalGroup(pid, 'SIGKILL');
      }
    }
    if (hooks.signal?.aborted) onAbort();
    else hooks.signal?.addEventListener('abort', onAbort, { once: true });
  });
}
