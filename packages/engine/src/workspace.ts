import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, realpath, rm, writeFile } from 'node:fs/promises';
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

/**
 * Below this many bytes of files a workspace is written and removed with synchronous calls: each async fs call
 * is a round trip through libuv's thread pool, and for a handful of small files those hops cost more than the
 * writes (they were most of runScenario's overhead over a raw spawn). The event loop is blocked for well
 * under a millisecond; bigger workspaces keep the async path so a server stays responsive.
 */
const SYNC_BYTES = 256 * 1024;

// realpath: on some systems tmpdir is a symlink, and hooks compare `cwd` with `$PWD`. The parent's real path is
// looked up once; the temp dir made inside it is then real too.
const realParents = new Map<string, string>();
function realParent(parent: string): string {
  let real = realParents.get(parent);
  if (real === undefined) {
    real = realpathSync(parent);
    realParents.set(parent, real);
  }
  return real;
}

/**
 * Writes a scenario's files into a fresh temporary directory: `home/` for `~/` keys, `project/` for the rest.
 * Files starting with `#!` are made executable, since hook commands often run scripts directly.
 */
export async function materialize(files: Record<string, string>, parent = tmpdir()): Promise<Workspace> {
  let bytes = 0;
  for (const [key, content] of Object.entries(files)) {
    const problem = filePathProblem(key);
    if (problem) throw new Error(`file path "${key}" ${problem}`);
    bytes += content.length;
  }
  return bytes < SYNC_BYTES ? materializeSync(files, parent) : materializeAsync(files, parent);
}

function workspaceAt(root: string, small: boolean): Workspace {
  const paths = { home: join(root, 'home'), project: join(root, 'project') };
  return {
    root,
    ...paths,
    tmp: join(root, 'tmp'),
    resolve: (key) => resolveKey(key, paths),
    dispose: small ? () => removeTreeSync(root) : () => removeTree(root),
  };
}

async function materializeSync(files: Record<string, string>, parent: string): Promise<Workspace> {
  const ws = workspaceAt(mkdtempSync(join(realParent(parent), 'hookplay-')), true);
  try {
    mkdirSync(ws.home);
    mkdirSync(ws.project);
    mkdirSync(ws.tmp);
    const made = new Set([ws.home, ws.project]);
    for (const [key, content] of Object.entries(files)) {
      const path = ws.resolve(key);
      const dir = dirname(path);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      writeFileSync(path, content);
      if (content.startsWith('#!')) chmodSync(path, 0o755);
    }
  } catch (e) {
    await ws.dispose();
    throw e;
  }
  return ws;
}

async function materializeAsync(files: Record<string, string>, parent: string): Promise<Workspace> {
  const ws = workspaceAt(await realpath(await mkdtemp(join(parent, 'hookplay-'))), false);
  try {
    await Promise.all([mkdir(ws.home), mkdir(ws.project), mkdir(ws.tmp)]);
    for (const [key, content] of Object.entries(files)) {
      const path = ws.resolve(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content);
      if (content.startsWith('#!')) await chmod(path, 0o755);
    }
  } catch (e) {
    await ws.dispose();
    throw e;
  }
  return ws;
}

/**
 * Removes a run directory. Hooks may leave directories nobody can write into (Go's module cache is read-only,
 * `chmod 555` / `chmod 000`): for a non-root user their contents cannot be deleted until the directories are
 * writable again, so a first failure makes every directory under the root writable and tries once more.
 * The synchronous form is tried first for small workspaces; whatever hooks left behind that it cannot remove at
 * once (a big tree, a read-only directory) goes to the async path.
 */
async function removeTreeSync(root: string): Promise<void> {
  try {
    rmSync(root, { recursive: true, force: true });
  } catch {
    await removeTree(root);
  }
}

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
