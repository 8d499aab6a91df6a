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
  /** It names nothing on disk (as opposed to a file left out on purpose). */
  missing?: boolean;
}

export interface Reference {
  /** The scenario key the file gets (`~/` for the home). */
  key: string;
  content: string;
  /** Where it is on disk, and its mode there. */
  abs: string;
  mode: number;
  /** The word that named it is the command the shell runs (`./x.sh`), so it must be executable. */
  direct: boolean;
  /** The word as written. */
  word: string;
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
  // Globs, regexes and quoting left inside a word (a sed script, a pattern) name no one file.
  if (/[*?\\[\]()"'`|<>;\s]/.test(word.replace(/\$\{[A-Za-z_][A-Za-z0-9_]*\}/g, ''))) return null;
  return word.includes('/') || SCRIPT_EXTENSIONS.test(word) ? word : null;
}

/** A directory a variable stands for: the project or home, or a folder below one (a plugin's root). */
export interface DirVar {
  root: 'project' | 'home';
  sub: string;
}

export interface ResolveContext {
  roots: Roots;
  /** Variables the host sets to the project or home directory (from the dialect's own job environment). */
  vars: Map<string, DirVar>;
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
/** `quiet`: the text is a program in another language, whose words are only guesses at paths: say nothing of those that name no file in the project. */
export function resolveReferences(command: string, ctx: ResolveContext, options: { quiet?: boolean } = {}): { files: Reference[]; leftOut: LeftOut[] } {
  const files: Reference[] = [];
  const leftOut: LeftOut[] = [];
  const leave = (path: string, why: string, missing = false, guess = missing) => {
    if (!(options.quiet && guess)) leftOut.push({ path: asWritten(path), why, command, ...(missing ? { missing } : {}) });
  };
  const words = shellWords(substituteDirs(command));
  const commandWords = commandPositions(words);
  for (const [i, word] of words.entries()) {
    const raw = candidate(word);
    if (raw === null) continue;
    const expanded = expand(raw, ctx);
    if ('unknown' in expanded) {
      leave(
        raw,
        expanded.unknown === GIT_TOP_VAR
          ? 'asks git for the top level, and the project is not a git repository (the hook fails there too)'
          : `uses $${expanded.unknown}, whose value hookplay does not take from your environment`,
        false,
        true,
      );
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
      if (isAbsolute(raw) || expanded.abs) leave(raw, 'outside the project; only files inside it (and the home with --home) are taken in', false, true);
      continue;
    }
    const info = lstatSync(abs, { throwIfNoEntry: false });
    if (!info) {
      // A bare word like "hook.py" that names nothing may be an argument, not a file.
      if (raw.includes('/') || expanded.abs) leave(raw, `does not exist (looked at ${abs})`, true);
      else if (SCRIPT_EXTENSIONS.test(raw)) leave(raw, `does not exist (looked in ${ctx.cwds.join(', ')})`, true);
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
    files.push({ key: where, content, abs, mode: target.mode & 0o7777, direct: commandWords.has(i), word: raw });
  }
  return { files, leftOut };
}

/** Words a shell runs as commands: the first, and the first after an operator ends the one before, skipping VAR=x. */
function commandPositions(words: string[]): Set<number> {
  // shellWords drops operators, so only the first word is certain; `exec` and `env` hand over to the next word.
  const out = new Set<number>();
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w) || w === 'exec' || w === 'env' || w === 'command') continue;
    out.add(i);
    break;
  }
  return out;
}

/**
 * Stand-ins for the directory expressions hooks and their scripts use to find their files, so the words after them
 * resolve: the git top level (the project, which the scenario makes a git repository when the real one is) and a
 * script's own folder.
 */
export const GIT_TOP_VAR = 'HOOKPLAY_GIT_TOPLEVEL';
export const SCRIPT_DIR_VAR = 'HOOKPLAY_SCRIPT_DIR';
const GIT_TOP = /\$\(\s*git\s+rev-parse\s+--show-toplevel\s*\)|`\s*git\s+rev-parse\s+--show-toplevel\s*`/g;
const SCRIPT_DIR = /\$\(\s*cd\s+"?\$\(\s*dirname\s+"?\$(?:0|\{?BASH_SOURCE(?:\[0\])?\}?)"?\s*\)"?\s*(?:&&|;)\s*pwd(?:\s+-P)?\s*\)|\$\(\s*dirname\s+"?\$(?:0|\{?BASH_SOURCE(?:\[0\])?\}?)"?\s*\)|\$\{BASH_SOURCE(?:\[0\])?%\/\*\}|\$\{0%\/\*\}/g;

/** A word with the stand-ins put back as the user wrote them (near enough), for messages. */
const asWritten = (word: string) => word.replaceAll(`$${GIT_TOP_VAR}`, '$(git rev-parse --show-toplevel)').replaceAll(`$${SCRIPT_DIR_VAR}`, '$(dirname "$0")');

export function substituteDirs(text: string): string {
  return text.replace(GIT_TOP, `$${GIT_TOP_VAR}`).replace(SCRIPT_DIR, `$${SCRIPT_DIR_VAR}`);
}

/** `NAME=<a directory expression>` in a script: NAME stands for that directory afterwards. */
export function scriptDirVars(text: string, scriptDir: DirVar | undefined, vars: Map<string, DirVar>): Map<string, DirVar> {
  const out = new Map(vars);
  if (scriptDir) out.set(SCRIPT_DIR_VAR, scriptDir);
  for (const m of substituteDirs(text).matchAll(/^\s*(?:export\s+|local\s+|readonly\s+)?([A-Za-z_][A-Za-z0-9_]*)=["']?\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?((?:\/[^\s"';]*)?)["']?\s*$/gm)) {
    const dir = out.get(m[2]!);
    if (dir) out.set(m[1]!, { root: dir.root, sub: joinSub(dir.sub, m[3] ?? '') });
  }
  return out;
}

const joinSub = (a: string, b: string) => normalize(join(a || '.', b || '.')).replace(/^\.$/, '');

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
  if (dir) return { abs: join(dir.root === 'project' ? ctx.roots.project : homeDir, dir.sub, rest) };
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
