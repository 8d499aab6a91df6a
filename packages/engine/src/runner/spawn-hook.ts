import { spawn } from 'node:child_process';
import { constants as osConstants } from 'node:os';
import type { Readable } from 'node:stream';
import { CappedOutput, type OutputBudget } from './output.js';
import { groupAlive, setTrackedGroup, signalGroup, trackGroup, untrackGroup } from './process-group.js';
import { limitHit, sandboxArgv, type SandboxRun } from './sandbox.js';
import { refillSupervisors, takeSupervisor, type Supervisor, type SupervisorProcess } from './spare-supervisors.js';
import { parseReport, supervisorBinary, supervisorMessage } from './supervisor.js';
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
  /** Shared by every hook of a run: past it, output is dropped even under the pipe's own cap. */
  budget?: OutputBudget;
  /** Bytes a hook may write past what is kept before it is ended as a flood (default FLOOD_BYTES). */
  floodBytes?: number;
  /**
   * false: the hook's shell is not the leader of its process group, as under a host that runs hooks in its own group
   * (a process of hookplay's leads it, so the group is still the hook's alone to signal). Unsandboxed and supervised
   * only; default true.
   */
  groupLeader?: boolean;
  /** Run the hook inside bubblewrap (sandbox.ts), with the run's directory as its only writable place. */
  sandbox?: SandboxRun;
}

export interface SpawnHooks {
  /** Milliseconds since the run started. */
  now(): number;
  onStart?(pid: number | null): void;
  onOutput?(stream: 'stdout' | 'stderr', data: string): void;
  signal?: AbortSignal;
}

/**
 * How long pipes may stay open after the hook's shell exited (unsupervised), before the runner stops reading them.
 * The group is killed at exit, so the pipes normally close at once; what is still in flight must be read even on a
 * loaded machine (at 50 ms the oracle's replays lost a hook's stderr now and then).
 */
const DRAIN_AFTER_EXIT_MS = 1000;
/**
 * The same, supervised: the supervisor exits only after every process of the hook is dead, so nothing can hold
 * the pipes and their end is a matter of reading what is still in them; cutting that short on a loaded
 * machine lost output (a timer can run before the poll that reads the last chunk). Only a supervisor killed
 * from outside (no cleanup) leaves writers behind, and the exit handler kills its group.
 */
const DRAIN_AFTER_SUPERVISOR_EXIT_MS = 2000;
/**
 * A hook that writes this much more than is kept is a flood (`yes`, a runaway loop). Reading and dropping it
 * would burn a core until the hook's timeout (up to 10 minutes); a real host reads it all, so ending it early
 * is a divergence the outcome states (ProcessResult.flooded).
 */
export const FLOOD_BYTES = 16 * 1024 * 1024;

const signalNames = new Map(Object.entries(osConstants.signals).map(([name, n]) => [n, name]));

/**
 * Runs one hook command in its own process group, under a supervisor (supervisor.ts), and settles once it is
 * over: exited (and everything it started killed), killed at its deadline with the host's kill sequence,
 * cancelled, ended as a flood, or failed to start. Never rejects.
 */
