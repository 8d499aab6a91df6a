import { execFileSync } from 'node:child_process';
import { accessSync, chmodSync, constants, lchownSync, lstatSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { supervisorBinary } from './supervisor.js';
import { PLUGIN_HOST_DIR } from './plugin-runtime.js';

/**
 * `--sandbox`: every hook process runs inside bubblewrap (bwrap), one sandbox per hook:
 *
 * - no network (a network namespace of its own, with only a loopback that reaches nothing of the machine's);
 * - a read-only system: /usr, /etc and the /bin, /lib... links are bound read-only; the sandbox's own root, /dev
 *   and /proc hold nothing writable; the server's files, home, /tmp, /work... are simply not there;
 * - the run's temporary directory (home, project, tmp of the run) bound at its own path, the only writable place;
 * - a PID namespace of its own: the hook sees only its own processes, so it cannot signal, trace or read the
 *   environment of the server or of another run; when the sandbox's init dies the kernel kills everything in it;
 * - limits (setrlimit inside the sandbox, after its user namespace exists, so the process count is per sandbox):
 *   process count, address space, CPU seconds per process, file size; output is capped as it is unsandboxed.
 *
 * When the server runs as root, bubblewrap itself runs as `nobody` (the supervisor drops to it before exec): root
 * is exempt from RLIMIT_NPROC, and an unprivileged uid can neither read root's files nor signal root's processes.
 * The run directory is handed to that uid before the first hook starts. As any other user, bubblewrap runs as
 * that user in a user namespace of its own.
 *
 * The hook's shell is started by a small wrapper inside the sandbox (WRAPPER), which sets the limits, restores
 * the signals the supervisor made bubblewrap ignore, waits for the shell and reports on fd 3 how it really ended
 * (bubblewrap turns a death by signal into exit code 128+N), what is left in the sandbox, the peak memory and CPU.
 */
export interface SandboxLimits {
  /** Processes (threads included) of the sandbox's user at once, the wrapper and bubblewrap's init among them. */
  processes: number;
  /** Address space per process, in bytes (Node needs about 1 GiB of it just to start). */
  memoryBytes: number;
  /** CPU seconds per process: SIGXCPU at this, SIGKILL a second later. */
  cpuSeconds: number;
  /** Largest file a hook may write, in bytes (SIGXFSZ past it). */
  fileBytes: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  processes: 64,
  memoryBytes: 1024 * 1024 * 1024,
  cpuSeconds: 10,
  fileBytes: 16 * 1024 * 1024,
};

export interface SandboxConfig {
  bwrap: string;
  perl: string;
  /** The uid (and gid) hooks run as, when the server is root; null: the server's own. */
  uid: number | null;
  limits: SandboxLimits;
  /** Read-only binds beyond the system's (a node installed outside /usr, say). */
  extraReadOnly: string[];
}

/** The sandbox of one run: its config and the directory it may write. */
export interface SandboxRun {
  config: SandboxConfig;
  root: string;
}

export type LimitHit = 'processes' | 'memory' | 'cpu' | 'file-size';

export class SandboxUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxUnavailableError';
  }
}

const NOBODY = 65534;
/** setrlimit and getrusage syscall numbers per Node arch (no Perl module is loaded: see supervisor.ts). */
const SYSCALLS: Partial<Record<string, { setrlimit: number; getrusage: number }>> = {
  x64: { setrlimit: 160, getrusage: 98 },
  arm64: { setrlimit: 164, getrusage: 165 },
  riscv64: { setrlimit: 164, getrusage: 165 },
};

/**
 * Runs as the sandbox's first process: pid 1 of its PID namespace (`--as-pid-1`: bubblewrap then waits for it
 * itself, with no init of its own to fork and leave behind), so it reaps every process orphaned in the sandbox
 * while it waits for the hook's shell, and the sandbox ends with it. Limits are set in the hook's own process
 * only, so the wrapper can always report. RLIMIT_* numbers are the generic Linux ones (CPU 0, FSIZE 1, CORE 4,
 * NPROC 6, AS 9).
 */
