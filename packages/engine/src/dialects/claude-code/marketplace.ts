import type { Diagnostic } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import { isObject } from '../../util/json.js';
import { parseJsonDocument } from '../../util/positions.js';
import { diag } from '../shared/results.js';
import type { ClaudeCodeEntry } from './config.js';
import { LOCAL_SETTINGS, PROJECT_SETTINGS, USER_SETTINGS } from './config.js';
import { pluginHooksFile, type ReadHooksFile } from './plugins.js';

/**
 * Plugins a marketplace provides, as Claude Code 2.1.332 installs them from settings (recorded: x-plugin2-market-*):
 * user settings declare the marketplace (`extraKnownMarketplaces.<name>.source`, a `directory` source, resolved
 * against the working directory) and enable the plugin (`enabledPlugins["<plugin>@<marketplace>"]: true`). A
 * `claude -p` installs it during its first start, too late for that process: its hooks run from the next start on (a
 * resume or --continue), with CLAUDE_PLUGIN_ROOT the plugin's folder in the marketplace and CLAUDE_PLUGIN_DATA
 * `~/.claude/plugins/data/<plugin>-<marketplace>`. host.pluginsInstalled says they are installed from the start.
 * Declared in project or local settings they are not installed at all (x-plugin2-market-project, -market-local).
 */

export interface MarketplacePlugin {
  name: string;
  marketplace: string;
  /** The plugin's folder as a file key (project-relative, or `~/...`). */
  dir: string;
}

/** The file key a directory source names: `./market` and `market` in the project, `~/market` in the home. */
function sourceKey(path: string): string | null {
  if (path.startsWith('/')) return null;
  if (path.startsWith('~/')) return path.replace(/\/+$/, '');
  return path.replace(/^\.\//, '').replace(/\/+$/, '');
}

/** The enabled marketplace plugins user settings declare, each with its folder; what cannot be found is said. */
export function declaredMarketplacePlugins(files: Record<string, string>, diagnostics: Diagnostic[]): MarketplacePlugin[] {
  for (const file of [PROJECT_SETTINGS, LOCAL_SETTINGS]) {
    const doc = files[file] === undefined ? null : parseJsonDocument(files[file]!);
    if (doc && !doc.error && isObject(doc.value) && (isObject(doc.value.extraKnownMarketplaces) || isObject(doc.value.enabledPlugins))) {
      const at = doc.locate([isObject(doc.value.extraKnownMarketplaces) ? 'extraKnownMarketplaces' : 'enabledPlugins']);
      diagnostics.push(diag('info', 'plugin.marketplace-not-from-repo', `${file} declares marketplace plugins: a claude -p session does not install them from there, so their hooks do not run (only user settings install them)`, { file, ...(at ?? {}) }));
    }
  }
  const text = files[USER_SETTINGS];
  if (text === undefined) return [];
  const doc = parseJsonDocument(text);
  if (doc.error || !isObject(doc.value)) return [];
  const markets = isObject(doc.value.extraKnownMarketplaces) ? doc.value.extraKnownMarketplaces : {};
  const enabled = isObject(doc.value.enabledPlugins) ? doc.value.enabledPlugins : {};
  const out: MarketplacePlugin[] = [];
  for (const [id, on] of Object.entries(enabled)) {
    if (on !== true) continue;
    const [name, marketplace] = id.split('@');
    const market = marketplace !== undefined ? markets[marketplace] : undefined;
    const source = isObject(market) && isObject(market.source) ? market.source : null;
    if (!name || !marketplace || !source || source.source !== 'directory' || typeof source.path !== 'string') {
      diagnostics.push(diag('info', 'plugin.marketplace-unknown', `enabledPlugins "${id}" names no marketplace with a directory source in ${USER_SETTINGS}: hookplay cannot play it (only directory marketplaces are local)`, { file: USER_SETTINGS }));
      continue;
    }
    const root = sourceKey(source.path);
    const manifest = root === null ? undefined : files[`${root}/.claude-plugin/marketplace.json`];
    const listed = manifest === undefined ? null : parseJsonDocument(manifest);
    const entry = listed && !listed.error && isObject(listed.value) && Array.isArray(listed.value.plugins) ? listed.value.plugins.find((p) => isObject(p) && p.name === name) : undefined;
    const dir = isObject(entry) && typeof entry.source === 'string' ? sourceKey(`${root}/${entry.source.replace(/^\.\//, '')}`) : null;
    if (!dir) {
      diagnostics.push(diag('info', 'plugin.marketplace-unknown', `"${id}": the marketplace at ${JSON.stringify(source.path)} lists no plugin "${name}" with a local source in its .claude-plugin/marketplace.json`, { file: USER_SETTINGS }));
      continue;
    }
    out.push({ name, marketplace, dir });
  }
  return out;
}

/** The hooks of the installed marketplace plugins, or a note that they are installed only now. */
export function loadMarketplaceHooks(files: Record<string, string>, host: HostSettings, read: ReadHooksFile, diagnostics: Diagnostic[]): ClaudeCodeEntry[] {
  const plugins = declaredMarketplacePlugins(files, diagnostics);
  if (!plugins.length) return [];
  if (host.pluginsInstalled !== true) {
    diagnostics.push(diag('info', 'plugin.marketplace-first-start', `${plugins.map((p) => `${p.name}@${p.marketplace}`).join(', ')}: user settings declare ${plugins.length > 1 ? 'these plugins' : 'this plugin'}, which Claude Code installs during this start, too late for it: ${plugins.length > 1 ? 'their' : 'its'} hooks run from the next start of the CLI (a resume or --continue)`));
    return [];
  }
  const entries: ClaudeCodeEntry[] = [];
  for (const p of plugins) {
    const text = files[pluginHooksFile(p.dir)];
    if (text === undefined) continue;
    for (const entry of read(text, pluginHooksFile(p.dir)).entries) entries.push({ ...entry, scope: 'plugin', pluginRoot: p.dir, pluginName: p.name, marketplace: p.marketplace });
  }
  return entries;
}
