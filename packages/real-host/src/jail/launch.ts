import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { accessSync, chmodSync, constants, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { prepareSandboxRun, systemBinds, type SandboxConfig } from '@hookplay/engine';
import type { Entry } from '../catalog.js';
import { FORWARDER, INNER_PORT } from './forwarder.js';

export class JailUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JailUnavailableError';
  }
}

export interface LaunchSpec {
  entry: Entry;
  args: string[];
  cwd: string;
  /** The CLI's whole environment: nothing of hookplay's own is inherited. */
  env: Record<string, string>;
  /** The mock's Unix socket, which the namespace's loopback port forwards to. */
  mockSocket: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Bind mounts over the machine's tree (a build's managed-settings folder on /etc/claude-code, say). */
  binds?: { from: string; to: string }[];
  /** Talks to the CLI over its stdin while it runs (stream-json hosts); without it, stdin is /dev/null. */
  drive?: (child: ChildProcessWithoutNullStreams) => void;
  /** Bytes of stdout and of stderr kept; what is past them is dropped and counted. */
  outputCap?: number;
  /**
   * `serve --sandbox` / a team server: the CLI and its hooks see the system read-only, the CLI's install read-only and
   * the run's directory (`sandbox.root`) as the one writable place, as nobody when hookplay is root; the machine's
   * other files (homes, /tmp, the server's data) are not there.
   */
  sandbox?: { config: SandboxConfig; root: string; readOnly: string[] };
}

export interface JailedRun {
  code: number | null;
  signal: string | null;
  /** Killed at `timeoutMs`: the CLI hung (or a hook held it past that). */
  timedOut: boolean;
  /** Killed because the caller aborted (Ctrl-C, a cancelled or disconnected run). */
  cancelled: boolean;
  stdout: string;
  stderr: string;
  /** Bytes dropped past the cap, per stream. */
  dropped: { stdout: number; stderr: number };
  ms: number;
}

/** Time between SIGTERM and SIGKILL when a run is stopped: a CLI gets a moment to end its hooks itself. */
const GRACE_MS = 1500;
const DEFAULT_CAP = 32 * 1024 * 1024;

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(delimiter)) {
    const path = join(dir, name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not here
    }
  }
  return null;
}

/** bubblewrap, or an error that says how to get it: a real host never runs outside a namespace of its own. */
export function jailProgram(): string {
  const bwrap = onPath('bwrap');
  if (!bwrap) throw new JailUnavailableError('real runs need bubblewrap, for a network namespace where the mock is the only endpoint: install it (Debian: apt-get install bubblewrap)');
  const perl = onPath('perl');
  if (!perl) throw new JailUnavailableError('real runs need perl for the mock forwarder inside the namespace (Debian: perl-base)');
  return bwrap;
}

/**
 * Runs a host CLI in a namespace of its own: its own network (only loopback, whose one open port leads to the
 * mock), its own PID namespace (when the CLI ends, the kernel ends every process it or its hooks left behind:
 * nothing outlives a run), dying with hookplay (`--die-with-parent`). The file system is the machine's, as for
 * an unsandboxed hook run. A timeout or an abort sends SIGTERM to the whole process group, SIGKILL after a grace.
 */
