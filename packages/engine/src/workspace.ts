import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, realpath, rm, rmdir, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { filePathProblem } from './scenario.js';

export interface Workspace {
  root: string;
  home: string;
  project: string;
  tmp: string;
  /** Absolute path of a scenario file key. */
  resolve(key: string): string;
  dispose(): Promise<void>;
}

/** Resolves a file key against a home and project directory; keys are validated by the scenario schema. */
export function resolveKey(key: string, paths: { home: string; project: string }): string {
  return key.startsWith('~/') ? join(paths.home, key.slice(2)) : join(paths.project, key);
}

// realpath: on some systems tmpdir is a symlink, and hooks compare `cwd` with `$PWD`. The parent's real path is
// looked up once per parent; a directory made inside a real path is real too.
const realParents = new Map<string, Promise<string>>();
function realParent(parent: string): Promise<string> {
  let real = realParents.get(parent);
  if (real === undefined) {
    real = realpath(parent);
    realParents.set(parent, real);
    real.catch(() => realParents.delete(parent));
  }
  return real;
}

/** What a scenario says about its files beyond their text (its `modes` and `git`). */
export interface MaterializeOptions {
  /** Octal modes by file key; a file not listed gets 755 when it starts with `#!`, else the default. */
  modes?: Record<string, string>;
  /** Make the project directory a git repository, so hooks that ask git for the top level find it. */
  git?: boolean;
  /** Directories the host makes for its hooks before any runs (file keys: `~/...` in the home), e.g. a plugin's data. */
  dirs?: string[];
}

/** The mode a file gets: its own from `modes`, else executable when it starts with `#!`, else none set. */
function modeOf(key: string, content: string, modes: Record<string, string> | undefined): number | undefined {
  const own = modes?.[key];
  if (own !== undefined) return parseInt(own, 8);
  return content.startsWith('#!') ? 0o755 : undefined;
}

const GIT_MISSING = 'the scenario asks for a git repository ("git": true), but git is not installed on this machine';

/**
 * Writes a scenario's files into a fresh temporary directory: `home/` for `~/` keys, `project/` for the rest.
 * Files starting with `#!` are made executable, since hook commands often run scripts directly, unless `modes`
 * says otherwise.
 */
export async function materialize(files: Record<string, string>, parent = tmpdir(), options: MaterializeOptions = {}): Promise<Workspace> {
  for (const key of Object.keys(files)) {
    const problem = filePathProblem(key);
    if (problem) throw new Error(`file path "${key}" ${problem}`);
  }
  const quick = small(files);
  const prefix = join(await realParent(parent), 'hookplay-');
  const root = quick ? mkdtempSync(prefix) : await mkdtemp(prefix);
  const paths = { home: join(root, 'home'), project: join(root, 'project') };
  const tmp = join(root, 'tmp');
  // A git repository leaves files materialize did not make: removed the general way.
  const made = quick && !options.git ? madeBy(root, files) : undefined;
  const ws: Workspace = {
    root,
    ...paths,
    tmp,
    resolve: (key) => resolveKey(key, paths),
    dispose: () => (made ? removeMade(root, made) : removeTree(root)),
  };
  try {
    if (quick) writeSync(ws, files, options.modes);
    else {
      await Promise.all([mkdir(paths.home), mkdir(paths.project), mkdir(tmp)]);
      // Files are independent of each other: written together, each after its own folder.
      await Promise.all(
        Object.entries(files).map(async ([key, content]) => {
          const path = ws.resolve(key);
          await mkdir(dirname(path), { recursive: true });
          await writeFile(path, content);
          const mode = modeOf(key, content, options.modes);
          if (mode !== undefined) await chmod(path, mode);
        }),
      );
    }
    for (const dir of options.dirs ?? []) mkdirSync(ws.resolve(dir), { recursive: true });
    // Files under .git/ make the repository themselves; git is never run over what a scenario wrote there.
    if (options.git && !Object.keys(files).some((k) => k.startsWith('.git/'))) await gitInit(paths.project, quick);
  } catch (e) {
    await ws.dispose();
    throw e;
  }
  return ws;
}

/**
 * Below this many bytes the files are written with synchronous calls: for a handful of small files each async
 * call's trip through libuv's thread pool costs more than the write itself, and on a loaded machine far more
 * (it was most of runScenario's cost beyond the hook's own spawn). Nothing of the run has started yet, and the
 * event loop is held for well under a millisecond on an idle machine.
 */
const SYNC_BYTES = 64 * 1024;
const small = (files: Record<string, string>) => Object.values(files).reduce((n, c) => n + c.length, 0) < SYNC_BYTES;

