import { realpathSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { findEvent, getDialect, parseScenario, type DialectId, type Scenario } from '@hookplay/engine';
import { directoryVariables } from './directories.js';
import { firings } from './firing.js';
import { readSetup, type Setup } from './read-setup.js';
import { configDir, GIT_TOP_VAR, resolveReferences, scriptDirVars, type DirVar, type LeftOut, type Reference } from './references.js';
import type { Roots } from './find-config.js';

export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

export interface ImportRequest {
  project: string;
  /** Read the host's files in this home directory too; nothing outside the project is read without it. */
  home?: string;
  dialect: DialectId;
  event: string;
  /** The event's fields; default: the dialect's sample payload for the event. */
  payload?: Record<string, unknown>;
}

export interface ImportResult {
  scenario: Scenario;
  configs: string[];
  scripts: string[];
  leftOut: LeftOut[];
  looked: string[];
}

export function realDir(path: string, what: string): string {
  const info = statSync(path, { throwIfNoEntry: false });
  if (!info) throw new ImportError(`${what} ${path}: no such directory`);
  if (!info.isDirectory()) throw new ImportError(`${what} ${path}: not a directory`);
  return realpathSync(path);
}

export function rootsOf(request: { project: string; home?: string }): Roots {
  return { project: realDir(request.project, 'project'), ...(request.home !== undefined ? { home: realDir(request.home, 'home') } : {}) };
}

/** Nested scripts are followed this deep (hook → wrapper → helper → ...), and at most this many files are taken. */
const MAX_DEPTH = 4;
const MAX_FILES = 200;

export interface TakenFiles {
  files: Record<string, string>;
  /** What each hook command names directly, file by file (a script may be named by several). */
  references: Reference[];
  /** The on-disk mode of every file taken. */
  modes: Record<string, number>;
  leftOut: LeftOut[];
}

/**
 * The files a setup's hooks run, found from each command the way the host would start it (its own job environment:
 * CLAUDE_PROJECT_DIR, CLAUDE_PLUGIN_ROOT, ...), then from each script they reach, so wrappers and the helpers they
 * call come along. A script's own folder (`$(dirname "$0")`) and the git top level stand for what they are.
 */
export function takeReferencedFiles(setup: Setup): TakenFiles {
  const dialect = getDialect(setup.dialect);
  const loaded = dialect.load(setup.files, setup.host);
  const plans = firings(dialect, loaded, setup.host);
  const common = directoryVariables(plans.map((p) => p.job?.env ?? {}));
  if (setup.git) common.set(GIT_TOP_VAR, { root: 'project', sub: '' });
  const files: Record<string, string> = {};
  const references: Reference[] = [];
  const modes: Record<string, number> = {};
  const leftOut: LeftOut[] = [];
  const queue: { text: string; cwds: string[]; vars: Map<string, DirVar>; depth: number; quiet: boolean }[] = [];
  loaded.entries.forEach((entry, i) => {
    const own = plans[i]?.job ? directoryVariables([plans[i]!.job!.env]) : new Map<string, DirVar>();
    const vars = new Map([...common, ...own]);
    const cwds = [...new Set([setup.roots.project, configDir(entry.source, setup.roots)].filter((d): d is string => d !== undefined))];
    queue.push({ text: entry.command, cwds, vars, depth: 0, quiet: false });
  });
  const seen = new Set<string>();
  while (queue.length) {
    const item = queue.shift()!;
    const refs = resolveReferences(item.text, { roots: setup.roots, vars: item.vars, cwds: item.cwds }, { quiet: item.quiet });
    leftOut.push(...refs.leftOut.map((l) => (item.depth > 0 ? { ...l, command: `a script: ${l.command.split('\n')[0]!.slice(0, 60)}` } : l)));
    for (const ref of refs.files) {
      if (item.depth === 0) references.push(ref);
      modes[ref.key] ??= ref.mode;
      // A host whose hook files are the scripts it runs (Cline) has them among the config already: what they run still comes along.
      const ownHookFile = setup.files[ref.key] !== undefined && loaded.entries.some((e) => e.source === ref.key);
      if (seen.has(ref.key) || (setup.files[ref.key] !== undefined && !ownHookFile)) continue;
      seen.add(ref.key);
      if (!ownHookFile) {
        if (Object.keys(files).length >= MAX_FILES) {
          leftOut.push({ path: ref.key, why: `past the ${MAX_FILES} files an import takes`, command: '' });
          continue;
        }
        files[ref.key] = ref.content;
      }
      if (item.depth + 1 > MAX_DEPTH) continue;
      // What the script itself runs and reads: relative to its own folder or the hook's working directory.
      const dir = configDir(ref.key, setup.roots)!;
      const scriptDir = dirVarOf(ref.key);
      const shell = /\.(sh|bash|zsh)$/.test(ref.key) || /^#!.*\b(ba|da|z)?sh\b/.test(ref.content);
      queue.push({ text: ref.content, cwds: [...new Set([dir, ...item.cwds])], vars: scriptDirVars(ref.content, scriptDir, item.vars), depth: item.depth + 1, quiet: !shell });
    }
  }
  return { files, references, modes, leftOut };
}

const dirVarOf = (key: string): DirVar => {
  const home = key.startsWith('~/');
  const rel = home ? key.slice(2) : key;
  return { root: home ? 'home' : 'project', sub: rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '' };
};

/** Modes the `#!` rule of a scenario would get wrong: an executable without `#!`, or a `#!` file that is not one. */
export function modesOf(files: Record<string, string>, onDisk: Record<string, number>): Record<string, string> {
  const modes: Record<string, string> = {};
  for (const [key, mode] of Object.entries(onDisk)) {
    const content = files[key];
    if (content === undefined) continue;
    const executable = (mode & 0o111) !== 0;
    if (executable !== content.startsWith('#!')) modes[key] = (mode & 0o777).toString(8).padStart(3, '0');
  }
  return modes;
}

/**
 * A scenario from a real project: the dialect's config files as they are on disk (a malformed one too, so
 * running it shows the host's own diagnostics), the files their hook commands reach, and the event with
 * its sample payload. The process environment is never read into it.
 */
export function importProject(request: ImportRequest): ImportResult {
  const dialect = getDialect(request.dialect);
  const found = findEvent(dialect, request.event);
  if ('error' in found) throw new ImportError(`--event: ${found.error.message}`);
  const taken = importFiles(request);
  const scenario = parseScenario({
    hookplay: 1,
    title: `${basename(taken.roots.project)}: ${request.event}`,
    description: `Imported by hookplay import from ${taken.roots.project}${taken.roots.home ? ` and ${taken.roots.home}` : ''}.`,
    ...taken.scenario,
    event: request.event,
    payload: request.payload ?? found.event.sample,
  });
  return { scenario, configs: taken.configs, scripts: taken.scripts, leftOut: taken.leftOut, looked: taken.looked };
}

export interface ImportedFiles {
  roots: Roots;
  /** The scenario fields that describe the machine: dialect, host, files, modes, git. */
  scenario: { dialect: DialectId; host?: Scenario['host']; files: Record<string, string>; modes?: Record<string, string>; git?: true };
  configs: string[];
  scripts: string[];
  leftOut: LeftOut[];
  looked: string[];
}

/** A project's hook config and what it reaches, as scenario fields; `optional`: no config is not an error. */
export function importFiles(request: { project: string; home?: string; dialect: DialectId }, optional = false): ImportedFiles {
  const dialect = getDialect(request.dialect);
  const roots = rootsOf(request);
  const setup = readSetup(dialect, roots);
  if (Object.keys(setup.files).length === 0 && !optional) {
    throw new ImportError(
      `no ${dialect.label} hook config found. Looked at:\n${setup.looked.map((l) => `  ${l}`).join('\n')}` +
        (setup.skippedHome.length && request.home === undefined ? `\n${dialect.label} also reads files in the home directory: pass --home to read them.` : ''),
    );
  }
  const configs = Object.keys(setup.files);
  const taken = takeReferencedFiles(setup);
  const files = { ...setup.files, ...taken.files };
  const modes = modesOf(files, taken.modes);
  return {
    roots,
    scenario: {
      dialect: dialect.id,
      ...(Object.keys(setup.host).length ? { host: setup.host } : {}),
      files,
      ...(Object.keys(modes).length ? { modes } : {}),
      ...(setup.git ? { git: true as const } : {}),
    },
    configs,
    scripts: Object.keys(taken.files),
    leftOut: dedupe([...setup.leftOut, ...taken.leftOut]),
    looked: setup.looked,
  };
}

export function dedupe(items: LeftOut[]): LeftOut[] {
  const seen = new Set<string>();
  return items.filter((i) => {
    const k = `${i.path}\0${i.why}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export const defaultOutName = (project: string, event: string) => `${basename(realpathSync(project))}-${event}.hookplay.json`.replace(/[^\w.@-]+/g, '-');
