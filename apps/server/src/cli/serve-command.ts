import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isLoopback } from '../server/origins.js';
import { DEFAULT_PORT, ServeError, startServer } from '../server/start.js';

function parseArgs(args: string[]): { host: string; port: number; open: boolean } | string {
  let host = '127.0.0.1';
  let port = DEFAULT_PORT;
  let open = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? args[++i];
    if (flag === '--open') open = true;
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
  return { host, port, open };
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

/** `hookplay serve`: prints one line with the URL (token included) and serves until SIGINT/SIGTERM. */
export async function serveCommand(args: string[]): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    process.stderr.write(`hookplay serve: ${parsed}\nusage: hookplay serve [--port N] [--host H] [--open]\n`);
    return 2;
  }
  let server;
  try {
    const webRoot = packagedWebRoot();
    server = await startServer({ host: parsed.host, port: parsed.port, ...(webRoot ? { webRoot } : {}) });
  } catch (e) {
    if (e instanceof ServeError) {
      process.stderr.write(`hookplay serve: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
  if (!isLoopback(parsed.host)) {
    process.stderr.write(
      `warning: listening on ${parsed.host}, beyond this machine. Anyone who can reach it and has the token can run commands as ${process.env.USER ?? 'you'}.\n`,
    );
  }
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