function writeSync(ws: Workspace, files: Record<string, string>, modes: Record<string, string> | undefined): void {
  for (const dir of [ws.home, ws.project, ws.tmp]) mkdirSync(dir);
  for (const [key, content] of Object.entries(files)) {
    const path = ws.resolve(key);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    const mode = modeOf(key, content, modes);
    if (mode !== undefined) chmodSync(path, mode);
  }
}

/** `git init` in the project: an empty repository is enough for `git rev-parse --show-toplevel` and friends. */
async function gitInit(project: string, sync: boolean): Promise<void> {
  const args = ['init', '-q', project];
  // Only git's own defaults: no system or user config (templates, hooks paths) of this machine takes part.
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', HOME: project };
  try {
    if (sync) execFileSync('git', args, { stdio: 'ignore', env });
    else await new Promise<void>((resolve, reject) => execFile('git', args, { env }, (e) => (e ? reject(e) : resolve())));
  } catch (e) {
    throw new Error((e as NodeJS.ErrnoException).code === 'ENOENT' ? GIT_MISSING : `git init failed in the project directory: ${(e as Error).message}`);
  }
}

/** What materialize makes for these files: every directory under the root (parents first) and every file. */
function madeBy(root: string, files: Record<string, string>): { dirs: string[]; files: string[] } {
  const paths = { home: join(root, 'home'), project: join(root, 'project') };
  const dirs = new Set([paths.home, paths.project, join(root, 'tmp')]);
  const made: string[] = [];
  for (const key of Object.keys(files)) {
    const path = resolveKey(key, paths);
    made.push(path);
    const parents: string[] = [];
    for (let d = dirname(path); d !== root && !dirs.has(d); d = dirname(d)) parents.unshift(d);
    for (const d of parents) dirs.add(d);
  }
  return { dirs: [...dirs], files: made };
}

/**
 * Removes a run directory holding only what materialize made, by name: a file and directory at a time, without
 * the stat and listing of every entry a recursive removal makes (on the 2-core development machine that took
 * more CPU than the rest of a one-hook run beside the hook). Anything a hook left there makes a directory
 * non-empty, and then the whole tree is removed the general way.
 */
async function removeMade(root: string, made: { dirs: string[]; files: string[] }): Promise<void> {
  try {
    await Promise.all(made.files.map((f) => unlink(f)));
    for (const d of made.dirs.reverse()) await rmdir(d);
    await rmdir(root);
  } catch {
    await removeTree(root);
  }
}

const removing = new Map<string, Promise<void>>();
let exitHook = false;

/**
 * Removes the run directory after the run has answered. Every process of the run is dead by then, so nothing
 * can use the directory any more; what is left is waiting for the disk, which where freed blocks are discarded
 * at once (ext4 mounted with `discard`, as on the development VM) is milliseconds per directory: it was the
 * largest part of a one-hook run after the hook itself. removalsSettled() waits for it (a server shutting
 * down, a test looking at the disk); a process that exits first removes what is left synchronously on its way out.
 */
export function disposeLater(ws: Workspace): void {
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => {
      for (const root of removing.keys()) {
        try {
          rmSync(root, { recursive: true, force: true });
        } catch {
          // what cannot be removed now is swept by the next server start
        }
      }
    });
  }
  const done: Promise<void> = ws
    .dispose()
    .catch(() => {})
    .finally(() => removing.delete(ws.root));
  removing.set(ws.root, done);
}

/** Resolves once every run directory given to disposeLater is gone. */
export async function removalsSettled(): Promise<void> {
  while (removing.size) await Promise.all([...removing.values()]);
}

/**
 * Removes a run directory. Hooks may leave directories nobody can write into (Go's module cache is read-only,
 * `chmod 555` / `chmod 000`): for a non-root user their contents cannot be deleted until the directories are
 * writable again, so a first failure makes every directory under the root writable and tries once more.
 */
async function removeTree(root: string): Promise<void> {
  try {
    await rm(root, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    await makeDirsWritable(root);
    await rm(root, { recursive: true, force: true, maxRetries: 3 });
  }
}

async function makeDirsWritable(dir: string): Promise<void> {
  await chmod(dir, 0o700).catch(() => {});
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  // Real directories only: a symlink may point outside the workspace.
  await Promise.all(entries.filter((e) => e.isDirectory()).map((e) => makeDirsWritable(join(dir, e.name))));
}

/** A scenario's own workspace settings, for materialize. */
export function workspaceOptions(scenario: { modes?: Record<string, string> | undefined; git?: boolean | undefined }, dirs: string[] = []): MaterializeOptions {
  return { ...(scenario.modes ? { modes: scenario.modes } : {}), ...(scenario.git ? { git: true } : {}), ...(dirs.length ? { dirs } : {}) };
}
