import { parseTree, printParseErrorCode, stripComments, type ParseError } from 'jsonc-parser';
import type { Diagnostic, Evidence } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import { positionAt } from '../../util/positions.js';
import type { HookEntry, LoadResult } from '../dialect.js';
import { diag } from '../shared/results.js';
import { docs, HOOKPLAY, recorded } from './evidence.js';

/** hookplay's own deadline for one plugin call: OpenCode waits for a handler as long as it takes. */
export const PLUGIN_TIMEOUT_MS = 60_000;

export const GLOBAL_DIR = '~/.config/opencode';
export const PROJECT_DIR = '.opencode';
export const HOME_DIR = '~/.opencode';
export const CONFIG_NAMES = ['opencode.json', 'opencode.jsonc'] as const;
/** The plugin folders of a config directory (OpenCode globs `{plugin,plugins}/*.{ts,js}` in it). */
export const PLUGIN_FOLDERS = ['plugin', 'plugins'] as const;

/** Where a plugin came from, in OpenCode's load order (recorded: order-*). */
export type PluginScope = 'global-config' | 'project-config' | 'global-dir' | 'project-dir' | 'home-dir';

export interface OpenCodeEntry extends HookEntry {
  /** The scenario file key of the plugin module; null for an npm package name. */
  key: string | null;
  /** The spec as written (a path, a file:// URL, a package name). */
  spec: string;
  options: Record<string, unknown>;
  scope: PluginScope;
  /** For plugins found in a folder: the folder's key, whose file-system order decides among its files. */
  folder?: string;
  /** Set when OpenCode cannot load it at all (a missing file, an npm package offline). */
  unloadable?: string;
  unloadableEvidence?: Evidence;
}

const isModule = (key: string) => /\.(ts|js)$/.test(key);

/** The file key a config's plugin spec points at, relative to the config's folder; null: not a file. */
export function fileKeyOf(spec: string, configKey: string): string | null {
  const dir = configKey.includes('/') ? configKey.slice(0, configKey.lastIndexOf('/')) : '';
  if (spec.startsWith('file://')) return null;
  if (!spec.startsWith('./') && !spec.startsWith('../')) return null;
  const parts = (dir ? dir.split('/') : []).concat(spec.split('/'));
  const out: string[] = [];
  for (const p of parts) {
    if (p === '.' || p === '') continue;
    if (p === '..') {
      if (!out.length || out[out.length - 1] === '~') return null;
      out.pop();
    } else out.push(p);
  }
  return out.join('/');
}

/** Where a plugin list names a spec (the string's opening quote), for a finding on that line. */
function positionOfSpec(text: string, spec: string): { line?: number; column?: number } {
  const at = text.indexOf(JSON.stringify(spec));
  if (at < 0) return {};
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

export function parseConfig(text: string): { value?: unknown; error?: { message: string; line: number; column: number } } {
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: false, allowTrailingComma: true });
  const first = errors[0];
  if (first) return { error: { message: printParseErrorCode(first.error), ...positionAt(text, first.offset) } };
  try {
    return { value: JSON.parse(stripComments(text).replace(/,(\s*[}\]])/g, '$1')) };
  } catch (e) {
    return { error: { message: (e as Error).message, line: 1, column: 1 } };
  }
}

/**
 * OpenCode 1.18.33's plugins, in the order it loads them (recorded: order-sources, order-folders):
 * 1. the `plugin` list of ~/.config/opencode/opencode.json(c), then of the project's opencode.json(c);
 * 2. per config folder, ~/.config/opencode, the project's .opencode (its own opencode.json(c) first), ~/.opencode:
 *    the `.ts` and `.js` files directly in its `plugin/` and `plugins/` folders (`.mjs`, `.tsx` and subfolders are
 *    not loaded).
 * A spec is a path relative to its config file, a file:// URL or an npm package name; the same module named twice
 * loads once, at its last place. Order inside one folder is the file system's (decided at run time, see prepare).
 */
