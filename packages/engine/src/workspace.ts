import { chmod, mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
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
 * Writes a scenario's files into a fresh temporary directory: `home/` for `~/` keys, `project/` for the rest.
 * Files starting with `#!` are made executable, since hook commands often run scripts directly.
 */
export async function materialize(files: Record<string, string>, parent = tmpdir()): Promise<Workspace> {
  for (const key of Object.keys(files)) {
    const problem = filePathProblem(key);
    if (problem) throw new Error(`file path "${key}" ${problem}`);
  }
  // realpath: on some systems tmpdir is a symlink, and hooks compare `cwd` with `$PWD`.
  const root = await realpath(await mkdtemp(join(parent, 'hookplay-')));
  const paths = { home: join(root, 'home'), project: join(root, 'project') };
  const tmp = join(root, 'tmp');
  const ws: Workspace = {
    root,
    ...paths,
    tmp,
    resolve: (key) => resolveKey(key, paths),
    dispose: () => rm(root, { recursive: true, force: true, maxRetries: 3 }),
  };
  try {
    await Promise.all([mkdir(paths.home), mkdir(paths.project), mkdir(tmp)]);
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
