import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { closeSync, constants as fsConstants, openSync, writeSync } from 'node:fs';
import { Socket } from 'node:net';
import { constants as osConstants } from 'node:os';
import type { Supervisor, SupervisorProcess } from './spare-supervisors.js';
import { prctlNumber, SUPERVISOR_SCRIPT } from './supervisor.js';

/**
 * A fork server: one perl process per Node process that forks supervisors (supervisor.ts) ahead of need, so that
 * starting a hook costs Node no spawn at all. A spawn from Node forks the whole Node process, which is the dearest
 * part of a raw spawn and blocks Node's thread while it lasts; spares that Node itself started (the design before
 * this one) only moved that spawn off the hook's path when there was idle time between hooks, and a CI run of
 * scenarios back to back has none. Perl forks itself in a fraction of that, on its own time, with the supervisor
 * already compiled.
 *
 * A forked supervisor's pipes are made by the fork server, not by Node: Node attaches to them through
 * `/proc/<pid>/fd/N`, which opens a new end of the same pipe (the kernel treats an anonymous pipe there like a
 * FIFO). Its fds: 0 stdin, 1 stdout, 2 stderr (the hook inherits them), 3 commands (Node writes the one command,
 * supervisorMessage, then closes), 4 reports (supervisor.ts's `pid`/`error`/`end` lines). The fork server holds
 * the write end of each idle spare's command pipe, so a spare does not read end-of-file before Node has attached;
 * `take <pid>` tells it to let go and to fork the next spare.
 *
 * The fork server reaps its supervisors and says how each ended (`exit <pid> <code|-> <signal|->`): that is the
 * supervisor's exit as Node would have seen it for its own child. Its own lines out are `spare <pid>` and those.
 * It starts in `/` with an empty environment (so a hook reading `/proc/$PPID/environ` of its supervisor sees
 * nothing), dies with Node (parent-death SIGKILL), and its supervisors then die of theirs (each kills its hook's
 * whole tree, supervisor.ts). Where /proc cannot be used so, the caller starts supervisors itself.
 */
/**
 * Spares kept ready. A burst of parallel hooks (a run of 16 matching hooks) that outruns them starts the rest from
 * Node, cold, all at once: with 4 spares that made 16 parallel hooks 1.33x one hook's time, with 16 1.15x. An idle
 * forked spare shares nearly all its memory with the fork server.
 */
const POOL_SIZE = 16;

const FORK_SERVER = String.raw`
my ($node, $nr, $pool) = @ARGV;
syscall($nr, 1, 9, 0, 0, 0) if $nr > 0;
exit 0 if getppid() != $node;
# Placeholders on fds 3 and 4, so a spare can dup2 its command and report pipes onto exactly those numbers.
open(my $fd3, '<', '/dev/null') or exit 125;
open(my $fd4, '<', '/dev/null') or exit 125;
exit 125 if fileno($fd3) != 3 || fileno($fd4) != 4;
$| = 1;
sub supervise { local @ARGV = @_;
${SUPERVISOR_SCRIPT}
}
my $self = $$;
my (%command, %taken);
my $owed = 0;
sub spare {
  my @p;
  for (1 .. 5) { pipe(my $r, my $w) or return; push @p, $r, $w }
  my ($ir, $iw, $or, $ow, $er, $ew, $cr, $cw, $rr, $rw) = @p;
  my $pid = fork();
  return unless defined $pid;
  if ($pid == 0) {
    # As a supervisor Node started would be: signals at their defaults (an ignored one stays ignored across exec,
    # into the hook), and leader of its own process group (sandboxed, it becomes bubblewrap, whose group the
    # host's SIGTERM goes to).
    $SIG{CHLD} = 'DEFAULT';
    $SIG{PIPE} = 'DEFAULT';
    setpgrp(0, 0);
    close $_ for values %command;
    # The spare announces itself, once its fds are what Node will open through /proc.
    open(my $announce, '>&', \*STDOUT) or exit 125;
    open(STDIN, '<&', $ir) or exit 125;
    open(STDOUT, '>&', $ow) or exit 125;
    open(STDERR, '>&', $ew) or exit 125;
    $^F = 4;
    open($fd3, '<&', $cr) or exit 125;
    open($fd4, '>&', $rw) or exit 125;
    $^F = 2;
    close $_ for @p;
    syswrite($announce, "spare $$\n");
    close $announce;
    supervise($self, $nr, 1);
    exit 0;
  }
  close $_ for ($ir, $iw, $or, $ow, $er, $ew, $cr, $rr, $rw);
  $command{$pid} = $cw;
}
$SIG{CHLD} = sub {};
$SIG{PIPE} = 'IGNORE';
spare() for 1 .. $pool;
my $buf = '';
while (1) {
  while ((my $p = waitpid(-1, 1)) > 0) {
    my $s = $?;
    close(delete $command{$p}) if $command{$p};
    delete $taken{$p};
    print 'exit ', $p, ' ', ($s & 127 ? '- ' . ($s & 127) : ($s >> 8) . ' -'), "\n";
  }
  # Spares owed since a take are forked once a supervisor has ended: then its hook is not competing for the CPU.
  while ($owed > 0 && (!%taken || keys(%command) < 2)) { spare(); $owed-- }
  my $rin = '';
  vec($rin, 0, 1) = 1;
  # A child that ends between the reap above and select's start interrupts nothing (perl defers the signal):
  # while supervisors are out, select wakes every 20 ms so such an end is still reported promptly.
  my $n = select(my $rout = $rin, undef, undef, %taken ? 0.02 : undef);
  next if $n <= 0;
  my $got = sysread(STDIN, $buf, 4096, length $buf);
  exit 0 if defined $got && $got == 0;
  next unless defined $got;
  while ($buf =~ s/^take (\d+)\n//) {
    close(delete $command{$1}) if $command{$1};
    $taken{$1} = 1;
    if (keys(%command) < 2) { spare() } else { $owed++ }
  }
}
`;

