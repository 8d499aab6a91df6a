import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkSandbox, SandboxUnavailableError, type SandboxConfig } from '@hookplay/engine';
import { join } from 'node:path';
import { isLoopback } from '../server/origins.js';
import { connectRunQueue, QueueError } from '../server/queue/client.js';
import { openShortLinkStore } from '../server/short-links/open-store.js';
import { StoreError, type ShortLinkStore } from '../server/short-links/store.js';
import { loadTeamAuth, TeamAuthError } from '../server/team-auth.js';
import { dataDir } from './data-dir.js';
import { DEFAULT_PORT, ServeError, startServer } from '../server/start.js';

interface ServeArgs {
  host: string;
  port: number;
  open: boolean;
  sandbox: boolean;
  team: boolean;
  data?: string;
  databaseUrl?: string;
  publicUrl?: URL;
  maxRunsPerUser: number;
  queue?: string;
}

function parseArgs(args: string[]): ServeArgs | string {
  let host = '127.0.0.1';
  let port = DEFAULT_PORT;
  let open = false;
  let sandbox = false;
  const extra: Partial<ServeArgs> = {};
  let team = false;
  let maxRunsPerUser = 4;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? args[++i];
    if (flag === '--open') open = true;
    else if (flag === '--sandbox') sandbox = true;
    else if (flag === '--team') team = true;
    else if (flag === '--data' || flag === '--database-url' || flag === '--queue') {
      const v = value();
      if (!v) return `${flag} needs a value`;
      if (flag === '--data') extra.data = v;
      else if (flag === '--database-url') extra.databaseUrl = v;
      else extra.queue = v;
    } else if (flag === '--public-url') {
      const v = value();
      try {
        const url = new URL(v ?? '');
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
        extra.publicUrl = url;
      } catch {
        return `--public-url needs an http:// or https:// URL${v ? `, not "${v}"` : ''}`;
      }
    } else if (flag === '--max-runs-per-user') {
      const v = value();
      if (v === undefined || !/^\d+$/.test(v) || Number(v) < 1 || Number(v) > 1000) return `--max-runs-per-user needs a number from 1 to 1000${v !== undefined ? `, not "${v}"` : ''}`;
      maxRunsPerUser = Number(v);
    }
    else if (flag === '--port') {
      const v = value();
      if (v === undefined || !/^\d+$/.test(v) || Number(v) > 65535) return `--port needs a number from 0 to 65535${v !== undefined ? `, not "${v}"` : ''}`;
      port = Number(v);
    } else if (flag === '--host') {
      const v = value();
      if (!v) return '--host needs an address, e.g. 127.0.0.1';
      host = v;
    } else return `unknown option "${arg}"`;
  }
  if (!team && (extra.publicUrl || maxRunsPerUser !== 4)) return '--public-url and --max-runs-per-user are for a team server: add --team';
  // A team server runs anyone's hooks: never without the sandbox.
  return { host, port, open, sandbox: sandbox || team, team, maxRunsPerUser, ...extra };
}

export function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'start' : 'xdg-open';
  const child = spawn(command, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => process.stderr.write(`(could not open a browser with ${command}; open the URL above yourself)\n`));
  child.unref();
}

/**
 * An installed package carries the built web app in its own `web/` folder (see scripts/pack.mjs); in the
 * monorepo the server's default (apps/web/dist) applies.
 */
export function packagedWebRoot(): string | undefined {
  const root = fileURLToPath(new URL('../../web', import.meta.url));
  return existsSync(`${root}/index.html`) ? root : undefined;
}

function describeLimits({ limits: l }: SandboxConfig): string {
  return `${l.processes} processes, ${Math.round(l.memoryBytes / 1024 / 1024)} MiB, ${l.cpuSeconds} s CPU, ${Math.round(l.fileBytes / 1024 / 1024)} MiB files`;
}

