/**
 * The simulated machine a run creates: where files land, what hooks see as HOME, cwd, TMPDIR and environment,
 * and that the whole directory is gone once the run is over, however it ended.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialize, parseScenario, removalsSettled } from '@hookplay/engine';
import { scratchDir } from '../runner/procs.js';
import { MIRRI_CONFIG, mirriScenario, record, runParent } from './helpers.js';

const scratch = scratchDir('hookplay-run-workspace-');
afterAll(scratch.remove);

/** Key=value lines of `env` output, as an object. */
const parseEnv = (text: string): Record<string, string> =>
  Object.fromEntries(text.split('\0').filter(Boolean).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));

describe('runScenario: the workspace', () => {
  it('puts ~/ keys in the simulated HOME and the rest in the project dir, which is the hook\u2019s cwd', async () => {
    const { tmpDir } = runParent(scratch.dir);
    const scenario = mirriScenario(['printf "%s\\n" "$HOME" "$PWD" "$(pwd -P)" "$TMPDIR"; cat ~/in-home.txt; cat in-project.txt; cat deep/er/file.txt; ls ~'], {
      '~/in-home.txt': 'H\n',
      'in-project.txt': 'P\n',
      'deep/er/file.txt': 'D\n',
    });
    const { outcome } = await record(scenario, { tmpDir });
    const [home, pwd, physical, tmp, ...rest] = outcome.hooks[0]!.stdout.split('\n');
    expect(outcome.hooks[0]!.exitCode).toBe(0);
    const root = home!.replace(/\/home$/, '');
    expect(home).toBe(join(root, 'home'));
    expect(pwd).toBe(join(root, 'project'));
    expect(physical).toBe(pwd);
    expect(tmp).toBe(join(root, 'tmp'));
    expect(root.startsWith(tmpDir)).toBe(true);
    expect(rest.slice(0, 3)).toEqual(['H', 'P', 'D']);
    // The config itself is a ~/ key too.
    expect(rest).toContain('in-home.txt');
    // Gone after the run (removed once its answer is out).
    await removalsSettled();
    expect(existsSync(root)).toBe(false);
  });

  it('makes #! files executable, and only those', async () => {
    const scenario = mirriScenario(['./bin/hook.sh; ~/hooks/home-hook.sh; test -x data.txt || echo data-not-executable'], {
      'bin/hook.sh': '#!/bin/sh\necho ran-from-project\n',
      '~/hooks/home-hook.sh': '#!/bin/sh\necho ran-from-home\n',
      'data.txt': 'plain\n',
    });
    const { outcome } = await record(scenario);
    expect(outcome.hooks[0]).toMatchObject({ exitCode: 0, stdout: 'ran-from-project\nran-from-home\ndata-not-executable\n' });
  });

  it('materialize() writes the files with the right modes and dispose() removes everything', async () => {
    const ws = await materialize({ '~/a/x.sh': '#!/bin/sh\n', 'b/y.txt': 'y' }, scratch.dir);
    try {
      expect(statSync(join(ws.home, 'a/x.sh')).mode & 0o111).toBe(0o111);
      expect(statSync(join(ws.project, 'b/y.txt')).mode & 0o111).toBe(0);
      expect(ws.resolve('~/a/x.sh')).toBe(join(ws.home, 'a/x.sh'));
      expect(ws.resolve('b/y.txt')).toBe(join(ws.project, 'b/y.txt'));
    } finally {
      await ws.dispose();
    }
    expect(existsSync(ws.root)).toBe(false);
  });

  it('materialize() refuses a key that escapes the workspace and leaves no directory behind', async () => {
    const { tmpDir, leftovers } = runParent(scratch.dir);
    await expect(materialize({ '../escape.txt': 'x' }, tmpDir)).rejects.toThrow(/escape/);
    expect(await leftovers()).toEqual([]);
  });

  it.each([
    ['a hook that succeeds', 'echo fine'],
    ['a hook that fails', 'echo bad >&2; exit 1'],
    ['a hook that blocks', 'echo no >&2; exit 2'],
    ['a hook that is not found', 'no-such-hook-cmd-xyz'],
    ['a hook that times out', 'sleep 30'],
    ['a hook that leaves a background process', 'sleep 30 & echo hi'],
    ['a hook that writes files all over its workspace', 'mkdir -p a/b && touch a/b/c ~/d "$TMPDIR/e"'],
    ['a hook that leaves read-only directories', 'mkdir -p ~/go/pkg/mod/m a && touch ~/go/pkg/mod/m/f a/f && chmod 555 ~/go/pkg/mod/m && chmod 000 a'],
  ])('removes the run directory after %s', async (_what, command) => {
    const { tmpDir, leftovers } = runParent(scratch.dir);
    await record(mirriScenario([{ command, timeout: 1 }]), { tmpDir });
    expect(await leftovers()).toEqual([]);
  });

  // Regression: as root, rm ignores permissions, so this needs a real unprivileged user. The child process runs
  // the built engine (npm test builds first); skipped when dist is older than the source it would test.
  const dist = fileURLToPath(new URL('../../dist/workspace.js', import.meta.url));
  const src = fileURLToPath(new URL('../../src/workspace.ts', import.meta.url));
  const canDrop = process.getuid?.() === 0 && existsSync('/usr/bin/setpriv');
  const distFresh = existsSync(dist) && statSync(dist).mtimeMs >= statSync(src).mtimeMs;
  it.runIf(distFresh)('a process that exits the moment a run answers still leaves no run directory', () => {
    const { tmpDir } = runParent(scratch.dir);
    const engine = pathToFileURL(fileURLToPath(new URL('../../dist/index.js', import.meta.url))).href;
    // Removal happens after the answer; process.exit() does not wait for it, so the engine's exit hook must.
    const script = `
      import { parseScenario, runScenario } from ${JSON.stringify(engine)};
      const s = parseScenario({ hookplay: 1, dialect: 'mirri', event: 'Stop', payload: {}, files: { ${JSON.stringify(MIRRI_CONFIG)}: '[[hooks]]\\nevent = "Stop"\\ncommand = "mkdir -p a/b/c && echo made"\\n' } });
      const o = await runScenario(s, { tmpDir: process.argv[1] });
      console.log(o.hooks[0].stdout.trim());
      process.exit(0);`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script, tmpDir], { encoding: 'utf8', timeout: 20_000 });
    expect(child.stdout.trim()).toBe('made');
    expect(readdirSync(tmpDir)).toEqual([]);
  });

  it.runIf(canDrop && distFresh)('as an unprivileged user, removes the run directory of a hook that left read-only directories (a Go module cache)', async () => {
    const { tmpDir, leftovers } = runParent(scratch.dir);
    chmodSync(scratch.dir, 0o755);
    chmodSync(tmpDir, 0o777);
    const engine = pathToFileURL(fileURLToPath(new URL('../../dist/index.js', import.meta.url))).href;
    const command = 'mkdir -p ~/go/pkg/mod/m@v1 locked && touch ~/go/pkg/mod/m@v1/go.mod locked/f && chmod -R 555 ~/go && chmod 000 locked && echo made';
    const script = `
      import { parseScenario, runScenario } from ${JSON.stringify(engine)};
      const s = parseScenario({ hookplay: 1, dialect: 'mirri', event: 'Stop', payload: {}, files: { ${JSON.stringify(MIRRI_CONFIG)}: ${JSON.stringify(`[[hooks]]\nevent = "Stop"\ncommand = ${JSON.stringify(command)}\n`)} } });
      try {
        const o = await runScenario(s, { tmpDir: process.argv[1] });
        console.log(JSON.stringify({ ok: true, stdout: o.hooks[0].stdout }));
      } catch (e) {
        console.log(JSON.stringify({ ok: false, error: String(e) }));
      }`;
    const child = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '--input-type=module', '-e', script, tmpDir], { encoding: 'utf8', timeout: 20_000 });
    const lines = child.stdout.trim().split('\n');
    const report = JSON.parse(lines.at(-1) ?? '{}') as { ok: boolean; stdout?: string; error?: string };
    try {
      expect(report).toEqual({ ok: true, stdout: 'made\n' });
      expect(await leftovers()).toEqual([]);
    } finally {
      // As root, clean up whatever the failing case left.
      spawnSync('rm', ['-rf', tmpDir]);
    }
  });
});

