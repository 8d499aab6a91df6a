import { parse as parseToml } from 'smol-toml';
import type { HostSettings } from '../../scenario.js';
import { isObject } from '../../util/json.js';
import { PROJECT_SETTINGS, USER_SETTINGS } from './config.js';
import { parseSettingsText } from './jsonc.js';

/**
 * Gemini CLI 0.61.0's policy engine as far as `gemini -p` sessions need it (packages/core/src/policy/ in the
 * bundle): the approval mode the launch picks, and the user's rules (TOML files in ~/.gemini/policies/, the
 * deprecated tools.exclude and tools.allowed of the settings files). The CLI's own default policies are not
 * re-derived here: what they leave to each mode is taken from the recordings (permission.ts).
 */
export type ApprovalMode = 'default' | 'autoEdit' | 'yolo' | 'plan';
export type Decision = 'allow' | 'deny' | 'ask_user';

export interface PolicyRule {
  /** A tool name, or `*`. */
  toolName: string;
  /** Tested against the call's arguments as stable JSON (commandPrefix and commandRegex become one). */
  argsPattern?: RegExp;
  decision: Decision;
  /** Tier + priority / 1000: a user TOML rule is 4.xxx, tools.exclude 4.4, tools.allowed 4.3. */
  priority: number;
  modes?: ApprovalMode[];
  interactive?: boolean;
  denyMessage?: string;
  source: string;
}

/** `--approval-mode` values as the CLI names them (auto_edit) and as rules name them (autoEdit). */
const MODE_ARGS: Record<string, ApprovalMode> = { default: 'default', auto_edit: 'autoEdit', yolo: 'yolo', plan: 'plan' };

/** The approval mode of the launch: host.args as given, or the harness's `--yolo` when there are none. */
export function approvalModeOf(host: HostSettings): ApprovalMode {
  const args = host.args ?? ['--yolo'];
  let mode: ApprovalMode = 'default';
  args.forEach((arg, i) => {
    if (arg === '--yolo' || arg === '-y') mode = 'yolo';
    if (arg === '--approval-mode' && args[i + 1] && MODE_ARGS[args[i + 1]!]) mode = MODE_ARGS[args[i + 1]!]!;
  });
  return mode;
}

/** host.args the dialect does not model: the session plays as if they were not given. */
export function unmodelledArgs(host: HostSettings): string[] {
  const out: string[] = [];
  const args = host.args ?? [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--yolo' || args[i] === '-y') continue;
    if (args[i] === '--approval-mode' && MODE_ARGS[args[i + 1] ?? '']) {
      i++;
      continue;
    }
    out.push(args[i]!);
  }
  return out;
}

const USER_TIER = 4;
const EXCLUDE_PRIORITY = USER_TIER + 0.4;
const ALLOWED_PRIORITY = USER_TIER + 0.3;
const SHELL = 'run_shell_command';

export const DEPRECATION = {
  exclude: 'Warning: tools.exclude in settings.json is deprecated and will be removed in 1.0. Migrate to Policy Engine: https://geminicli.com/docs/core/policy-engine/',
  allowed: 'Warning: --allowed-tools cli argument and tools.allowed in settings.json are deprecated and will be removed in 1.0: Migrate to Policy Engine: https://geminicli.com/docs/core/policy-engine/',
};

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** buildArgsPatterns: a command prefix matches `"command":"<prefix>` followed by a space, a quote or an escaped quote. */
function prefixPattern(prefix: string): RegExp {
  const encoded = JSON.stringify(prefix);
  return new RegExp(`${escapeRegex(`"command":${encoded.slice(0, -1)}`)}(?:[\\s"]|\\\\")`);
}

export interface LoadedPolicies {
  rules: PolicyRule[];
  /** What the CLI prints on stderr at startup about them (deprecations). */
  warnings: string[];
  /** Files under the workspace's .gemini/policies/: the CLI loads none of them (disableWorkspacePolicies). */
  ignoredWorkspace: string[];
}

/**
 * The user's rules, highest priority first as the engine sorts them. A TOML rule without a valid decision or tool
 * is skipped (the CLI reports it as a policy file error, not modelled here).
 */