/** An idle spare and Node's ends of its pipes: stdin, stdout, stderr, reports, command. */
interface Spare {
  pid: number;
  fds: [number, number, number, number, number];
}

/** How the fork server is started (its spares' supervisors are compiled into it). */
export function forkServerArgs(pool = POOL_SIZE): string[] {
  return ['-e', FORK_SERVER, String(process.pid), String(prctlNumber()), String(pool)];
}

const signalNames = new Map(Object.entries(osConstants.signals).map(([name, n]) => [n, name]));

/** A supervisor the fork server forked, as a process: its pipes are ones Node attached to, its exit is reported. */
class ForkedProcess extends EventEmitter implements SupervisorProcess {
  constructor(
    readonly pid: number,
    readonly stdin: Socket,
    readonly stdout: Socket,
    readonly stderr: Socket,
  ) {
    super();
  }
}

class ForkServer {
  private readonly child: ChildProcess;
  private readonly ready: Spare[] = [];
  /** This system does not let Node open a spare's pipes through /proc. */
  refused = false;
  private readonly out = new Map<number, ForkedProcess>();
  private buffered = '';
  dead = false;

  constructor(perl: string) {
    this.child = spawn(perl, forkServerArgs(), {
      cwd: '/',
      env: {},
      // Its own session, as the supervisors Node starts: a Ctrl-C meant for the CLI is the CLI's to handle.
      detached: true,
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    this.child.on('error', () => this.die());
    this.child.on('exit', () => this.die());
    this.child.stdin!.on('error', () => this.die());
    this.child.stdout!.setEncoding('utf8');
    this.child.stdout!.on('data', (chunk: string) => this.read(chunk));
    this.idle();
  }

  /** An idle fork server does not keep the process alive; one with supervisors out must, to hear how they end. */
  private idle(): void {
    const busy = this.out.size > 0;
    for (const h of [this.child, this.child.stdin as Socket | null, this.child.stdout as Socket | null]) {
      if (busy) h?.ref();
      else h?.unref();
    }
  }

  private read(chunk: string): void {
    this.buffered += chunk;
    let nl: number;
    while ((nl = this.buffered.indexOf('\n')) !== -1) {
      const [word, pid, code, signal] = this.buffered.slice(0, nl).split(' ');
      this.buffered = this.buffered.slice(nl + 1);
      const n = Number(pid);
      if (word === 'spare') this.attach(n);
      else if (word === 'exit') {
        const i = this.ready.findIndex((r) => r.pid === n);
        if (i !== -1) for (const fd of this.ready.splice(i, 1)[0]!.fds) closeSync(fd);
        const sup = this.out.get(n);
        if (!sup) continue;
        this.out.delete(n);
        this.idle();
        const sig = signal === '-' ? null : (signalNames.get(Number(signal)) ?? `signal ${signal}`);
        sup.emit('exit', code === '-' ? null : Number(code), sig);
      }
    }
  }

  private die(): void {
    if (this.dead) return;
    this.dead = true;
    for (const { fds } of this.ready.splice(0)) for (const fd of fds) closeSync(fd);
    // Its supervisors die with it (parent-death signal) and nobody is left to say how: as a kill.
    for (const sup of this.out.values()) sup.emit('exit', null, 'SIGKILL');
    this.out.clear();
  }

  /**
   * Opens Node's ends of a new spare's pipes when it is announced, which is while Node has nothing else to do
   * (between hooks), rather than when a hook is waiting for it.
   */
  private attach(pid: number): void {
    const fds: number[] = [];
    try {
      const at = (n: number, flags: number) => fds.push(openSync(`/proc/${pid}/fd/${n}`, flags));
      at(0, fsConstants.O_WRONLY | fsConstants.O_NONBLOCK);
      at(1, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK);
      at(2, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK);
      at(4, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK);
      // Blocking: a command larger than the pipe (a big environment) goes as the supervisor reads it.
      at(3, fsConstants.O_WRONLY);
    } catch (e) {
      for (const fd of fds) closeSync(fd);
      // Gone meanwhile (its exit line is on the way). Refused (no /proc, another uid): not here, ever.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.refused = true;
        this.stop();
      }
      return;
    }
    this.ready.push({ pid, fds: fds as Spare['fds'] });
  }

  /** A spare attached to Node's side; null when none is ready; 'refused' when /proc cannot be used so here. */
  take(): Supervisor | null | 'refused' {
    if (this.refused) return 'refused';
    if (this.dead) return null;
    const spare = this.ready.shift();
    if (spare === undefined) return null;
    const { pid, fds } = spare;
    const [stdin, stdout, stderr, reports, command] = fds;
    const proc = new ForkedProcess(
      pid,
      new Socket({ fd: stdin, readable: false, writable: true }),
      new Socket({ fd: stdout, readable: true, writable: false }),
      new Socket({ fd: stderr, readable: true, writable: false }),
    );
    const reportPipe = new Socket({ fd: reports, readable: true, writable: false });
    this.out.set(pid, proc);
    this.idle();
    return {
      process: proc,
      reports: reportPipe,
      send: (message) => {
        try {
          for (let off = 0; off < message.length; ) off += writeSync(command, message, off);
          return true;
        } catch {
          return false;
        } finally {
          closeSync(command);
          this.taken(pid);
        }
      },
      release: () => {
        proc.stdout.destroy();
        proc.stderr.destroy();
        reportPipe.destroy();
      },
    };
  }

  taken(pid: number): void {
    if (!this.dead) this.child.stdin!.write(`take ${pid}\n`);
  }

  /** Ends the fork server; its idle spares die with it, supervisors already out finish their hooks' cleanup. */
  stop(): void {
    this.child.stdin!.destroy();
    this.child.stdout!.destroy();
    this.child.kill('SIGKILL');
    this.die();
  }
}

const servers = new Map<string, ForkServer>();

/**
 * A supervisor forked ahead of need by `perl`'s fork server; null when none is ready (the caller starts one), or
 * 'refused' when this system does not let Node attach to its pipes (the caller starts them all, from then on).
 */
export function takeForkedSupervisor(perl: string): Supervisor | null | 'refused' {
  if (process.platform !== 'linux') return 'refused';
  let server = servers.get(perl);
  if (!server || server.dead) {
    server = new ForkServer(perl);
    servers.set(perl, server);
  }
  const taken = server.take();
  if (taken === 'refused') servers.delete(perl);
  return taken;
}

/** Ends every fork server (a server shutting down). Returns how many were running. */
export function endForkServers(): number {
  let n = 0;
  for (const server of servers.values()) {
    if (!server.dead) n++;
    server.stop();
  }
  servers.clear();
  return n;
}
