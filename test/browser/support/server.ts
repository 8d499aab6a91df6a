/**
 * The real `hookplay serve`, as a child process on a free port. Tests read the one URL line it prints,
 * exactly as a person would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const CLI = `${REPO}apps/server/dist/cli.js`;
const WEB = `${REPO}apps/web/dist/index.html`;

export interface Served {
  /** The printed URL, with `?token=`. */
  url: string;
  origin: string;
  token: string;
  stop(): Promise<void>;
}

export interface ServeOptions {
  /** A fixed port (to restart "the same" server); default: any free port. */
  port?: number;
  /**
   * A fixed token, for a server that goes away and comes back as the same one (a network blip). The CLI
   * always makes a fresh token, so this starts the same server code through its module entry instead.
   */
  token?: string;
  /** More environment for the server (a cache folder of its own, say). */
  env?: Record<string, string>;
}

/** A port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function startServer(options: ServeOptions = {}): Promise<Served> {
  for (const [file, what] of [
    [CLI, 'the server'],
    [WEB, 'the web app'],
  ] as const) {
    if (!existsSync(file)) throw new Error(`${what} is not built (${file} is missing): run \`npm run build\` first`);
  }
  const port = String(options.port ?? 0);
  const argv = options.token
    ? [
        '--input-type=module',
        '-e',
        `const { startServer } = await import(${JSON.stringify(`${REPO}apps/server/dist/server/start.js`)});
         const s = await startServer({ port: ${port}, token: ${JSON.stringify(options.token)} });
         process.stdout.write('hookplay is running at ' + s.url + '\\n');
         process.once('SIGTERM', () => s.close().then(() => process.exit(0)));`,
      ]
    : [CLI, 'serve', '--port', port];
  const child: ChildProcess = spawn(process.execPath, argv, {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', ...options.env },
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`hookplay serve printed no URL within 15 s\n${out}${stderr}`)), 15_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /(http:\/\/\S+\/\?token=[0-9a-f]{64})/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`hookplay serve exited with ${code}\n${out}${stderr}`));
    });
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    token: parsed.searchParams.get('token')!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}