const WRAPPER = String.raw`
my ($nsr, $ngr, $nproc, $mem, $cpu, $fsize, $nenv, @rest) = @ARGV;
my %restore = splice(@rest, 0, 2 * $nenv);
my @cmd = @rest;
open(my $ctl, '>&=', 3) or exit 125;
$SIG{TERM} = 'IGNORE'; $SIG{INT} = 'IGNORE'; $SIG{HUP} = 'IGNORE';
my $kid = fork();
if (!defined $kid) { syswrite($ctl, "error sandbox: fork: $!\n"); exit 126 }
if ($kid == 0) {
  $SIG{$_} = 'DEFAULT' for qw(TERM INT HUP PIPE);
  for ([6, $nproc, $nproc], [9, $mem, $mem], [0, $cpu, $cpu + 1], [1, $fsize, $fsize], [4, 0, 0]) {
    if (syscall($nsr, $_->[0], pack('Q2', $_->[1], $_->[2])) != 0) { syswrite($ctl, "error sandbox: setrlimit $_->[0]: $!\n"); exit 126 }
  }
  $ENV{$_} = $restore{$_} for keys %restore;
  fcntl($ctl, 2, 1);
  exec { $cmd[0] } @cmd;
  syswrite($ctl, "error spawn $cmd[0] $!\n");
  exit 127;
}
my $status = 0;
while (1) {
  my $p = waitpid(-1, 0);
  if ($p == $kid) { $status = $?; last }
  last if $p == -1 && $! + 0 != 4;
}
1 while waitpid(-1, 1) > 0;
my $left = 0;
if (opendir(my $d, '/proc')) { $left = grep { /^\d+$/ && $_ != 1 && $_ != $$ } readdir $d }
my $ru = "\0" x 256;
my ($us, $uu, $ss, $su, $rss) = (0, 0, 0, 0, 0);
($us, $uu, $ss, $su, $rss) = unpack('q5', $ru) if syscall($ngr, -1, $ru) == 0;
syswrite($ctl, sprintf("sandbox %d %d %d %d %.3f\n", ($status >> 8) & 255, $status & 127, $left, $rss, $us + $ss + ($uu + $su) / 1e6));
exit 0;
`;

/** Only the server's PATH: a sandbox asked for where bwrap is not on it is refused, not found somewhere else. */
function findOnPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

const bindsCache = new Map<string, string[]>();

/** The system part of the sandbox: read-only binds, and the merged-/usr links as links (looked up once). */
export function systemBinds(extra: readonly string[]): string[] {
  const key = extra.join('\0');
  let args = bindsCache.get(key);
  if (!args) bindsCache.set(key, (args = lookUpSystemBinds(extra)));
  return args;
}

function lookUpSystemBinds(extra: readonly string[]): string[] {
  const args = ['--ro-bind', '/usr', '/usr', '--ro-bind', '/etc', '/etc'];
  for (const top of ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']) {
    try {
      const st = lstatSync(top);
      if (st.isSymbolicLink()) args.push('--symlink', readlinkSync(top), top);
      else if (st.isDirectory()) args.push('--ro-bind', top, top);
    } catch {
      // not on this system
    }
  }
  for (const dir of extra) args.push('--ro-bind', dir, dir);
  return args;
}

/** The argv that runs `argv` (the host's shell and the hook's command) in the sandbox, from `cwd`. */
export function sandboxArgv(run: { config: SandboxConfig; root: string | null }, cwd: string, argv: readonly string[], restore: readonly string[]): string[] {
  const { config } = run;
  const nr = SYSCALLS[process.arch]!;
  const l = config.limits;
  return [
    config.bwrap,
    '--unshare-all',
    '--as-pid-1',
    '--die-with-parent',
    '--cap-drop', 'ALL',
    '--hostname', 'hookplay-sandbox',
    ...systemBinds(config.extraReadOnly),
    '--proc', '/proc',
    '--dev', '/dev',
    ...(run.root !== null ? ['--bind', run.root, run.root] : []),
    '--remount-ro', '/dev',
    '--remount-ro', '/',
    '--chdir', cwd,
    '--',
    config.perl, '-e', WRAPPER,
    String(nr.setrlimit), String(nr.getrusage),
    String(l.processes), String(l.memoryBytes), String(l.cpuSeconds), String(l.fileBytes),
    String(restore.length / 2), ...restore,
    ...argv,
  ];
}

/**
 * Finds bubblewrap and perl and starts one real sandbox (`true` inside, with every option a hook gets), so a server
 * that was asked for `--sandbox` refuses to start instead of running anything unsandboxed. Throws
 * SandboxUnavailableError saying what is missing.
 */
