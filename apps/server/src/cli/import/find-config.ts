import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ConfigFileSpec } from '@hookplay/engine';

/** Where a config file key sits on disk: the project for plain keys, the home for `~/` keys. */
export interface Roots {
  project: string;
  /** Undefined when the user did not ask for the home directory to be read. */
  home?: string;
}

export interface ConfigSearch {
  /** Scenario keys of the config files found. */
  found: string[];
  /** Every place looked at, in words, for a "not found" message. */
  looked: string[];
  /** Config paths in the home that were not read because the home was not asked for. */
  skippedHome: string[];
}

/** Folders never searched for a pattern's `<name>` part: dependencies and VCS data are not configuration. */
const SKIP_DIRS = new Set(['node_modules', '.git', '.hg', '.svn']);
const MAX_DEPTH = 12;

const rootOf = (key: string, roots: Roots) => (key.startsWith('~/') ? roots.home : roots.project);
const relOf = (key: string) => (key.startsWith('~/') ? key.slice(2) : key);
const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() === true;

/**
 * Finds a dialect's config files from its own `configFiles` list, so a host added later is imported with no
 * change here. A `<name>` part of a path stands for one or more folders chosen by the user (open-strix finds
 * `skills/**\/hooks.json` at any depth); the dialect's loader decides what each file means.
 */
export function findConfigFiles(specs: readonly ConfigFileSpec[], roots: Roots): ConfigSearch {
  const found: string[] = [];
  const looked: string[] = [];
  const skippedHome: string[] = [];
  for (const spec of specs) {
    const root = rootOf(spec.path, roots);
    const shown = spec.path.startsWith('~/') ? spec.path : `${roots.project}/${spec.path}`;
    if (root === undefined) {
      skippedHome.push(spec.path);
      looked.push(`${spec.path} (in the home directory, not read: pass --home to read it)`);
      continue;
    }
    const rel = relOf(spec.path);
    if (!rel.includes('<')) {
      looked.push(spec.path.startsWith('~/') ? `${join(root, rel)}` : shown);
      if (isFile(join(root, rel))) found.push(spec.path);
      continue;
    }
    // Search below the literal folders before the first `<...>` part.
    const parts = rel.split('/');
    const fixed = parts.slice(0, parts.findIndex((p) => p.includes('<')));
    const base = join(root, ...fixed);
    const pattern = new RegExp(`^${rel.split(/<[^>]+>/).map(escapeRegex).join('[^/]+(?:/[^/]+)*')}$`);
    looked.push(`${join(root, rel.replace(/<[^>]+>/g, '**'))}`);
    for (const file of walk(base, fixed.join('/'), 0)) {
      if (pattern.test(file)) found.push(spec.path.startsWith('~/') ? `~/${file}` : file);
    }
  }
  return { found: [...new Set(found)].sort(), looked, skippedHome };
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function* walk(dir: string, rel: string, depth: number): Generator<string> {
  if (depth > MAX_DEPTH) return;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = rel ? `${rel}/${entry.name}` : entry.name;
    // Symlinked folders are not followed: they may lead outside the project.
    if (entry.isDirectory() && !SKIP_DIRS.has(entry.name)) yield* walk(join(dir, entry.name), path, depth + 1);
    else if (entry.isFile()) yield path;
  }
}