export function loadPolicies(files: Record<string, string>, trusted: boolean): LoadedPolicies {
  const rules: PolicyRule[] = [];
  const warnings: string[] = [];
  for (const [key, text] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    if (!/^~\/\.gemini\/policies\/[^/]+\.toml$/.test(key)) continue;
    let doc: unknown;
    try {
      doc = parseToml(text);
    } catch {
      continue;
    }
    const list = isObject(doc) && Array.isArray(doc.rule) ? doc.rule : [];
    for (const r of list) {
      if (!isObject(r) || !['allow', 'deny', 'ask_user'].includes(String(r.decision))) continue;
      const names = Array.isArray(r.toolName) ? r.toolName.map(String) : [typeof r.toolName === 'string' ? r.toolName : r.commandPrefix || r.commandRegex ? SHELL : '*'];
      const prefixes = r.commandPrefix === undefined ? [] : Array.isArray(r.commandPrefix) ? r.commandPrefix.map(String) : [String(r.commandPrefix)];
      const patterns: (RegExp | undefined)[] = prefixes.length ? prefixes.map(prefixPattern) : typeof r.commandRegex === 'string' ? [new RegExp(`"command":"${r.commandRegex}`)] : typeof r.argsPattern === 'string' ? [new RegExp(r.argsPattern)] : [undefined];
      const priority = USER_TIER + (typeof r.priority === 'number' ? r.priority : 0) / 1000;
      for (const toolName of names) {
        for (const argsPattern of patterns) {
          rules.push({
            toolName,
            ...(argsPattern ? { argsPattern } : {}),
            decision: r.decision as Decision,
            priority,
            ...(Array.isArray(r.modes) ? { modes: r.modes.map(String) as ApprovalMode[] } : {}),
            ...(typeof r.interactive === 'boolean' ? { interactive: r.interactive } : {}),
            ...(typeof r.denyMessage === 'string' ? { denyMessage: r.denyMessage } : {}),
            source: key,
          });
        }
      }
    }
  }
  const tools = settingsTools(files, trusted);
  if (tools.exclude.length) warnings.push(DEPRECATION.exclude);
  for (const tool of tools.exclude) rules.push({ toolName: tool, decision: 'deny', priority: EXCLUDE_PRIORITY, source: 'tools.exclude' });
  if (tools.allowed.length) warnings.push(DEPRECATION.allowed);
  const narrowed = new Set<string>();
  for (const tool of tools.allowed) {
    const m = /^([a-zA-Z0-9_-]+)\((.*)\)$/.exec(tool);
    if (m && m[1] === SHELL) {
      narrowed.add(SHELL);
      rules.push({ toolName: SHELL, argsPattern: prefixPattern(m[2]!), decision: 'allow', priority: ALLOWED_PRIORITY, source: 'tools.allowed' });
    } else rules.push({ toolName: m ? m[1]! : tool, decision: 'allow', priority: ALLOWED_PRIORITY, source: 'tools.allowed' });
  }
  // A shell entry with arguments allows those commands only: every other shell command is denied just below it.
  for (const toolName of narrowed) rules.push({ toolName, decision: 'deny', priority: ALLOWED_PRIORITY - 0.01, source: 'tools.allowed (narrowing)' });
  rules.sort((a, b) => b.priority - a.priority);
  const ignoredWorkspace = Object.keys(files).filter((k) => /^\.gemini\/policies\/[^/]+\.toml$/.test(k));
  return { rules, warnings, ignoredWorkspace };
}

/** tools.exclude and tools.allowed of both settings files (arrays concatenate; a workspace file only when trusted). */
function settingsTools(files: Record<string, string>, trusted: boolean): { exclude: string[]; allowed: string[] } {
  const out = { exclude: [] as string[], allowed: [] as string[] };
  for (const file of [USER_SETTINGS, PROJECT_SETTINGS]) {
    if (files[file] === undefined || (file === PROJECT_SETTINGS && !trusted)) continue;
    const doc = parseSettingsText(files[file]!);
    const tools = !doc.error && isObject(doc.value) && isObject(doc.value.tools) ? doc.value.tools : null;
    if (!tools) continue;
    for (const key of ['exclude', 'allowed'] as const) {
      const list = tools[key];
      if (Array.isArray(list)) for (const t of list) if (typeof t === 'string' && !out[key].includes(t)) out[key].push(t);
    }
  }
  return out;
}