export function checkSandbox(limits: Partial<SandboxLimits> = {}): SandboxConfig {
  if (process.platform !== 'linux') throw new SandboxUnavailableError(`the sandbox needs Linux (bubblewrap and namespaces); this is ${process.platform}`);
  if (!SYSCALLS[process.arch]) throw new SandboxUnavailableError(`the sandbox does not know this CPU architecture (${process.arch})`);
  const bwrap = findOnPath('bwrap');
  if (!bwrap) throw new SandboxUnavailableError("bubblewrap (bwrap) is not on this server's PATH: on Debian or Ubuntu, `apt-get install bubblewrap`");
  const perl = supervisorBinary();
  if (!perl) throw new SandboxUnavailableError('perl is not installed (the sandbox starts each hook through a small perl wrapper)');
  const isRoot = process.getuid?.() === 0;
  const extra: string[] = [];
  const nodePrefix = dirname(dirname(process.execPath));
  if (!process.execPath.startsWith('/usr/')) extra.push(nodePrefix);
  // Plugin hooks (OpenCode) run through the runner's own module host: it must be readable inside the sandbox.
  extra.push(PLUGIN_HOST_DIR);
  const config: SandboxConfig = { bwrap, perl, uid: isRoot ? NOBODY : null, limits: { ...DEFAULT_SANDBOX_LIMITS, ...limits }, extraReadOnly: extra };
  const argv = sandboxArgv({ config, root: null }, '/', ['/bin/sh', '-c', 'exit 0'], []);
  try {
    // The probe runs as the hooks will: as nobody when root (through perl: Node's uid option needs a gid too).
    const [file, ...args] = isRoot ? [perl, '-e', '$( = $) = "65534 65534"; $< = $> = 65534; exec @ARGV or exit 127', ...argv] : argv;
    execFileSync(file!, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe'], timeout: 10_000 });
  } catch (e) {
    const err = e as { stderr?: Buffer; message: string };
    const why = err.stderr?.toString().trim() || err.message;
    throw new SandboxUnavailableError(`bubblewrap could not start a sandbox here: ${why}${/user namespace|Operation not permitted|setting up uid map/i.test(why) ? ' (unprivileged user namespaces may be disabled: sysctl kernel.unprivileged_userns_clone=1 or user.max_user_namespaces > 0)' : ''}`);
  }
  return config;
}

/**
 * Hands a run's directory to the sandbox's uid (when the server is root) and makes sure bubblewrap, running as
 * that uid, can reach it: each parent the server owns gets others' search bit (never read or write).
 */
export async function prepareSandboxRun(config: SandboxConfig, root: string): Promise<SandboxRun> {
  // Synchronous on purpose: a scenario is a handful of files (the server caps them), and each async call's trip
  // through libuv's thread pool would cost more than the call itself (see workspace.ts).
  if (config.uid !== null) {
    const uid = config.uid;
    const walk = (path: string): void => {
      lchownSync(path, uid, uid);
      if (lstatSync(path).isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
    };
    walk(root);
    for (let dir = dirname(root); dir !== '/'; dir = dirname(dir)) {
      const st = statSync(dir);
      if ((st.mode & 0o001) === 0 && st.uid === process.getuid?.()) chmodSync(dir, (st.mode & 0o7777) | 0o001);
    }
  }
  return { config, root };
}

/** Which limit a sandboxed hook ran into, from how it ended and what it printed (see LimitHit). */
export function limitHit(run: SandboxRun, report: { code: number; signal: number; maxRssKiB: number }, stderr: string): LimitHit | null {
  const SIGXCPU = 24;
  const SIGXFSZ = 25;
  if (report.signal === SIGXCPU || report.code === 128 + SIGXCPU || /CPU time limit exceeded/i.test(stderr)) return 'cpu';
  if (report.signal === SIGXFSZ || report.code === 128 + SIGXFSZ || /File size limit exceeded/i.test(stderr)) return 'file-size';
  if (/fork: (retry: )?Resource temporarily unavailable|Cannot fork|can't fork|fork failed|Resource temporarily unavailable/i.test(stderr)) return 'processes';
  if (/Cannot allocate memory|out of memory|xmalloc|MemoryError|bad_alloc|heap out of memory|Failed to reserve virtual memory/i.test(stderr)) return 'memory';
  if (report.maxRssKiB * 1024 >= run.config.limits.memoryBytes * 0.9) return 'memory';
  return null;
}
