import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DOCTOR_FACTS, type Dialect, type DialectId, type HostSettings, type ProjectFiles, type SourceFinding } from '@hookplay/engine';
import { findConfigFiles, walk, type Roots } from './find-config.js';
import { MAX_FILE_BYTES, type LeftOut } from './references.js';

/** A host's hook configuration as it sits in a project (and the home, when asked), read as the host would find it. */
export interface Setup {
  dialect: DialectId;
  roots: Roots;
  /** Config files by scenario key, as they are on disk. */
  files: Record<string, string>;
  /** Host settings the project implies (Claude Code's plugin folders, loaded as with --plugin-dir; the Agent SDK's settingSources from the app's code). */
  host: HostSettings;
  /** Where the project's own code sets those settings, said as doctor notes. */
  appNotes: SourceFinding[];
  /** The project is a git repository. */
  git: boolean;
  leftOut: LeftOut[];
  looked: string[];
  skippedHome: string[];
}

/** Files in the project, for hosts that find config by folder shape (plugins); bounded like the config search. */
const MAX_LISTED = 20_000;
function projectPaths(project: string): string[] {
  const out: string[] = [];
  for (const path of walk(project, '', 0)) {
    out.push(path);
    if (out.length >= MAX_LISTED) break;
  }
  return out;
}

/** A `.git` folder (or a worktree's `.git` file) at the project's top. */
export const isGitRepository = (project: string) => existsSync(join(project, '.git'));

export const absoluteOf = (key: string, roots: Roots): string | undefined =>
  key.startsWith('~/') ? (roots.home === undefined ? undefined : join(roots.home, key.slice(2))) : join(roots.project, key);

/** The project's file list and a bounded reader, for the hosts' own doctor facts (pure: they read through it). */
export function projectFiles(project: string): ProjectFiles {
  let paths: string[] | undefined;
  return {
    get paths() {
      return (paths ??= projectPaths(project));
    },
    read(path) {
      const abs = join(project, path);
      const size = statSync(abs, { throwIfNoEntry: false });
      if (!size?.isFile() || size.size > MAX_FILE_BYTES) return undefined;
      return readFileSync(abs, 'utf8');
    },
  };
}

export function readSetup(dialect: Dialect, roots: Roots, project: ProjectFiles = projectFiles(roots.project)): Setup {
  const search = findConfigFiles(dialect.configFiles, roots);
  const facts = DOCTOR_FACTS[dialect.id];
  const extra = facts.extraConfigs?.(project.paths) ?? { files: [], host: {} };
  const app = facts.appSettings?.(project) ?? { host: {}, found: [] };
  const files: Record<string, string> = {};
  const leftOut: LeftOut[] = [];
  const referenced = facts.referencedFiles?.(project) ?? [];
  for (const key of [...new Set([...search.found, ...extra.files, ...referenced])]) {
    const path = absoluteOf(key, roots)!;
    const size = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
    if (size > MAX_FILE_BYTES) {
      leftOut.push({ path: key, why: `larger than ${MAX_FILE_BYTES / 1024} KiB`, command: '' });
      continue;
    }
    files[key] = readFileSync(path, 'utf8');
  }
  const looked = [...search.looked, ...extra.files.map((f) => `${roots.project}/${f} (a plugin's hooks)`)];
  return { dialect: dialect.id, roots, files, host: { ...extra.host, ...app.host }, appNotes: app.found, git: isGitRepository(roots.project), leftOut, looked, skippedHome: search.skippedHome };
}
