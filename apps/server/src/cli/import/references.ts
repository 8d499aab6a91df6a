import { lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize, relative, sep } from 'node:path';
import type { Roots } from './find-config.js';
import { shellWords } from './shell-words.js';

/** A path a hook command names that was not taken into the scenario, and why. */
export interface LeftOut {
  path: string;
  why: string;
  /** The hook command that names it. */
  command: string;
}

export interface Reference {
  /** The scenario key the file gets (`~/` for the home). */
  key: string;
  content: string;
}

/** Largest file taken in: scenarios hold text, and a bigger "script" is most likely not one. */
export const MAX_FILE_BYTES = 1024 * 1024;

const SCRIPT_EXTENSIONS = /\.(sh|bash|zsh|fish|py|js|mjs|cjs|ts|mts|rb|pl|php|lua|ps1|json|toml|yaml|yml|txt)$/i;

/** What a hook command's word can mean on disk, before it is checked. */
function candidate(word: string): string | null {
  if (word.startsWith('-')) {
    // --config=./x.json: the value after "=" may be a path.
    const eq = word.indexOf('=');
    return eq > 0 ? candidate(word.slice(eq + 1)) : null;
  }
  if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) return candidate(word.slice(word.indexOf('=') + 1)); // VAR=value prefix
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(word)) return null; // a URL
  return word.includes('/') || SCRIPT_EXTENSIONS.test(word) ? word : null;
}

export interface ResolveContext {
  roots: Roots;
  /** Variables the host sets to the project or home directory (from the dialect's own job environment). */
  vars: Map<string, 'project' | 'home'>;
  /** Folders relative paths are tried against: the hook's working directory first. */
  cwds: string[];
}

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/**
 * The files a hook command references inside the project (and the home when asked), and the paths it names
 * that were left out, with the reason. Only files are read, never followed outside the roots by a symlink.
 */
export function resolveReferences(command: string, ctx: ResolveContext): { files: Reference[]; leftOut: LeftOut[] } {
  const files: Reference[] = [];
  const leftOut: LeftOut[] = [];
  const leave = (path: string, why: string) => leftOut.push({ path, why, command });
  for (const word of shellWords(command)) {
    const raw = candidate(word);
    if (raw === null) continue;
    const expanded = expand(raw, ctx);
    if ('unknown' in expanded) {
      leave(raw, `uses $${expanded.unknown}, whose value hookplay does not take from your environment`);
      continue;
    }
    const abs = expanded.abs ?? ctx.cwds.map((c) => join(c, raw)).find((p) => statSync(p, { throwIfNoEntry: false })) ?? join(ctx.cwds[0]!, raw);
    const where = place(abs, ctx.roots);
    if (where === 'home-not-asked') {
      leave(raw, 'in the home directory, which is read only with --home');
      continue;
    }
    if (where === null) {
      // Programs of the machine (/bin/sh, /usr/bin/env) and anything else outside: never read.
      if (isAbsolute(raw) || expanded.abs) leave(raw, 'outside the project; only files inside it (and the home with --home) are taken in');
      continue;
    }
    const info = lstatSync(abs, { throwIfNoEntry: false });
    if (!info) {
      // A bare word like "hook.py" that names nothing may be an argument, not a file.
      if (raw.includes('/') || expanded.abs) leave(raw, `does not exist (looked at ${abs})`);
      else if (SCRIPT_EXTENSIONS.test(raw)) leave(raw, `does not exist (looked in ${ctx.cwds.join(', ')})`);
      continue;
    }
    if (info.isSymbolicLink()) {
      const real = safeRealpath(abs);
      if (!real || place(real, ctx.roots) === null || place(real, ctx.roots) === 'home-not-asked') {
        leave(raw, 'a symbolic link that leads outside the project');
        continue;
      }
    }
    const target = statSync(abs, { throwIfNoEntry: false });
    if (!target?.isFile()) {
      leave(raw, target?.isDirectory() ? 'a directory; only the files a command names are taken in' : 'not a regular file');
      continue;
    }
    if (target.size > MAX_FILE_BYTES) {
      leave(raw, `${Math.round(target.size / 1024)} KiB, larger than the ${MAX_FILE_BYTES / 1024} KiB a scenario file may hold`);
      continue;
    }
    const bytes = readFileSync(abs);
    const content = bytes.toString('utf8');
    if (bytes.includes(0) || Buffer.from(content, 'utf8').length !== bytes.length) {
      leave(raw, 'a binary file; scenarios hold text only');
      continue;
    }
    files.push({ key: where, content });
  }
  return { files, leftOut };
}

type Expanded = { abs?: string } | { unknown: string };

/** `~/x`, `$HOME/x` and the host's own directory variables; any other `$VAR` is unknown on purpose. */
function expand(raw: string, ctx: ResolveContext): Expanded {
  const homeDir = ctx.roots.home ?? HOME_NOT_ASKED;
  if (raw.startsWith('~/')) return { abs: join(homeDir, raw.slice(2)) };
  const m = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?(\/.*)?$/.exec(raw) ?? /\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/.exec(raw);
  if (!m) return isAbsolute(raw) ? { abs: normalize(raw) } : {};
  if (m.index !== 0) return { unknown: m[1]! };
  const name = m[1]!;
  const rest = m[2] ?? raw.slice(m[0].length);
  if (name === 'HOME') return { abs: join(homeDir, rest) };
  const dir = ctx.vars.get(name);
  if (dir === 'project') return { abs: join(ctx.roots.project, rest) };
  if (dir === 'home') return { abs: join(homeDir, rest) };
  return { unknown: name };
}

/** A stand-in for the home when it was not asked for: paths under it are recognised and left out. */
const HOME_NOT_ASKED = `${sep}\0home-not-asked`;

/** The scenario key of an absolute path, `home-not-asked`, or null when it is outside both roots. */
function place(abs: string, roots: Roots): string | 'home-not-asked' | null {
  if (abs.startsWith(HOME_NOT_ASKED)) return 'home-not-asked';
  if (inside(roots.project, abs)) {
    const rel = relative(roots.project, abs).split(sep).join('/');
    return rel === '' ? null : rel;
  }
  if (roots.home && inside(roots.home, abs)) {
    const rel = relative(roots.home, abs).split(sep).join('/');
    return rel === '' ? null : `~/${rel}`;
  }
  return null;
}

function safeRealpath(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

export const configDir = (key: string, roots: Roots): string | undefined => {
  const root = key.startsWith('~/') ? roots.home : roots.project;
  return root === undefined ? undefined : dirname(join(root, key.startsWith('~/') ? key.slice(2) : key));
};
