import { extname, normalize } from './posix.js';
import type { Diagnostic } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import { closest } from '../../util/suggest.js';
import { diag } from '../shared/results.js';
import { HOOK_EXTENSIONS } from './command.js';
import { recorded } from './evidence.js';
import { EVENT_NAMES, eventOfName } from './events.js';

/** A folder the CLI reads hook files from, as a scenario file-key prefix. */
export interface HookFolder {
  key: string;
  scope: 'home' | 'project';
  /** The CLI names this folder's files by a path relative to where it starts (a relative CLINE_DIR): it sorts and runs them so. */
  relative?: boolean;
}

export const DOCUMENTS_HOOKS = '~/Documents/Cline/Hooks/';
export const HOME_HOOKS = '~/.cline/hooks/';
export const CLINERULES_HOOKS = '.clinerules/hooks/';
export const PROJECT_HOOKS = '.cline/hooks/';

/**
 * The four folders Cline CLI 3.0.65 reads (recorded: folders-*): ~/Documents/Cline/Hooks, the Cline directory's
 * hooks (~/.cline/hooks, or $CLINE_DIR/hooks), and the workspace's .clinerules/hooks and .cline/hooks. `--hooks-dir`
 * and CLINE_HOOKS_DIR add nothing (recorded: folders-hooks-dir-flag, folders-hooks-dir-env).
 */
export function hookFolders(host: HostSettings): { folders: HookFolder[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const clineDir = host.env?.CLINE_DIR?.trim();
  let clineHooks: HookFolder | null = { key: HOME_HOOKS, scope: 'home' };
  if (clineDir) {
    if (clineDir.startsWith('/') || clineDir.startsWith('~')) {
      clineHooks = null;
      diagnostics.push(
        diag('warning', 'run.cline-dir-outside', `CLINE_DIR is ${JSON.stringify(clineDir)}: the CLI reads hooks from ${clineDir}/hooks instead of ~/.cline/hooks, and a scenario can place files only in its home and project (hookplay's limit: write CLINE_DIR relative to the project)`, {
          evidence: { kind: 'hookplay' },
        }),
      );
    } else {
      clineHooks = { key: `${normalize(clineDir).replace(/\/$/, '')}/hooks/`, scope: 'project', relative: true };
      diagnostics.push(diag('info', 'config.cline-dir', `CLINE_DIR=${clineDir}: the CLI reads ${clineHooks.key} (relative to the project, where it starts) instead of ~/.cline/hooks`, { evidence: recorded('folders-cline-dir-env') }));
    }
  }
  if (host.env?.CLINE_HOOKS_DIR !== undefined) {
    diagnostics.push(diag('warning', 'divergence.hooks-dir-env-ignored', `CLINE_HOOKS_DIR is set, but Cline CLI 3.0.65 reads no hooks from it (--hooks-dir only sets this variable, and nothing reads it)`, { evidence: recorded('folders-hooks-dir-env') }));
  }
  const args = host.args ?? [];
  const flag = args.findIndex((a) => a === '--hooks-dir' || a.startsWith('--hooks-dir='));
  if (flag >= 0) {
    const value = args[flag]!.includes('=') ? args[flag]!.slice(args[flag]!.indexOf('=') + 1) : (args[flag + 1] ?? '');
    diagnostics.push(diag('warning', 'divergence.hooks-dir-flag-ignored', `--hooks-dir ${value}: the help says it adds a hooks directory, but Cline CLI 3.0.65 reads no hooks from it`, { evidence: recorded('folders-hooks-dir-flag') }));
  }
  const folders: HookFolder[] = [{ key: DOCUMENTS_HOOKS, scope: 'home' }, ...(clineHooks ? [clineHooks] : []), { key: CLINERULES_HOOKS, scope: 'project' }, { key: PROJECT_HOOKS, scope: 'project' }];
  return { folders, diagnostics };
}

/** One hook file the CLI will run. */
export interface FoundHook {
  key: string;
  event: string;
  fileName: string;
  relative: boolean;
}

/**
 * The CLI's reading of a hook folder: every file directly in it (not in subfolders) whose name is an event's, in any
 * case, with no extension or one of the hook extensions (recorded: names-*). A name whose extension is written in
 * upper case is not stripped, so it is no event's.
 */
export function hookOf(fileName: string): { event: string } | { problem: string } {
  const ext = extname(fileName).toLowerCase();
  if (!HOOK_EXTENSIONS.has(ext)) return { problem: `its extension ${extname(fileName)} is not one Cline runs (none, .sh, .bash, .zsh, .js, .mjs, .cjs, .ts, .mts, .cts, .py, .ps1)` };
  const base = (ext && fileName.endsWith(ext) ? fileName.slice(0, -ext.length) : fileName).trim();
  const event = eventOfName(base);
  if (!event) {
    const hint = closest(base, [...EVENT_NAMES]);
    return { problem: `"${base}" is not a hook type${hint ? ` (did you mean ${hint}?)` : ''}: a hook file is named after its event` };
  }
  return { event };
}

export function findHooks(files: Record<string, string>, folders: HookFolder[]): { found: FoundHook[]; diagnostics: Diagnostic[] } {
  const found: FoundHook[] = [];
  const diagnostics: Diagnostic[] = [];
  const inFolder = new Set<string>();
  for (const folder of folders) {
    for (const key of Object.keys(files)) {
      if (!key.startsWith(folder.key)) continue;
      const rest = key.slice(folder.key.length);
      if (rest.includes('/')) continue;
      inFolder.add(key);
      const hook = hookOf(rest);
      if ('event' in hook) found.push({ key, event: hook.event, fileName: rest, relative: folder.relative === true });
      else diagnostics.push(diag('warning', 'config.not-a-hook', `${key} is not run: ${hook.problem}`, { file: key, evidence: recorded('names-unknown-ext', 'names-unknown-event') }));
    }
  }
  // A file named like a hook that sits where the CLI does not look is the commonest "my hook never runs".
  for (const key of Object.keys(files)) {
    if (inFolder.has(key) || !looksMisplaced(key)) continue;
    const hook = hookOf(key.slice(key.lastIndexOf('/') + 1)) as { event: string };
    const read = folders.map((f) => f.key).join(', ');
    diagnostics.push(
      diag('warning', 'config.folder-not-read', `${key} is named like a ${hook.event} hook, but Cline CLI 3.0.65 does not read its folder (it reads only files directly in ${read})`, {
        file: key,
        evidence: recorded('folders-not-read'),
      }),
    );
  }
  return { found, diagnostics };
}


/** A file named after an event under a hooks folder or a Cline folder: meant as a hook, wherever it is. */
export function looksMisplaced(key: string): boolean {
  const hook = hookOf(key.slice(key.lastIndexOf('/') + 1));
  return 'event' in hook && (/hooks?\//i.test(key) || /\/(\.clinerules|\.cline|Cline)\//.test(`/${key}`));
}
