/**
 * The only way out of a real run's network namespace: a TCP port on the namespace's own loopback, forwarded to
 * the mock's Unix socket in the run directory. The namespace has no other interface, so whatever the CLI tries
 * (the vendor's API, telemetry, an update check, a hook's curl) reaches the mock or nothing.
 *
 * Perl, as the engine's supervisor is: it starts in milliseconds. The first process binds the port and exits, so
 * the launcher starts the CLI only once the port answers; the forked child serves one connection per fork and
 * dies with the namespace.
 */
export const FORWARDER = String.raw`
use strict; use warnings; use Socket; use IO::Socket::INET; use IO::Socket::UNIX; use IO::Select;
my ($port, $path) = @ARGV;
my $l = IO::Socket::INET->new(LocalAddr => '127.0.0.1', LocalPort => $port, Listen => 128, ReuseAddr => 1, Proto => 'tcp')
  or die "hookplay forwarder: cannot listen on 127.0.0.1:$port: $!\n";
my $pid = fork();
die "hookplay forwarder: fork: $!\n" unless defined $pid;
exit 0 if $pid;
$SIG{CHLD} = 'IGNORE';
open(STDIN, '<', '/dev/null'); open(STDOUT, '>', '/dev/null');
while (1) {
  my $c = $l->accept or next;
  my $k = fork();
  if (defined $k && $k == 0) {
    close $l;
    my $u = IO::Socket::UNIX->new(Type => SOCK_STREAM(), Peer => $path) or exit 0;
    my $sel = IO::Select->new($c, $u);
    my $buf;
    OUTER: while (my @ready = $sel->can_read) {
      for my $h (@ready) {
        my $n = sysread($h, $buf, 65536);
        last OUTER unless $n;
        my $o = $h == $c ? $u : $c;
        my $off = 0;
        while ($off < $n) { my $w = syswrite($o, $buf, $n - $off, $off); last OUTER unless defined $w; $off += $w; }
      }
    }
    exit 0;
  }
  close $c;
}
`;

/** The port the mock answers on inside every namespace: each run has a namespace of its own, so it is always free. */
export const INNER_PORT = 41414;
export const INNER_URL = `http://127.0.0.1:${INNER_PORT}`;

/**
 * Every proxy variable, upper and lower case, pointing at the mock (which refuses whatever is not its own API), with
 * loopback left direct: the environment the hosts that talk to a loopback mock run with.
 */
export const PROXY_TO_MOCK = {
  HTTPS_PROXY: INNER_URL,
  HTTP_PROXY: INNER_URL,
  ALL_PROXY: INNER_URL,
  https_proxy: INNER_URL,
  http_proxy: INNER_URL,
  all_proxy: INNER_URL,
  NO_PROXY: '127.0.0.1,localhost',
  no_proxy: '127.0.0.1,localhost',
} as const;
