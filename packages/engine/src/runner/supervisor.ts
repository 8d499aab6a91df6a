import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Every hook is started through a tiny supervisor, one per hook, written in Perl (perl-base is an essential
 * package on Debian and ships with every mainstream Linux; Node cannot call prctl itself, and a compiled helper
 * would need a C toolchain wherever hookplay is installed). The supervisor exists for three things that the
 * server cannot do for itself:
 *
 * 1. **Nothing outlives the server, however it dies.** The supervisor sets PR_SET_PDEATHSIG (delivered by the
 *    kernel when its parent, the server, exits for any reason, SIGKILL and a stack overflow included) to
 *    SIGUSR1, and on that signal kills the hook and everything it started. We chose this over the alternatives
 *    after checking them on the development machine (Debian, Node 20): a cgroup would be the strongest
 *    container, but only root could make one there (cgroup v1 controllers, plus a cgroup v2 hierarchy at
 *    /sys/fs/cgroup/unified that has cgroup.kill and is writable as root; as any other user `mkdir` in it is
 *    "Permission denied", and without systemd nothing delegates a subtree), so hookplay run by a user would
 *    have no protection at all; and a cgroup still needs someone alive to kill it when the server dies. One
 *    shared supervisor per server would have to be handed every hook's pipes (fd passing). A per-hook
 *    parent-death signal works the same as root and as any user and needs no privilege; the next start still
 *    sweeps what a supervisor killed together with its server could not clean (sweepStaleRunDirs in the
 *    server). Cost: one small perl process per hook, forked ahead of time by a fork server (fork-server.ts).
 * 2. **Escapes are found by something they cannot shed.** The supervisor is a child subreaper
 *    (PR_SET_CHILD_SUBREAPER): a process that leaves its process group or session (`set -m`, `setsid`, a double
 *    fork) and drops HOME is still re-parented to the supervisor when its parent exits, never to init. Ancestry
 *    is not an environment variable, a cwd or an open file: a hook cannot get out of it. When the hook's shell
 *    exits, the supervisor kills every descendant still running and reports how many stayed in the hook's
 *    group (leftovers) and how many had left it (escapes).
 * 3. **Hooks do not read the server's environment through /proc/$PPID/environ.** The supervisor is the hook's
 *    parent and starts with an empty environment (the hook's is set in its child only): $PPID's environ is empty.
 *    (A process of the same user can still read any other process's environ by pid; only a different uid would
 *    close that.)
 *
 * Protocol on fd 3 (a socket pair, both ways; forked by the fork server, pipes: commands on fd 3, reports on fd 4). In: one command, `<bytes>\n` then that many bytes of NUL-separated
 * fields (cwd, box, whether the shell leads its process group (1) or a waiter does (0), env count and pairs, restore
 * count and pairs, argv); a supervisor is forked or started before it is needed and waits for that (fork-server.ts,
 * spare-supervisors.ts), so perl's start is off the hook's path. Out, one line each:
 * `pid <n>` (the hook's shell started, leader of its own group <n>), `error <message>` (it could not start),
 * `end <leftovers> <escaped> <subreaper 0|1> <clean 0|1> <code|-> <signal|->` (clean: as a subreaper it saw every
 * descendant die; then how it is about to exit, which is how the hook's shell ended).
 * Signals to the supervisor: SIGTERM is passed on to the hook's group, SIGUSR1 kills everything; while it waits
 * for its command both end it (their default), which is what the parent-death signal should do to a spare.
 *
 * Sandboxed (sandbox.ts), the supervisor does not stay: after its checks it drops to the sandbox uid when one is
 * given (`$box`, or `keep`), asks for SIGKILL on the server's death (after the uid change, which clears it), ignores
 * SIGTERM and execs bubblewrap in its own place, leaving fd 3 open for the sandbox's wrapper. Points 1 and 2 hold
 * there without it: every process of the hook is inside bubblewrap's PID namespace, which the kernel empties when
 * its first process (the wrapper) ends, and bubblewrap (--die-with-parent) takes the sandbox down when it dies. One
 * perl process fewer per hook, and nothing re-parented to reap. SIGTERM is ignored because bubblewrap does not pass
 * signals on and would take the whole sandbox down with SIGKILL; the wrapper restores it for the hook, so the host's
 * polite SIGTERM to the group reaches the hook's shell. There is no `end` line then: the wrapper's `sandbox` line
 * says what was left.
 * Unsandboxed, the supervisor exits with the hook's shell's status: the same code, or dies of the same signal.
 */
export const SUPERVISOR_SCRIPT = String.raw`
my ($server, $nr, $split) = @ARGV;
open(my $ctl, $split ? '<&=' : '+<&=', 3) or exit 125;
my $reaper = 0;
if ($nr > 0) {
  $reaper = syscall($nr, 36, 1, 0, 0, 0) == 0 ? 1 : 0;
  syscall($nr, 1, 10, 0, 0, 0);
}
exit 0 if getppid() != $server;
my $in = '';
while (!($in =~ /^(\d+)\n/ && length($in) >= length($1) + 1 + $1)) {
  my $n = sysread($ctl, $in, 65536, length $in);
  next if !defined $n && $! + 0 == 4;
  exit 0 if !$n;
}
$in =~ s/^(\d+)\n//;
if ($split) {
  # Forked by the fork server: commands came on fd 3, reports go on fd 4. From here on fd 3 is the report pipe,
  # as for a supervisor that Node started (the sandbox's wrapper writes there too). $^F = 3 makes perl dup2 onto it.
  open(my $out, '>&=', 4) or exit 125;
  $^F = 3;
  open($ctl, '>&', $out) or exit 125;
  close $out;
  $^F = 2;
}
my ($cwd, $box, $lead, $nenv, @rest) = split /\0/, $in, -1;
my @env = splice(@rest, 0, 2 * $nenv);
my $nrestore = shift @rest;
my %restore = splice(@rest, 0, 2 * $nrestore);
my @cmd = @rest;
my $child = 0; my $all = 0;
$SIG{TERM} = sub { kill 'TERM', -$child if $child > 0 };
$SIG{USR1} = sub { $all = 1; kill 'KILL', -$child if $child > 0 };
sub say_ctl { syswrite($ctl, $_[0] . "\n") }
sub cwd_error { my $e = $! + 0; "error spawn: cannot enter the working directory $cwd: $! (" . ({ 2 => 'ENOENT', 13 => 'EACCES', 20 => 'ENOTDIR' }->{$e} // "errno $e") . ")" }
sub found { my $p = shift; return (-x $p && !-d _) if $p =~ m{/}; for (split /:/, ($ENV{PATH} // '')) { return 1 if -x "$_/$p" && !-d _ } 0 }
if ($box ne '-') {
  # Sandboxed, nothing of the hook can leave bubblewrap's PID namespace (the kernel empties it when its first
  # process ends), so there is nothing to outlive, reap or count: this process becomes bubblewrap, keeping its
  # pid and group, ignoring SIGTERM (the sandbox's wrapper restores it for the hook), with SIGKILL on the
  # server's death (set after the uid change, which clears it; bubblewrap's --die-with-parent sets it again, and
  # this covers the moments before).
  %ENV = @env;
  if (!chdir($cwd)) { say_ctl(cwd_error()); exit 127 }
  if (!found($cmd[0])) { say_ctl("error spawn $cmd[0] ENOENT"); exit 127 }
  $SIG{TERM} = 'IGNORE'; $SIG{USR1} = 'DEFAULT';
  if ($box =~ /^\d+$/) {
    $( = $box; $) = "$box $box"; $< = $box; $> = $box;
    if ($< != $box || $> != $box) { say_ctl("error sandbox: cannot run as uid $box: $!"); exit 126 }
  }
  syscall($nr, 1, 9, 0, 0, 0) if $nr > 0;
  exit 0 if getppid() != $server;
  say_ctl("pid $$");
  fcntl($ctl, 2, 0);
  exec { $cmd[0] } @cmd;
  say_ctl("error spawn $cmd[0] $!");
  exit 127;
}
$child = fork();
if (!defined $child) { say_ctl("error fork: $!"); exit 126 }
if ($child == 0) {
  $SIG{TERM} = 'DEFAULT'; $SIG{USR1} = 'DEFAULT';
  setpgrp(0, 0);
  %ENV = @env;
  $ENV{$_} = $restore{$_} for keys %restore;
  if (!chdir($cwd)) { say_ctl(cwd_error()); exit 127 }
  if (!found($cmd[0])) { say_ctl("error spawn $cmd[0] ENOENT"); exit 127 }
  say_ctl("pid $$");
  fcntl($ctl, 2, 1);
  if (!$lead) {
    # A host that runs hooks in its own process group: the shell is not its group's leader. This process leads
    # the group instead, so the group can still be signalled and swept as one, and ends as the shell ends. The
    # group's SIGTERM is the shell's to handle (a handler here, not IGNORE, which the shell would inherit).
    my $sh = fork();
    if (!defined $sh) { say_ctl("error fork: $!"); exit 126 }
    if ($sh == 0) {
      exec { $cmd[0] } @cmd;
      say_ctl("error spawn $cmd[0] $!");
      exit 127;
    }
    $SIG{$_} = sub {} for qw(TERM INT HUP);
    my $w;
    do { $w = waitpid($sh, 0) } while ($w == -1 && $! + 0 == 4);
    my $s = $?;
    if ($s & 127) { $SIG{$_} = 'DEFAULT' for qw(TERM INT HUP); kill($s & 127, $$); exit 128 + ($s & 127) }
    exit($s >> 8);
  }
  exec { $cmd[0] } @cmd;
  say_ctl("error spawn $cmd[0] $!");
  exit 127;
}
$SIG{PIPE} = 'IGNORE';
setpgrp($child, $child);
kill 'KILL', -$child if $all;
my $status;
while (1) {
  my $p = waitpid(-1, 0);
  if ($p == $child) { $status = $?; last }
  last if $p == -1 && $! + 0 != 4;
}
sub reap { my $r; while (($r = waitpid(-1, 1)) > 0) {} $r }
sub tree {
  my (%kids, %grp);
  opendir(my $d, '/proc') or return ();
  for my $n (readdir $d) {
    next unless $n =~ /^\d+$/;
    open(my $f, '<', "/proc/$n/stat") or next; my $s = <$f>; close $f;
    next unless defined $s && $s =~ /\) (\S) (\d+) (\d+)/;
    next if $1 eq 'Z' || $1 eq 'X';
    push @{$kids{$2}}, $n; $grp{$n} = $3;
  }
  my @out; my @todo = ($$);
  while (@todo) { my $p = shift @todo; for (@{$kids{$p} || []}) { push @out, [$_, $grp{$_}]; push @todo, $_ } }
  @out;
}
my ($left, $escaped, $clean) = (0, 0, 1);
# As a subreaper, no child left means no descendant left: the common case needs no look at /proc.
if (!$reaper || reap() != -1) {
  $clean = 0;
  my @first = tree();
  $left = grep { $_->[1] == $child } @first;
  $escaped = @first - $left;
  for (1 .. 500) {
    kill 'KILL', -$child;
    my @d = tree();
    kill 'KILL', map { $_->[0] } @d if @d;
    my $r = reap();
    if (!@d && ($r == -1 || !$reaper)) { $clean = $reaper; last }
    select(undef, undef, undef, 0.005);
  }
}
# How this process is about to end, which is how the hook's shell ended: a reader need not wait for the exit itself.
my $st = $status // 0;
say_ctl("end $left $escaped $reaper $clean " . (($st & 127) ? '- ' . ($st & 127) : ($st >> 8) . ' -'));
if ($status & 127) {
  my $sig = $status & 127;
  $SIG{TERM} = 'DEFAULT'; $SIG{USR1} = 'DEFAULT'; $SIG{PIPE} = 'DEFAULT';
  kill $sig, $$;
  exit 128 + $sig;
}
exit(($status // 0) >> 8);
`;

/** Perl reads these at startup: in the sandbox, where our own perl wrapper runs, they are handed to the hook instead. */
const PERL_STARTUP_VARS = /^PERL/;

/** prctl's syscall number per Node arch (no Perl module is loaded: `use POSIX` alone costs ~100 ms here). */
const PRCTL: Partial<Record<string, number>> = { x64: 157, arm64: 167, ia32: 172, arm: 172, riscv64: 167, ppc64: 171, s390x: 172 };

let perl: string | null | undefined;

/** The perl binary, found once on the server's PATH (a hook's PATH may be anything), or null without one. */
export function supervisorBinary(): string | null {
  if (perl !== undefined) return perl;
  perl = null;
  for (const dir of [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/bin']) {
    if (!dir) continue;
    const candidate = join(dir, 'perl');
    try {
      accessSync(candidate, constants.X_OK);
      perl = candidate;
      break;
    } catch {
      // not here
    }
  }
  return perl;
}

/** prctl's syscall number on this arch, or 0 where it is not known (then no subreaper and no parent-death signal). */
export function prctlNumber(): number {
  return PRCTL[process.arch] ?? 0;
}

/** How a supervisor process is started by Node itself: its command is sent later (supervisorMessage). */
export function supervisorArgs(serverPid = process.pid): string[] {
  return ['-e', SUPERVISOR_SCRIPT, String(serverPid), String(prctlNumber())];
}

export interface SupervisedSandbox {
  /** The uid bubblewrap runs as (the server is root), or null to keep the server's. */
  uid: number | null;
  /** The bubblewrap argv around the hook's argv; PERL* variables are restored inside, not for the sandbox's own perl. */
  wrap(argv: readonly string[], restore: readonly string[]): string[];
}

/**
 * The command for a waiting supervisor: run `argv` from `cwd` with `env`. Null when a field holds a NUL byte,
 * which exec cannot pass (the hook cannot start, as spawn() would have refused it).
 */
export function supervisorMessage(argv: readonly string[], env: Record<string, string>, cwd: string, sandbox?: SupervisedSandbox, groupLeader = true): Buffer | null {
  const pairs: string[] = [];
  const restore: string[] = [];
  for (const [k, v] of Object.entries(env)) {
    if (sandbox && PERL_STARTUP_VARS.test(k)) restore.push(k, v);
    else pairs.push(k, v);
  }
  const box = sandbox ? (sandbox.uid === null ? 'keep' : String(sandbox.uid)) : '-';
  const cmd = sandbox ? sandbox.wrap(argv, restore) : argv;
  const fields = [cwd, box, groupLeader ? '1' : '0', String(pairs.length / 2), ...pairs, '0', ...cmd];
  if (fields.some((f) => f.includes('\0'))) return null;
  const body = Buffer.from(fields.join('\0'));
  return Buffer.concat([Buffer.from(`${body.length}\n`), body]);
}

export type SupervisorReport =
  | { kind: 'pid'; pid: number }
  | { kind: 'error'; message: string }
  /** exit: how the supervisor exits next (the hook's shell's code, or the signal number that killed it). */
  | { kind: 'end'; leftovers: number; escaped: number; subreaper: boolean; clean: boolean; exit?: { code: number | null; signal: number | null } }
  /** From the sandbox's wrapper (sandbox.ts): how the hook's shell really ended, and what it used. */
  | { kind: 'sandbox'; code: number; signal: number; left: number; maxRssKiB: number; cpuSeconds: number };

export function parseReport(line: string): SupervisorReport | null {
  const [word, ...rest] = line.split(' ');
  if (word === 'pid') return { kind: 'pid', pid: Number(rest[0]) };
  if (word === 'error') return { kind: 'error', message: rest.join(' ') };
  if (word === 'sandbox') return { kind: 'sandbox', code: Number(rest[0]), signal: Number(rest[1]), left: Number(rest[2]), maxRssKiB: Number(rest[3]), cpuSeconds: Number(rest[4]) };
  if (word === 'end') {
    const [code, signal] = [rest[4], rest[5]];
    const exit = code === undefined ? undefined : { code: code === '-' ? null : Number(code), signal: signal === undefined || signal === '-' ? null : Number(signal) };
    return { kind: 'end', leftovers: Number(rest[0]), escaped: Number(rest[1]), subreaper: rest[2] === '1', clean: rest[3] === '1', ...(exit ? { exit } : {}) };
  }
  return null;
}
