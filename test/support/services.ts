/**
 * Real Redis and PostgreSQL servers for the tests, started on loopback from the test itself (scripts/test.sh
 * installs Debian's redis-server and postgresql when missing), each in a fresh temporary directory, gone after.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Service {
  url: string;
  /** Its temporary directory (removed by stop()). */
  dir: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function stopper(child: ChildProcess, dir: string, signal: NodeJS.Signals = 'SIGTERM'): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      const done = () => {
        if (dir !== tmpdir()) rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      const hard = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(hard);
        done();
      });
      child.kill(signal);
    });
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, child: ChildProcess, log: () => string, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}): ${log()}`);
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start within ${ms} ms: ${log()}`);
}

export async function startRedis(): Promise<Service> {
  // No persistence (--save '', no AOF): Redis writes nothing, so it needs no directory of its own to clean up.
  const dir = tmpdir();
  const port = await freePort();
  // setpriv --pdeathsig: the kernel kills the server when the test process that started it ends, however it ends.
  const child = spawn('setpriv', ['--pdeathsig', 'KILL', '--', 'redis-server', '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--protected-mode', 'yes'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  await waitFor(() => log.includes('Ready to accept connections'), 'redis-server', child, () => log);
  return { url: `redis://127.0.0.1:${port}`, dir, port, process: child, stop: stopper(child, dir) };
}

function postgresBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(join(root, v, 'bin', name))) return join(root, v, 'bin', name);
  return name;
}

/** PostgreSQL refuses to run as root: as root, it runs as the `postgres` user (setpriv, which execs in place). */
function asPostgres(file: string, args: string[]): [string, string[]] {
  const user = process.getuid?.() === 0 ? ['--reuid=postgres', '--regid=postgres', '--init-groups'] : [];
  return ['setpriv', [...user, '--pdeathsig', 'KILL', '--', file, ...args]];
}

export async function startPostgres(): Promise<Service> {
  const dir = mkdtempSync(join(tmpdir(), 'hookplay-test-pg-'));
  if (process.getuid?.() === 0) {
    const pw = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const uid = Number(pw.stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const [initFile, initArgs] = asPostgres(postgresBin('initdb'), ['-D', data, '-U', 'hookplay', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const init = spawnSync(initFile, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.error?.message}`);
  const port = await freePort();
  const [file, args] = asPostgres(postgresBin('postgres'), ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off']);
  const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  await waitFor(() => log.includes('database system is ready to accept connections'), 'postgres', child, () => log);
  // setpriv execs: the child is postgres itself. SIGINT is its "fast" shutdown (SIGTERM waits for clients).
  return { url: `postgres://hookplay@127.0.0.1:${port}/postgres`, dir, port, process: child, stop: stopper(child, dir, 'SIGINT') };
}
