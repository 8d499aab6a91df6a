import type { Diagnostic } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import { diag } from '../shared/results.js';
import type { ClaudeCodeEntry } from './config.js';
import type { ClaudeCodeRules } from './version.js';

/**
 * Local plugins, as Claude Code 2.1.332 loads them with `--plugin-dir <dir>` (recorded: oracle fixtures plugin-*).
 * A scenario names its plugin directories in `host.plugins` (project-relative, or `~/...`); a plugin's hooks live in
 * `<dir>/hooks/hooks.json`, in the settings files' `{ "hooks": { ... } }` shape, and run with CLAUDE_PLUGIN_ROOT set
 * to the plugin's directory. What the recordings show:
 * - a plugin's hooks add to the settings files' hooks (settings first);
 * - a plugin hook is never merged with a settings hook or another plugin's hook of the same command: both run;
 *   the same command twice inside one plugin runs once;
 * - a hooks.json that is not valid JSON drops that plugin's hooks only;
 * - `disableAllHooks` in settings disables plugin hooks too;
 * - a plugin directory not passed with --plugin-dir is not loaded.
 */

/** A plugin directory as written; "." (or "") is the project itself, a plugin repository opened as the project. */
const pluginDir = (dir: string) => dir.replace(/\/+$/, '').replace(/^\.(\/|$)/, '');
export const pluginHooksFile = (dir: string) => (pluginDir(dir) === '' ? 'hooks/hooks.json' : `${pluginDir(dir)}/hooks/hooks.json`);
export const PLUGIN_ROOT_VAR = 'CLAUDE_PLUGIN_ROOT';

/** Reads one file in the settings shape (config.ts's reader), for the plugin's own hooks. */
export type ReadHooksFile = (text: string, file: string) => { entries: ClaudeCodeEntry[] };

export function loadPluginHooks(files: Record<string, string>, host: HostSettings, read: ReadHooksFile, diagnostics: Diagnostic[]): ClaudeCodeEntry[] {
  const dirs = (host.plugins ?? []).map((d) => pluginDir(d) || '.');
  const loaded = new Set(dirs.map(pluginHooksFile));
  for (const key of Object.keys(files)) {
    if (/(^|\/)hooks\/hooks\.json$/.test(key) && !loaded.has(key)) {
      const dir = key === 'hooks/hooks.json' ? '.' : key.slice(0, -'/hooks/hooks.json'.length);
      diagnostics.push(diag('warning', 'plugin.not-loaded', `${key} looks like a plugin's hooks, but host.plugins does not list ${JSON.stringify(dir)}: Claude Code loads a local plugin only when it is given (--plugin-dir ${dir}), so these hooks do not run`, { file: key }));
    }
  }
  const entries: ClaudeCodeEntry[] = [];
  for (const dir of dirs) {
    const file = pluginHooksFile(dir);
    const text = files[file];
    if (text === undefined) {
      diagnostics.push(diag('info', 'plugin.no-hooks', `plugin ${dir} has no ${file}: it adds no hooks`));
      continue;
    }
    const read_ = read(text, file);
    const name = pluginName(dir, files);
    for (const entry of read_.entries) entries.push({ ...entry, scope: 'plugin', pluginRoot: dir, pluginName: name, marketplace: 'inline' });
  }
  return entries;
}

export const PLUGIN_DATA_VAR = 'CLAUDE_PLUGIN_DATA';

/** A plugin's name: its manifest's (`.claude-plugin/plugin.json`), else its directory's. */
export function pluginName(dir: string, files: Record<string, string>): string {
  const at = pluginDir(dir);
  const manifest = files[at === '' ? '.claude-plugin/plugin.json' : `${at}/.claude-plugin/plugin.json`];
  if (manifest !== undefined) {
    try {
      const name = (JSON.parse(manifest) as { name?: unknown }).name;
      if (typeof name === 'string' && name !== '') return name;
    } catch {
      // An unreadable manifest names nothing: the directory does.
    }
  }
  return at.split('/').filter(Boolean).pop() ?? 'project';
}

/**
 * CLAUDE_PLUGIN_DATA: a folder of the plugin's own under ~/.claude/plugins/data, named after the plugin and its
 * marketplace ("inline" for --plugin-dir), which the CLI makes before hooks run (x-plugin2-data-path).
 */
export const pluginDataKey = (name: string, marketplace = 'inline') => `~/.claude/plugins/data/${name}-${marketplace}`;

/** Where a plugin's directory is on the simulated machine: `~/...` in the home, anything else in the project. */
export function pluginRootPath(dir: string, paths: { home: string; project: string }): string {
  if (dir.startsWith('~/')) return `${paths.home}/${dir.slice(2)}`;
  return pluginDir(dir) === '' ? paths.project : `${paths.project}/${pluginDir(dir)}`;
}

/**
 * The key identical commands are merged by: per plugin for plugin hooks, shared by all settings files otherwise; or
 * (2.1.47, profiles.ts `pluginDedupe: 'shared'`) the command string alone, before ${CLAUDE_PLUGIN_ROOT} is expanded.
 */
export const dedupeKey = (entry: ClaudeCodeEntry, rules: Pick<ClaudeCodeRules, 'pluginDedupe'> | null) =>
  rules?.pluginDedupe === 'shared' ? `all\0${entry.command}` : entry.pluginRoot !== undefined ? `plugin:${entry.pluginRoot}\0${entry.command}` : `settings\0${entry.command}`;

export type { ClaudeCodeRules };