describe('runScenario: the hook environment', () => {
  const SECRET = 'SECRET_TOKEN';
  beforeAll(() => {
    process.env[SECRET] = 'do-not-leak-42';
    process.env.HOOKPLAY_TEST_OTHER = 'also-private';
  });
  afterAll(() => {
    delete process.env[SECRET];
    delete process.env.HOOKPLAY_TEST_OTHER;
  });

  it('gives hooks PATH, HOME, LANG, TMPDIR and host.env only: nothing else of this process', async () => {
    const scenario = parseScenario({
      hookplay: 1,
      dialect: 'mirri',
      host: { env: { FROM_HOST: 'yes', MIRRICODE_EXPERIMENTAL_HOOK_COMMAND_REWRITE: 'false' } },
      files: { [MIRRI_CONFIG]: '[[hooks]]\nevent = "Stop"\ncommand = "env -0"\n' },
      event: 'Stop',
      payload: {},
    });
    const { outcome } = await record(scenario);
    const env = parseEnv(outcome.hooks[0]!.stdout);
    // The shell itself adds PWD (dash exports it); nothing else may appear.
    expect(Object.keys(env).sort()).toEqual(['FROM_HOST', 'HOME', 'LANG', 'MIRRICODE_EXPERIMENTAL_HOOK_COMMAND_REWRITE', 'PATH', 'PWD', 'TMPDIR']);
    expect(env.PATH).toBe(process.env.PATH);
    expect(env.FROM_HOST).toBe('yes');
    expect(outcome.hooks[0]!.stdout).not.toContain('do-not-leak-42');
    expect(outcome.hooks[0]!.stdout).not.toContain('also-private');
  });

  it('takes PATH and LANG from options.env when given, and still nothing else from it', async () => {
    const { outcome } = await record(mirriScenario(['env -0']), { env: { PATH: '/usr/bin:/bin', LANG: 'C', [SECRET]: 'from-options' } });
    const env = parseEnv(outcome.hooks[0]!.stdout);
    expect(env).toMatchObject({ PATH: '/usr/bin:/bin', LANG: 'C' });
    expect(env[SECRET]).toBeUndefined();
  });

  it('does not let host.env replace HOME or TMPDIR, which belong to the simulated machine', async () => {
    const scenario = parseScenario({
      hookplay: 1,
      dialect: 'mirri',
      host: { env: { HOME: '/root', TMPDIR: '/tmp' } },
      files: { [MIRRI_CONFIG]: '[[hooks]]\nevent = "Stop"\ncommand = "printf \'%s %s\' \\"$HOME\\" \\"$TMPDIR\\""\n' },
      event: 'Stop',
      payload: {},
    });
    const { outcome } = await record(scenario);
    const [home, tmp] = outcome.hooks[0]!.stdout.split(' ');
    expect(home).toMatch(/hookplay-[^/]+\/home$/);
    expect(tmp).toMatch(/hookplay-[^/]+\/tmp$/);
  });
});