export function launchJailed(spec: LaunchSpec): Promise<JailedRun> {
  const bwrap = jailProgram();
  const cap = spec.outputCap ?? DEFAULT_CAP;
  const box = spec.sandbox;
  const mounts = box
    ? [
        '--unshare-all',
        '--hostname', 'hookplay-sandbox',
        ...systemBinds(box.config.extraReadOnly),
        ...box.readOnly.flatMap((dir) => ['--ro-bind', dir, dir]),
        '--proc', '/proc',
        '--dev', '/dev',
        '--tmpfs', '/tmp',
        '--bind', box.root, box.root,
      ]
    : ['--unshare-net', '--unshare-pid', '--dev-bind', '/', '/', '--proc', '/proc'];
  const args = [
    ...mounts,
    '--die-with-parent',
    ...(spec.binds ?? []).flatMap((b) => ['--bind', b.from, b.to]),
    '--chdir', spec.cwd,
    '--',
    '/bin/sh',
    '-c',
    // The forwarder's first process returns once the port is bound; only then does the CLI start. Sandboxed, the
    // CLI's processes get generous per-process limits (a CLI needs far more than a hook's 64 processes and 1 GiB).
    `${box ? 'ulimit -t 600 -f 262144 2>/dev/null; ' : ''}fwd=$1; sock=$2; port=$3; shift 3; perl -e "$fwd" "$port" "$sock" || exit 125; exec "$@"`,
    'hookplay-jail',
    FORWARDER,
    spec.mockSocket,
    String(INNER_PORT),
    spec.entry.cmd,
    ...spec.entry.pre,
    ...spec.args,
  ];
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    if (spec.signal?.aborted) {
      resolve({ code: null, signal: null, timedOut: false, cancelled: true, stdout: '', stderr: '', dropped: { stdout: 0, stderr: 0 }, ms: 0 });
      return;
    }
    // As root, a sandboxed run drops to nobody before bubblewrap starts (as the engine's sandboxed hooks do).
    const [file, argv] = box?.config.uid != null ? [box.config.perl, ['-e', `$( = $) = "${box.config.uid} ${box.config.uid}"; $< = $> = ${box.config.uid}; exec @ARGV or exit 127`, bwrap, ...args]] : [bwrap, args];
    const child = spawn(file, argv, { cwd: spec.cwd, env: spec.env, stdio: [spec.drive ? 'pipe' : 'ignore', 'pipe', 'pipe'], detached: true });
    const out = { stdout: '', stderr: '' };
    const dropped = { stdout: 0, stderr: 0 };
    const keep = (stream: 'stdout' | 'stderr') => (chunk: string) => {
      const room = cap - out[stream].length;
      if (room >= chunk.length) out[stream] += chunk;
      else {
        out[stream] += chunk.slice(0, Math.max(0, room));
        dropped[stream] += chunk.length - Math.max(0, room);
      }
    };
    child.stdout!.setEncoding('utf8').on('data', keep('stdout'));
    child.stderr!.setEncoding('utf8').on('data', keep('stderr'));
    if (spec.drive) spec.drive(child as ChildProcessWithoutNullStreams);
    let timedOut = false;
    let cancelled = false;
    let killer: NodeJS.Timeout | undefined;
    const group = (sig: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, sig);
      } catch {
        // already gone
      }
    };
    const stop = () => {
      group('SIGTERM');
      killer ??= setTimeout(() => group('SIGKILL'), GRACE_MS);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, spec.timeoutMs);
    const abort = () => {
      cancelled = true;
      stop();
    };
    spec.signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (e) => {
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', abort);
      reject(new JailUnavailableError(`could not start bubblewrap (${bwrap}): ${e.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (killer) clearTimeout(killer);
      spec.signal?.removeEventListener('abort', abort);
      // The namespace is gone with bubblewrap; the group kill covers a bwrap that lingered on a held pipe.
      group('SIGKILL');
      resolve({ code, signal, timedOut, cancelled, stdout: out.stdout, stderr: out.stderr, dropped, ms: Date.now() - t0 });
    });
  });
}

/**
 * Readies a run directory for the sandbox: handed to the sandbox's user (when hookplay is root), and every folder
 * above it and above what the run reads (the CLI's install, say) made searchable (never readable or writable) by that user.
 */
export async function sandboxRun(config: SandboxConfig, root: string, readOnly: string[]): Promise<{ config: SandboxConfig; root: string; readOnly: string[] }> {
  await prepareSandboxRun(config, root);
  if (config.uid !== null) {
    for (const path of readOnly) {
      for (let dir = dirname(path); dir !== '/'; dir = dirname(dir)) {
        const st = statSync(dir);
        if ((st.mode & 0o001) === 0 && st.uid === process.getuid?.()) chmodSync(dir, (st.mode & 0o7777) | 0o001);
      }
    }
  }
  return { config, root, readOnly };
}
