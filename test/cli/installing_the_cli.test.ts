import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO } from '../support/paths.js';

/**
 * The CLI as a new user gets it: a fresh clone where `npm ci` is the only setup step, and the npm tarball
 * installed into an empty folder with no workspace around it. Slow (a full `npm ci` with its build, then an
 * install), so it runs once, in order; npm uses its cache first so no test depends on the network's speed.
 */
const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'hookplay-install-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
// None of the npm_* variables of an `npm test` run (npm_config_local_prefix would point npx at this checkout).
const ambient = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_')));
const npmEnv = { ...ambient, NO_COLOR: '1', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_prefer_offline: 'true', npm_config_update_notifier: 'false' };
const sh = (cmd: string, args: string[], cwd: string) => run(cmd, args, { cwd, env: npmEnv, maxBuffer: 64 * 1024 * 1024 });
const npx = async (cwd: string, ...args: string[]) => {
  try {
    const { stdout, stderr } = await sh('npx', ['--no-install', 'hookplay', ...args], cwd);
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
};

/** A clean copy of the checkout: the files git knows (committed or not, never ignored ones like dist/ or node_modules/). */
async function cleanCopy(): Promise<string> {
  const dest = join(work, 'clone');
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO, maxBuffer: 64 * 1024 * 1024 });
  for (const file of stdout.split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    try {
      cpSync(join(REPO, file), join(dest, file));
    } catch (e) {
      // A file deleted in the work tree but not yet in git's index is not part of the copy.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  return dest;
}

function serveUntilUrl(cwd: string): Promise<{ url: string; stop: () => Promise<number | null> }> {
  const child = spawn('npx', ['--no-install', 'hookplay', 'serve', '--port', '0'], { cwd, env: npmEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no URL in 60 s: ${out}`)), 60_000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /hookplay is running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[1]!,
          stop: () =>
            new Promise((done) => {
              child.once('close', (code) => done(code));
              // npx and the node it started share the group made by `detached`.
              process.kill(-child.pid!, 'SIGTERM');
            }),
        });
      }
    });
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
  });
}

describe('installing the hookplay CLI', () => {
  let clone: string;
  let tarball: string;

  it('works as `npx hookplay` on a fresh clone right after `npm ci`', { timeout: 900_000 }, async () => {
    clone = await cleanCopy();
    await sh('npm', ['ci'], clone);
    const ran = await npx(clone, 'run', 'scenarios/mirri/block-rm-rf.hookplay.json');
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/Verdict block: Dangerous command detected, blocked/);
    const tested = await npx(clone, 'test', 'scenarios/mirri', '--reporter', 'tap');
    expect(tested.code).toBe(0);
    expect(tested.stdout).toMatch(/^TAP version 13\n1\.\.\d+\nok 1 /);
  });

  it('packs into a tarball that installs into an empty folder and runs run, test and serve there', { timeout: 600_000 }, async () => {
    const packs = join(work, 'packs');
    const { stdout } = await sh('npm', ['run', '--silent', 'pack:cli', '--', '--out', packs], clone);
    tarball = stdout.trim().split('\n').at(-1)!;
    expect(readdirSync(packs)).toEqual(['hookplay-0.1.0.tgz']);

    const empty = join(work, 'user-project');
    mkdirSync(empty);
    await sh('npm', ['init', '-y'], empty);
    await sh('npm', ['install', tarball], empty);
    // Nothing of the workspace around it: scenarios are copied in as a user's own files would be.
    cpSync(join(clone, 'scenarios/mework'), join(empty, 'hooks-tests'), { recursive: true });
    rmSync(clone, { recursive: true, force: true });

    const ran = await npx(empty, 'run', 'hooks-tests/docs-no-force-push.hookplay.json', '--json');
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)).toMatchObject({ dialect: 'mework', verdict: expect.any(String) });
    const tested = await npx(empty, 'test', 'hooks-tests', '--jobs', '2', '--reporter', 'junit');
    expect(tested.code).toBe(0);
    expect(tested.stdout).toMatch(/<testsuites name="hookplay" tests="\d+" failures="0" errors="0"/);

    const server = await serveUntilUrl(empty);
    try {
      const page = await fetch(server.url);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toMatch(/<script type="module"[^>]* src="\/assets\//);
      expect(html).not.toMatch(/not built yet/);
      const token = new URL(server.url).searchParams.get('token');
      const health = await fetch(new URL('/api/health', server.url), { headers: { authorization: `Bearer ${token}` } });
      expect(await health.json()).toEqual({ ok: true, version: '0.1.0' });
    } finally {
      await server.stop();
    }
  });
});