/**
 * `hookplay serve`: prints one line with the URL (token included) and serves until SIGINT/SIGTERM. `hookplay open`
 * serves the same way with a link's hash after the URL (`then.hash`), and opens it.
 */
export async function serveCommand(args: string[], then: { hash?: string; open?: boolean } = {}): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    process.stderr.write(`hookplay serve: ${parsed}\nusage: hookplay serve [--port N] [--host H] [--open] [--sandbox] [--team] [--data DIR] [--database-url URL] [--queue URL]\n`);
    return 2;
  }
  let sandbox: SandboxConfig | undefined;
  // With --queue this server runs no hook: the workers must sandbox them (each run says so), not this machine.
  if (parsed.sandbox && parsed.queue === undefined) {
    try {
      sandbox = checkSandbox();
    } catch (e) {
      if (!(e instanceof SandboxUnavailableError)) throw e;
      process.stderr.write(`hookplay serve: --sandbox: ${e.message}. Not starting: with --sandbox no hook ever runs unsandboxed.\n`);
      return 1;
    }
  }
  let server;
  let links: ShortLinkStore | undefined;
  try {
    const dir = dataDir(parsed.data);
    const team = parsed.team ? { auth: loadTeamAuth(dir), dataDir: dir, maxRunsPerUser: parsed.maxRunsPerUser, ...(parsed.publicUrl ? { publicUrl: parsed.publicUrl } : {}) } : undefined;
    if (parsed.team || parsed.data !== undefined || parsed.databaseUrl !== undefined) links = await openShortLinkStore({ dataDir: dir, databaseUrl: parsed.databaseUrl });
    const queue = parsed.queue !== undefined ? await connectRunQueue(parsed.queue) : undefined;
    const webRoot = packagedWebRoot();
    server = await startServer({
      host: parsed.host,
      port: parsed.port,
      ...(webRoot ? { webRoot } : {}),
      ...(sandbox ? { sandbox } : {}),
      ...(links ? { links } : {}),
      ...(team ? { team } : {}),
      ...(queue ? { queue, workersMustSandbox: parsed.sandbox } : {}),
    });
    if (team) process.stderr.write(`hookplay serve: team server: ${team.auth.userCount} user${team.auth.userCount === 1 ? '' : 's'}${team.auth.hasSecret ? ' and a team secret' : ''} may sign in; runs are logged in ${join(dir, 'audit.log')}\n`);
    if (links) process.stderr.write(`hookplay serve: short links in ${links.kind === 'postgres' ? 'PostgreSQL' : join(dir, 'short-links.sqlite')}\n`);
    if (queue) process.stderr.write(`hookplay serve: runs go to the workers on ${queue.where}${parsed.sandbox ? ' (only to workers started with --sandbox)' : ''}\n`);
    if (team && !isLoopback(parsed.host) && !parsed.publicUrl) process.stderr.write(`hookplay serve: note: only loopback names are accepted as this server's address; give --public-url with the address teammates open\n`);
  } catch (e) {
    await links?.close().catch(() => {});
    if (e instanceof ServeError || e instanceof TeamAuthError || e instanceof StoreError || e instanceof QueueError) {
      process.stderr.write(`hookplay serve: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
  if (!isLoopback(parsed.host) && !sandbox) {
    process.stderr.write(
      `warning: listening on ${parsed.host}, beyond this machine. Anyone who can reach it and has the token can run commands as ${process.env.USER ?? 'you'}.\n`,
    );
  }
  if (sandbox) process.stderr.write(`hookplay serve: every hook runs sandboxed (bubblewrap${sandbox.uid !== null ? `, as uid ${sandbox.uid}` : ''}: no network, read-only system, limits ${describeLimits(sandbox)})\n`);
  const url = `${server.url}${then.hash ?? ''}`;
  process.stdout.write(`hookplay is running at ${url}\n`);
  if (parsed.open || then.open) openBrowser(url);
  const stop = () => {
    process.stderr.write('hookplay serve: stopping (killing running hooks)\n');
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return -1;
}
