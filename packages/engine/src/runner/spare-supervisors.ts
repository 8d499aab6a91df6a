import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { supervisorArgs } from './supervisor.js';

/**
 * Supervisors started before a hook needs one. Starting perl and compiling the supervisor costs about as much as
 * the hook's own shell (issue 12 measured the whole run at 3x a raw spawn), and a spawn from a large Node
 * process is itself the dearest part of a raw spawn. A spare is a supervisor that is already running and waits
 * on fd 3 for its command: taking one leaves only a fork and exec of a small process on the hook's path. The next
 * spare is started once a hook has ended (refillSupervisors), not while one is starting or running: a spawn
 * blocks Node's thread for milliseconds, which would land on the hook being waited for.
 *
 * A spare holds nothing of any run: it starts in `/` with an empty environment, and learns its cwd, environment
 * and argv with its command. An idle spare does not keep the process alive (its handles are unref'd), and it ends
 * with the process that started it (parent-death signal), when its socket closes, or on endSpareSupervisors().
 */
const POOL_SIZE = 2;

const idle: { perl: string; child: ChildProcess; forget(): void }[] = [];

function handles(child: ChildProcess): (Socket | null)[] {
  return child.stdio as (Socket | null)[];
}

function start(perl: string): ChildProcess {
  return spawn(perl, supervisorArgs(), { cwd: '/', env: {}, detached: true, stdio: ['pipe', 'pipe', 'pipe', 'pipe'] });
}

function park(perl: string): boolean {
  let child: ChildProcess;
  try {
    child = start(perl);
  } catch {
    return false;
  }
  const entry = {
    perl,
    child,
    forget: () => {
      const i = idle.indexOf(entry);
      if (i !== -1) idle.splice(i, 1);
    },
  };
  child.once('exit', entry.forget);
  child.once('error', entry.forget);
  // A spare that is never taken must not keep a CLI run alive.
  child.unref();
  for (const h of handles(child)) h?.unref();
  idle.push(entry);
  return true;
}

/**
 * Once no hook has ended for IDLE_MS, tops the spares up to POOL_SIZE. A hook's end is followed by its run's own
 * tail (answers read, the outcome, the run directory removed) and often by the next hook: a spawn there would
 * hold the thread the run is waiting on, so the spare waits until that is done.
 */
const IDLE_MS = 10;
let refill: NodeJS.Timeout | undefined;

export function refillSupervisors(perl: string): void {
  clearTimeout(refill);
  refill = setTimeout(() => {
    refill = undefined;
    for (let n = idle.filter((e) => e.perl === perl).length; n < POOL_SIZE; n++) if (!park(perl)) break;
  }, IDLE_MS);
  refill.unref();
}

/**
 * A supervisor for one hook, waiting for its command: a spare when one is ready, else a new one (which waits
 * just the same). Throws what spawn() throws.
 */
export function takeSupervisor(perl: string): ChildProcess {
  let child: ChildProcess | undefined;
  while (!child) {
    const i = idle.findIndex((e) => e.perl === perl);
    if (i === -1) break;
    const [entry] = idle.splice(i, 1);
    const c = entry!.child;
    c.off('exit', entry!.forget);
    c.off('error', entry!.forget);
    // Exited but not yet reported (killed from outside): not usable.
    if (c.exitCode !== null || c.signalCode !== null || c.pid === undefined) continue;
    c.ref();
    for (const h of handles(c)) h?.ref();
    child = c;
  }
  return child ?? start(perl);
}

/** Ends every idle spare (a server shutting down); later hooks start their own supervisors again. */
export function endSpareSupervisors(): number {
  let n = 0;
  for (const { child } of idle.splice(0)) {
    for (const h of handles(child)) h?.destroy();
    if (child.kill('SIGKILL')) n++;
  }
  return n;
}