export function loadOpenCode(files: Record<string, string>, _host: HostSettings): LoadResult<OpenCodeEntry> {
  const diagnostics: Diagnostic[] = [];
  const found: Omit<OpenCodeEntry, 'event' | 'command' | 'timeoutMs'>[] = [];
  const fromConfig = (configKey: string, scope: PluginScope) => {
    const text = files[configKey];
    if (text === undefined) return;
    const parsed = parseConfig(text);
    if (parsed.error) {
      diagnostics.push(diag('error', 'config.invalid-json', `${configKey} is not valid JSON (${parsed.error.message}): OpenCode stops before the session starts`, { file: configKey, line: parsed.error.line, column: parsed.error.column, evidence: docs('https://opencode.ai/docs/config') }));
      return;
    }
    const list = (parsed.value as { plugin?: unknown })?.plugin;
    if (list === undefined) return;
    if (!Array.isArray(list)) {
      diagnostics.push(diag('error', 'config.plugin-not-list', `${configKey}: "plugin" must be a list of plugin names or paths`, { file: configKey, evidence: docs('https://opencode.ai/docs/config') }));
      return;
    }
    for (const item of list) {
      const spec = Array.isArray(item) ? item[0] : item;
      const options = Array.isArray(item) && item[1] && typeof item[1] === 'object' ? (item[1] as Record<string, unknown>) : {};
      if (typeof spec !== 'string' || spec === '') {
        diagnostics.push(diag('warning', 'config.plugin-spec', `${configKey}: a plugin entry is not a name or a path: ${JSON.stringify(item)}`, { file: configKey, evidence: docs('https://opencode.ai/docs/config') }));
        continue;
      }
      const key = fileKeyOf(spec, configKey);
      if (key !== null && files[key] === undefined) {
        // Named in the list but not there: OpenCode logs the failure and goes on without it (recorded:
        // load-missing-file). Reported where the list names it, which is what the user has to fix.
        const at = positionOfSpec(text, spec);
        const why = `${spec} (from ${configKey}) is not there`;
        found.push({ key, spec, options, scope, source: configKey, ...at, unloadable: why, notLoaded: why });
      } else if (key !== null) {
        found.push({ key, spec, options, scope, source: key });
      } else if (spec.startsWith('file://') || spec.startsWith('/')) {
        found.push({ key: null, spec, options, scope, source: configKey, unloadable: `${spec} is an absolute path, outside the scenario's files` });
      } else {
        found.push({
          key: null,
          spec,
          options,
          scope,
          source: configKey,
          unloadable: `${spec} is an npm package: OpenCode installs it from the registry when it starts; hookplay installs no packages, so it does not run here`,
          unloadableEvidence: HOOKPLAY,
        });
      }
    }
  };
  const fromFolder = (dir: string, scope: PluginScope) => {
    for (const folder of PLUGIN_FOLDERS) {
      const prefix = `${dir}/${folder}/`;
      const keys = Object.keys(files).filter((k) => k.startsWith(prefix) && !k.slice(prefix.length).includes('/'));
      for (const key of keys.filter(isModule).sort()) found.push({ key, spec: key, options: {}, scope, source: key, folder: `${dir}/${folder}` });
      for (const key of keys.filter((k) => !isModule(k) && /\.(mjs|cjs|mts|cts|tsx|jsx)$/.test(k))) {
        diagnostics.push(diag('warning', 'config.plugin-extension', `${key} is not loaded: OpenCode loads only .ts and .js files from ${dir}/${folder}/`, { file: key, evidence: recorded('order-sources') }));
      }
      for (const key of Object.keys(files).filter((k) => k.startsWith(prefix) && k.slice(prefix.length).includes('/') && isModule(k))) {
        diagnostics.push(diag('info', 'config.plugin-subfolder', `${key} is in a subfolder of ${dir}/${folder}/: OpenCode does not load it as a plugin (a plugin may still import it)`, { file: key, evidence: docs() }));
      }
    }
  };

  for (const name of CONFIG_NAMES) fromConfig(`${GLOBAL_DIR}/${name}`, 'global-config');
  for (const name of CONFIG_NAMES) fromConfig(name, 'project-config');
  fromFolder(GLOBAL_DIR, 'global-dir');
  for (const name of CONFIG_NAMES) fromConfig(`${PROJECT_DIR}/${name}`, 'project-dir');
  fromFolder(PROJECT_DIR, 'project-dir');
  for (const name of CONFIG_NAMES) fromConfig(`${HOME_DIR}/${name}`, 'home-dir');
  fromFolder(HOME_DIR, 'home-dir');

  // The same module twice: OpenCode keeps the last (its dedup walks the list from the end).
  const last = new Map<string, number>();
  found.forEach((f, i) => last.set(f.key ?? f.spec, i));
  const entries: OpenCodeEntry[] = [];
  found.forEach((f, i) => {
    if (last.get(f.key ?? f.spec) !== i) {
      diagnostics.push(diag('info', 'config.plugin-duplicate', `${f.spec} is named more than once: OpenCode loads it once, at its last place`, { file: f.source, evidence: docs() }));
      return;
    }
    entries.push({ ...f, event: '*', command: `plugin ${f.key ?? f.spec}`, timeoutMs: PLUGIN_TIMEOUT_MS });
  });
  // The files travel along: prepare looks for hook names in them and transpiles the TypeScript ones.
  return { entries, diagnostics, settings: { files } };
}

export const SCOPE_LABEL: Record<PluginScope, string> = {
  'global-config': 'the plugin list of ~/.config/opencode/opencode.json',
  'project-config': "the plugin list of the project's opencode.json",
  'global-dir': '~/.config/opencode/plugins/',
  'project-dir': '.opencode/plugins/',
  'home-dir': '~/.opencode/plugins/',
};
