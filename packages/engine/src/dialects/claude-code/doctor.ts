import { isObject } from '../../util/json.js';
import { parseJsonDocument } from '../../util/positions.js';
import type { DoctorFacts, SourceFinding } from '../doctor-facts.js';
import { LOCAL_SETTINGS, PROJECT_SETTINGS, USER_SETTINGS } from './config.js';
import { pluginHooksFile } from './plugins.js';

/** A plugin's manifest folder: a directory holding it (and hooks/hooks.json) is a plugin. */
const MANIFEST_DIR = '.claude-plugin';

/**
 * Plugins in a project's file list: every folder with `.claude-plugin/` beside `hooks/hooks.json` (the repository
 * itself when both sit at its top), loaded as with `--plugin-dir`, which runs their hooks with CLAUDE_PLUGIN_ROOT.
 */
function pluginConfigs(paths: readonly string[]): { files: string[]; host: { plugins: string[] } } {
  const set = new Set(paths);
  const dirs = new Set<string>();
  for (const path of paths) {
    const at = path.split('/').indexOf(MANIFEST_DIR);
    if (at < 0) continue;
    const dir = path.split('/').slice(0, at).join('/') || '.';
    if (set.has(pluginHooksFile(dir))) dirs.add(dir);
  }
  const plugins = [...dirs].sort();
  return { files: plugins.map(pluginHooksFile), host: { plugins } };
}

/** A git ref that names one commit. */
const COMMIT = /^[0-9a-f]{40}$/;

/**
 * Marketplaces (`extraKnownMarketplaces`) whose plugins, hooks included, come from a git source without a pinned
 * commit: what runs is whatever the branch holds when Claude Code next updates them.
 */
function unpinnedMarketplaces(files: Record<string, string>): SourceFinding[] {
  const out: SourceFinding[] = [];
  for (const file of [USER_SETTINGS, PROJECT_SETTINGS, LOCAL_SETTINGS]) {
    const text = files[file];
    if (text === undefined) continue;
    const doc = parseJsonDocument(text);
    if (doc.error || !isObject(doc.value) || !isObject(doc.value.extraKnownMarketplaces)) continue;
    const enabled = isObject(doc.value.enabledPlugins) ? Object.keys(doc.value.enabledPlugins) : [];
    for (const [name, market] of Object.entries(doc.value.extraKnownMarketplaces)) {
      const source = isObject(market) && isObject(market.source) ? market.source : null;
      if (!source || (source.source !== 'github' && source.source !== 'git')) continue;
      const pin = [source.sha, source.ref].find((v) => typeof v === 'string' && COMMIT.test(v));
      if (pin) continue;
      const where = source.source === 'github' ? `github ${String(source.repo)}` : `git ${String(source.url)}`;
      const ref = typeof source.ref === 'string' ? ` (ref "${source.ref}" is a branch or tag, which can move)` : '';
      const used = enabled.filter((p) => p.endsWith(`@${name}`));
      out.push({
        file,
        ...(doc.locate(['extraKnownMarketplaces', name, 'source']) ?? { line: 1, column: 1 }),
        message: `marketplace "${name}" comes from ${where} without a pinned commit${ref}: its plugins${used.length ? ` (${used.join(', ')} enabled here)` : ''}, hooks included, are whatever that source holds when Claude Code next fetches it. Pin "sha" to a commit you reviewed.`,
      });
    }
  }
  return out;
}

/** Claude Code's built-in tools, as its hooks reference names them in matchers. */
export const claudeCodeDoctor: DoctorFacts = {
  tools: ['Agent', 'Task', 'Bash', 'BashOutput', 'KillShell', 'Read', 'Write', 'Edit', 'MultiEdit', 'Glob', 'Grep', 'LS', 'NotebookEdit', 'NotebookRead', 'WebFetch', 'WebSearch', 'TodoWrite', 'ExitPlanMode', 'SlashCommand', 'Skill', 'AskUserQuestion'],
  complete: true,
  mcpNames: 'mcp__<server>__<tool>',
  source: 'Claude Code hooks and tools reference',
  extraConfigs: pluginConfigs,
  unpinnedSources: unpinnedMarketplaces,
};
