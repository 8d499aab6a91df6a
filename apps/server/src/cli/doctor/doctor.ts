import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DIALECT_IDS, DOCTOR_FACTS, getDialect, type DialectId } from '@hookplay/engine';
import { findConfigFiles, type Roots } from '../import/find-config.js';
import { rootsOf } from '../import/import-project.js';
import { projectFiles, readSetup, type Setup } from '../import/read-setup.js';
import { sortFindings, type DoctorReport, type Finding } from './findings.js';
import { inspectSetup } from './inspect.js';

export class DoctorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DoctorError';
  }
}

export interface DoctorRequest {
  project: string;
  /** Read the hosts' files in this home too; nothing outside the project is read without it. */
  home?: string;
  /** The host to check; default: every host whose files the project has. */
  dialect?: DialectId;
}

/** The hosts whose config the project (and the home, when asked) has, each read as that host would find it. */
export function setupsOf(roots: Roots, only?: DialectId): { setups: Setup[]; looked: string[] } {
  const setups: Setup[] = [];
  const looked: string[] = [];
  const project = projectFiles(roots.project);
  for (const id of only ? [only] : DIALECT_IDS) {
    // A host that reads another host's files is checked unasked only where the project shows it is used.
    const usedIn = DOCTOR_FACTS[id].usedIn;
    if (!only && usedIn && !usedIn(project)) continue;
    const setup = readSetup(getDialect(id), roots, project);
    looked.push(...setup.looked);
    if (Object.keys(setup.files).length) setups.push(setup);
  }
  return { setups, looked };
}

/**
 * Checks a real setup: every hook as its host loads and plans it, with findings at their file, line and column.
 * Throws DoctorError when there is nothing to check (no such directory, no host config).
 */
export function doctor(request: DoctorRequest): DoctorReport {
  let roots: Roots;
  try {
    roots = rootsOf(request);
  } catch (e) {
    throw new DoctorError((e as Error).message);
  }
  const { setups, looked } = setupsOf(roots, request.dialect);
  if (setups.length === 0) {
    const which = request.dialect ? getDialect(request.dialect).label : 'any host';
    throw new DoctorError(`no hook config for ${which} in ${roots.project}${request.home === undefined ? ' (the home directory was not read: pass --home to read it)' : ''}. Looked at:\n${[...new Set(looked)].map((l) => `  ${l}`).join('\n')}`);
  }
  const findings: Finding[] = [];
  const hooks: DoctorReport['hooks'] = [];
  for (const setup of setups) {
    const result = inspectSetup(setup);
    findings.push(...result.findings);
    hooks.push(...result.hooks);
  }
  findings.push(...dependencyHooks(roots, request.dialect));
  return { findings: sortFindings(findings), hooks };
}

/** Packages in node_modules, one level deep (and @scope/name). */
function packages(project: string): string[] {
  const base = join(project, 'node_modules');
  const out: string[] = [];
  const list = (dir: string) => {
    try {
      return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    } catch {
      return [];
    }
  };
  for (const name of list(base)) {
    if (name.startsWith('.')) continue;
    if (name.startsWith('@')) for (const inner of list(join(base, name))) out.push(`node_modules/${name}/${inner}`);
    else out.push(`node_modules/${name}`);
  }
  return out.slice(0, 5000);
}

/**
 * Dependencies that ship a host's hook config: they do not run in this project, but they run for anyone who opens
 * that package's folder with the host, which is how planted SessionStart hooks spread.
 */
function dependencyHooks(roots: Roots, only?: DialectId): Finding[] {
  const out: Finding[] = [];
  const pkgs = packages(roots.project);
  if (!pkgs.length) return out;
  for (const id of only ? [only] : DIALECT_IDS) {
    // A host that reads another host's files would name the same dependency twice.
    if (!only && DOCTOR_FACTS[id].usedIn) continue;
    const dialect = getDialect(id);
    const specs = dialect.configFiles.filter((s) => !s.path.startsWith('~/') && !s.path.includes('<'));
    for (const pkg of pkgs) {
      for (const file of findConfigFiles(specs, { project: join(roots.project, pkg) }).found) {
        out.push({
          id: 'security.dependency-hooks',
          severity: 'warning',
          file: `${pkg}/${file}`,
          line: 1,
          column: 1,
          host: id,
          message: `the dependency ${pkg.slice('node_modules/'.length)} ships ${dialect.label} config (${file}): it does not run for this project, but it runs for anyone who opens that package's folder with ${dialect.label}. Check what its hooks do, and where the package comes from.`,
        });
      }
    }
  }
  return out;
}
