import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import type { Readable, Writable } from 'node:stream';
import { endForkServers, takeForkedSupervisor } from './fork-server.js';
import { supervisorArgs } from './supervisor.js';

/** What spawn-hook.ts uses of a supervisor process, whoever started it. */
export interface SupervisorProcess {
  readonly pid?: number | undefined;
  readonly stdin: Writable | null;
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  on(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | string | null) => void): this;
  on(event: 'error', listener: (err: Error) => void): this;
}

/** A supervisor waiting for its one command. */
export interface Supervisor {
  process: SupervisorProcess;
  /** Its `pid`/`error`/`end` lines (supervisor.ts). */
  reports: Readable;
  /** Hands it the command (supervisorMessage); false when it is gone and cannot take it (its exit says why). */
  send(message: Buffer): boolean;
  /** Lets go of every pipe to it. */
  release(): void;
}

/**
 * Supervisors ready before a hook needs one. Normally the fork server forks them (fork-server.ts), which costs
 * Node no spawn at all. Where it cannot be used (no /proc to attach through), Node keeps spares of its own:
 * perl started and the supervisor compiled before a hook needs one, refilled once no hook has ended for 10 ms,
 * since a spawn blocks Node's thread for milliseconds and would land on the hook being waited for. Such a spare
 * starts in `/` with an empty environment, does not keep the process alive while idle, and ends with the process
 * that started it (parent-death signal), when its socket closes, or on endSpareSupervisors().
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

const IDLE_MS = 10;
let refill: NodeJS.Timeout | undefined;
/** Perl binaries whose supervisors Node starts itself (their fork server could not be used). */
const unforked = new Set<string>();

/** After a hook has ended: tops Node's own spares up, where the fork server is not in use. */
export function refillSupervisors(perl: string): void {
  if (!unforked.has(perl)) return;
  clearTimeout(refill);
  refill = setTimeout(() => {
    refill = undefined;
    for (let n = idle.filter((e) => e.perl === perl).length; n < POOL_SIZE; n++) if (!park(perl)) break;
  }, IDLE_MS);
  refill.unref();
}

function nodeSupervisor(child: ChildProcess): Supervisor {
  const control = child.stdio[3] as Socket;
  // Closed under us only if the supervisor died: its exit says so.
  control.on('error', () => {});
  return {
    process: child,
    reports: control,
    send: (message) => control.write(message) || true,
    release: () => {
      child.stdout?.destroy();
      child.stderr?.destroy();
      control.destroy();
    },
  };
}

/**
 * A supervisor for one hook, waiting for its command: a forked spare, else one of Node's spares, else a new one
 * (which waits just the same; a burst of parallel hooks outruns the spares). Throws what spawn() throws.
 */
export function takeSupervisor(perl: string): Supervisor {
  if (!unforked.has(perl)) {
    const forked = takeForkedSupervisor(perl);
    if (forked === 'refused') unforked.add(perl);
    else if (forked) return forked;
  }
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
  return nodeSupervisor(child ?? start(perl));
}

/** Ends every idle spare and fork server (a server shutting down); later hooks start their own supervisors again. */
export function endSpareSupervisors(): number {
  let n = endForkServers();
  for (const { child } of idle.splice(0)) {
    for (const h of handles(child)) h?.destroy();
    if (child.kill('SIGKILL')) n++;
  }
  return n;
}
