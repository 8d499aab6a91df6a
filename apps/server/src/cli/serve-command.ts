import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkSandbox, SandboxUnavailableError, type SandboxConfig } from '@hookplay/engine';
import { isLoopback } from '../server/origins.js';
import { DEFAULT_PORT, ServeError, startServer } from '../server/start.js';

interface ServeArgs {
  host: string;
  port: number;
  open: boolean;
  sandbox: boolean;
}

function parseArgs(args: string[]): ServeArgs | string {
  let host = '127.0.0.1';
  let port = DEFAULT_PORT;
  let open = false;
  let sandbox = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? args[++i];
    if (flag === '--open') open = true;
    else if (flag === '--sandbox') sandbox = true;
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
  return { host, port, open, sandbox };
}

function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'start' : 'xdg-open';
  const child = spawn(command, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => process.stderr.write(`(could not open a browser with ${command}; open the URL above yourself)\n`));
  child.unref();
}

/**
 * An installed package carries the built web app in its own `web/` folder (see scripts/pack.mjs); in the
 * monorepo the server's default (apps/web/dist) applies.
 */
function packagedWebRoot(): string | undefined {
  const root = fileURLToPath(new URL('../../web', import.meta.url));
  return existsSync(`${root}/index.html`) ? root : undefined;
}

function describeLimits({ limits: l }: SandboxConfig): string {
  return `${l.processes} processes, ${Math.round(l.memoryBytes / 1024 / 1024)} MiB, ${l.cpuSeconds} s CPU, ${Math.round(l.fileBytes / 1024 / 1024)} MiB files`;
}

/** `hookplay serve`: prints one line with the URL (token included) and serves until SIGINT/SIGTERM. */
export async function serveCommand(args: string[]): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    process.stderr.write(`hookplay serve: ${parsed}\nusage: hookplay serve [--port N] [--host H] [--open] [--sandbox]\n`);
    return 2;
  }
  let sandbox: SandboxConfig | undefined;
  if (parsed.sandbox) {
    try {
      sandbox = checkSandbox();
    } catch (e) {
      if (!(e instanceof SandboxUnavailableError)) throw e;
      process.stderr.write(`hookplay serve: --sandbox: ${e.message}. Not starting: with --sandbox no hook ever runs unsandboxed.\n`);
      return 1;
    }
  }
  let server;
  try {
    const webRoot = packagedWebRoot();
    server = await startServer({ host: parsed.host, port: parsed.port, ...(webRoot ? { webRoot } : {}), ...(sandbox ? { sandbox } : {}) });
  } catch (e) {
    if (e instanceof ServeError) {
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
  process.stdout.write(`hookplay is running at ${server.url}\n`);
  if (parsed.open) openBrowser(server.url);
  const stop = () => {
    process.stderr.write('hookplay serve: stopping (killing running hooks)\n');
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return -1;
}
