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

export async function startServer(): Promise<Served> {
  for (const [file, what] of [
    [CLI, 'the server'],
    [WEB, 'the web app'],
  ] as const) {
    if (!existsSync(file)) throw new Error(`${what} is not built (${file} is missing): run \`npm run build\` first`);
  }
  const child: ChildProcess = spawn(process.execPath, [CLI, 'serve', '--port', '0'], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
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
