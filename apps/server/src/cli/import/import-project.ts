import { readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { findEvent, getDialect, parseScenario, type Dialect, type DialectId, type Scenario } from '@hookplay/engine';
import { findConfigFiles, type Roots } from './find-config.js';
import { configDir, MAX_FILE_BYTES, resolveReferences, type LeftOut } from './references.js';

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

function realDir(path: string, what: string): string {
  const info = statSync(path, { throwIfNoEntry: false });
  if (!info) throw new ImportError(`${what} ${path}: no such directory`);
  if (!info.isDirectory()) throw new ImportError(`${what} ${path}: not a directory`);
  return realpathSync(path);
}

/**
 * A scenario from a real project: the dialect's config files as they are on disk (a malformed one too, so
 * running it shows the host's own diagnostics), the files their hook commands reference, and the event with
 * its sample payload. The process environment is never read into it.
 */
export function importProject(request: ImportRequest): ImportResult {
  const dialect = getDialect(request.dialect);
  const roots: Roots = { project: realDir(request.project, 'project'), ...(request.home !== undefined ? { home: realDir(request.home, 'home') } : {}) };
  const found = findEvent(dialect, request.event);
  if ('error' in found) throw new ImportError(`--event: ${found.error.message}`);

  const search = findConfigFiles(dialect.configFiles, roots);
  if (search.found.length === 0) {
    throw new ImportError(
      `no ${dialect.label} hook config found. Looked at:\n${search.looked.map((l) => `  ${l}`).join('\n')}` +
        (search.skippedHome.length && request.home === undefined ? `\n${dialect.label} also reads files in the home directory: pass --home to read them.` : ''),
    );
  }
  const files: Record<string, string> = {};
  const leftOut: LeftOut[] = [];
  for (const key of search.found) {
    const path = key.startsWith('~/') ? join(roots.home!, key.slice(2)) : join(roots.project, key);
    if (statSync(path).size > MAX_FILE_BYTES) {
      leftOut.push({ path: key, why: `larger than ${MAX_FILE_BYTES / 1024} KiB`, command: '' });
      continue;
    }
    files[key] = readFileSync(path, 'utf8');
  }
  const configs = Object.keys(files);

  const loaded = dialect.load(files, {});
  const vars = directoryVariables(dialect, loaded);
  const scripts = new Set<string>();
  for (const entry of loaded.entries) {
    const cwds = [roots.project, configDir(entry.source, roots)].filter((d): d is string => d !== undefined);
    const refs = resolveReferences(entry.command, { roots, vars, cwds: [...new Set(cwds)] });
    for (const f of refs.files) {
      if (files[f.key] === undefined) {
        files[f.key] = f.content;
        scripts.add(f.key);
      }
    }
    leftOut.push(...refs.leftOut);
  }

  const scenario = parseScenario({
    hookplay: 1,
    title: `${basename(roots.project)}: ${request.event}`,
    description: `Imported by hookplay import from ${roots.project}${roots.home ? ` and ${roots.home}` : ''}.`,
    dialect: dialect.id,
    files,
    event: request.event,
    payload: request.payload ?? found.event.sample,
  });
  return { scenario, configs, scripts: [...scripts], leftOut: dedupe(leftOut), looked: search.looked };
}

const PROJECT_MARK = '/hookplay-import/project';
const HOME_MARK = '/hookplay-import/home';

/**
 * Which environment variables the host points at the project or home directory (CLAUDE_PROJECT_DIR, ...),
 * learnt from the dialect's own plan for each configured event rather than written here, so new hosts need
 * nothing. Planning is pure: no process starts.
 */
function directoryVariables(dialect: Dialect, loaded: ReturnType<Dialect['load']>): Map<string, 'project' | 'home'> {
  const vars = new Map<string, 'project' | 'home'>();
  for (const name of new Set(loaded.entries.map((e) => e.event))) {
    const found = findEvent(dialect, name);
    if ('error' in found) continue;
    try {
      const prepared = dialect.prepare({ loaded, event: found.event, payload: found.event.sample, host: {}, paths: { project: PROJECT_MARK, home: HOME_MARK }, baseEnv: { HOME: HOME_MARK } });
      for (const job of prepared.jobs) {
        for (const [key, value] of Object.entries(job.env)) {
          if (value === PROJECT_MARK) vars.set(key, 'project');
          else if (value === HOME_MARK && key !== 'HOME') vars.set(key, 'home');
        }
      }
    } catch {
      // A dialect that cannot plan this event from its sample teaches nothing here.
    }
  }
  return vars;
}

function dedupe(items: LeftOut[]): LeftOut[] {
  const seen = new Set<string>();
  return items.filter((i) => {
    const k = `${i.path}\0${i.why}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export const defaultOutName = (project: string, event: string) => `${basename(realpathSync(project))}-${event}.hookplay.json`.replace(/[^\w.@-]+/g, '-');