export function spawnHook(spec: SpawnSpec, hooks: SpawnHooks): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const startMs = hooks.now();
    const out = new CappedOutput(spec.capBytes, spec.budget);
    const err = new CappedOutput(spec.capBytes, spec.budget);
    const floodBytes = spec.floodBytes ?? FLOOD_BYTES;
    let timedOut = false;
    let leftovers = false;
    let escaped = 0;
    let contained = false;
    let flooded: { afterBytes: number } | undefined;
    /** The runner itself signalled the group (deadline, abort, flood): what is still dying then is no leftover. */
    let killing = false;
    let exit: { code: number | null; signal: string | null } | undefined;
    let spawnError: string | undefined;
    let settled = false;
    const timers: NodeJS.Timeout[] = [];

    const box = spec.sandbox;
    // Sandboxed, the supervisor is the sandbox's own perl: never a fallback to an unsupervised, unsandboxed shell.
    const perl = box ? box.config.perl : supervisorBinary();
    const [program, ...args] = spec.shell;
    const argv = [program!, ...args, spec.command];
    const message = perl
      ? supervisorMessage(argv, spec.env, spec.cwd, box ? { uid: box.config.uid, wrap: (inner, restore) => sandboxArgv(box, spec.cwd, inner, restore) } : undefined, spec.groupLeader ?? true)
      : null;
    /** How the shell inside the sandbox really ended (bubblewrap itself exits 128+N for a signal). */
    let boxed: Extract<ReturnType<typeof parseReport>, { kind: 'sandbox' }> | undefined;
    let child: SupervisorProcess;
    let supervisor: Supervisor | undefined;
    try {
      if (perl && !message) throw new Error('the command or an environment value contains null bytes, which exec cannot pass');
      if (perl) {
        supervisor = takeSupervisor(perl);
        child = supervisor.process;
        // One that died before taking it has an exit on the way, which says so.
        supervisor.send(message!);
      } else {
        child = spawn(program!, [...args, spec.command], { cwd: spec.cwd, env: spec.env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
      }
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
    /** The supervisor (or, unsupervised, the shell). */
    const parent = child.pid ?? null;
    /** The hook's shell: leader of its own process group. Known at once unsupervised, from the supervisor otherwise. */
    let group: number | null = perl ? null : parent;
    let started = false;
    /** Output that arrived before the supervisor said the hook started (separate pipes have no order). */
    const early: [stream: 'stdout' | 'stderr', text: string][] = [];
    const start = (pid: number | null) => {
      if (started) return;
      started = true;
      hooks.onStart?.(pid);
      for (const [stream, text] of early.splice(0)) hooks.onOutput?.(stream, text);
    };
    const output = (stream: 'stdout' | 'stderr', text: string) => {
      if (!text) return;
      if (started) hooks.onOutput?.(stream, text);
      else early.push([stream, text]);
    };
    if (parent !== null) trackGroup(parent, perl !== null);
    if (!perl) start(parent);

    /** SIGKILL for everything of the hook: the group, and (supervised) whatever left it. */
    const killAll = () => signalHook('SIGKILL');

    const finish = () => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      hooks.signal?.removeEventListener('abort', onAbort);
      // The supervisor itself was killed (a hook can `kill -9 $PPID`): its group may still be running.
      if (group !== null && groupAlive(group)) {
        if (!killing) leftovers = true;
        contained = false;
        signalGroup(group, 'SIGKILL');
      }
      if (parent !== null) untrackGroup(parent);
      // A supervisor that ended without a word (killed while it waited for its command): the hook never ran.
      if (perl && !startedHook && spawnError === undefined) spawnError = `its supervisor ended before starting it (${exit?.signal ?? `exit ${exit?.code ?? '?'}`})`;
      if (!started) start(group);
      if (supervisor) supervisor.release();
      else {
        child.stdout?.destroy();
        child.stderr?.destroy();
      }
      output('stdout', out.end());
      output('stderr', err.end());
      const byBudget = out.droppedByBudget + err.droppedByBudget;
      if (boxed) {
        exit = { code: boxed.signal ? null : boxed.code, signal: boxed.signal ? (signalNames.get(boxed.signal) ?? `signal ${boxed.signal}`) : null };
        if (boxed.left > 0 && !killing) leftovers = true;
      }
      const hit = box && boxed ? limitHit(box, boxed, err.text) : null;
      resolve({
        pid: spawnError !== undefined && !startedHook ? null : group,
        exitCode: spawnError !== undefined && !startedHook ? null : (exit?.code ?? null),
        signal: spawnError !== undefined && !startedHook ? null : (exit?.signal ?? null),
        timedOut,
        ...(spawnError !== undefined ? { spawnError } : {}),
        startMs,
        durationMs: hooks.now() - startMs,
        stdout: out.text,
        stderr: err.text,
        dropped: { stdout: out.dropped, stderr: err.dropped },
        ...(byBudget > 0 ? { droppedByBudget: byBudget } : {}),
        leftovers,
        ...(contained ? { contained } : {}),
        ...(escaped > 0 ? { escaped } : {}),
        ...(flooded ? { flooded } : {}),
        ...(hit ? { limitHit: hit } : {}),
      });
      if (perl) refillSupervisors(perl);
    };
    /** The supervisor reported the shell as started (an exec failure after that is still a spawn error). */
    let startedHook = !perl;
    let pendingSignal: 'SIGTERM' | 'SIGKILL' | undefined;
    /** How the supervisor said it is about to exit (its `end` line). */
    let reportedExit: { code: number | null; signal: string | null } | undefined;

    const pipes: Readable[] = [child.stdout!, child.stderr!, ...(supervisor ? [supervisor.reports] : [])];
    let openPipes = pipes.length;
    const maybeFinish = () => {
      if (exit && openPipes === 0) finish();
    };

    const checkFlood = () => {
      if (flooded || killing) return;
      const over = out.dropped + err.dropped;
      if (over > floodBytes) {
        flooded = { afterBytes: over };
        killing = true;
        killAll();
      }
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      output('stdout', out.push(chunk));
      checkFlood();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output('stderr', err.push(chunk));
      checkFlood();
    });
    if (supervisor) {
      let pending = '';
      supervisor.reports.on('data', (chunk: Buffer) => {
        pending += chunk.toString('utf8');
        let nl: number;
        while ((nl = pending.indexOf('\n')) !== -1) {
          const report = parseReport(pending.slice(0, nl));
          pending = pending.slice(nl + 1);
          if (!report) continue;
          if (report.kind === 'pid') {
            group = report.pid;
            startedHook = true;
            if (parent !== null) setTrackedGroup(parent, group);
            start(group);
            if (pendingSignal) signalGroup(group, pendingSignal);
          } else if (report.kind === 'sandbox') {
            boxed = report;
            // The wrapper is the sandbox's PID 1: whatever it leaves, the kernel kills with the namespace.
            contained = true;
          } else if (report.kind === 'error') {
            spawnError = report.message;
          } else {
            if (report.exit) reportedExit = { code: report.exit.code, signal: report.exit.signal === null ? null : (signalNames.get(report.exit.signal) ?? `signal ${report.exit.signal}`) };
            if (report.leftovers > 0 && !killing) leftovers = true;
            escaped = report.escaped;
            contained = report.subreaper && report.clean;
          }
        }
      });
    }
    for (const pipe of pipes) {
      pipe.on('close', () => {
        openPipes--;
        // The supervisor closes its report pipe only by exiting, after saying how: no need to wait for the exit's
        // own notice (from the fork server, one more process away).
        if (pipe === supervisor?.reports && reportedExit) onExit(reportedExit.code, reportedExit.signal);
        maybeFinish();
      });
    }
    // Most hooks never read stdin and may exit before we finish writing: EPIPE here is normal.
    child.stdin!.on('error', () => {});
    child.stdin!.end(spec.stdin);

    child.on('error', (e) => {
      spawnError = e.message;
      startedHook = false;
      if (!exit) exit = { code: null, signal: null };
      finish();
    });
    child.on('exit', (code, signal) => onExit(code, signal));
    function onExit(code: number | null, signal: string | null) {
      if (exit) return;
      exit = { code, signal };
      if (group !== null && groupAlive(group)) {
        // The shell is gone but something it started still holds the group (and maybe our pipes).
        if (!killing) leftovers = true;
        signalGroup(group, 'SIGKILL');
      }
      if (openPipes === 0) return finish();
      timers.push(setTimeout(finish, perl ? DRAIN_AFTER_SUPERVISOR_EXIT_MS : DRAIN_AFTER_EXIT_MS));
    }

    const signalHook = (sig: 'SIGTERM' | 'SIGKILL') => {
      if (group !== null) signalGroup(group, sig);
      // The supervisor has not said which group yet (it may not even handle signals yet): the signal waits
      // for the `pid` line, which comes before the hook's shell can run anything.
      else if (pendingSignal !== 'SIGKILL') pendingSignal = sig;
    };
    const deadline = () => {
      if (exit || parent === null) return;
      timedOut = true;
      killing = true;
      signalHook(spec.kill.first);
      if (spec.kill.first === 'SIGTERM') {
        timers.push(setTimeout(() => signalHook('SIGKILL'), spec.kill.killAfterMs));
      }
    };
    timers.push(setTimeout(deadline, spec.timeoutMs));

    function onAbort() {
      if (parent !== null && !exit) {
        killing = true;
        signalHook('SIGKILL');
      }
    }
    if (hooks.signal?.aborted) onAbort();
    else hooks.signal?.addEventListener('abort', onAbort, { once: true });
  });
}
