import type { HostSettings } from '../../scenario.js';
import type { JsonObject } from '../../util/json.js';
import { settingsList } from './settings-values.js';
import { commandParts } from '../shared/command-parts.js';

/**
 * What a one-shot `qwen PROMPT` lets a shell call do before any tool hook (coreToolScheduler and the CLI's config in
 * the bundle): its approval mode and the permission rules of the settings. A one-shot run asks nobody, so a call
 * that would need the user's confirmation is declined.
 */
export type QwenMode = 'plan' | 'default' | 'auto-edit' | 'yolo';

/** The approval mode: host.args as given, or the harness's `--yolo`; an untrusted folder forces the default mode. */
export function approvalModeOf(host: HostSettings): QwenMode {
  const args = host.args ?? ['--yolo'];
  let mode: QwenMode = 'default';
  for (const [i, arg] of args.entries()) {
    if (arg === '--yolo' || arg === '-y') mode = 'yolo';
    if (arg === '--approval-mode' && ['plan', 'default', 'auto-edit', 'yolo'].includes(args[i + 1] ?? '')) mode = args[i + 1] as QwenMode;
  }
  // "Approval mode overridden to "default" because the current folder is not trusted." (recorded: untrusted-*)
  return host.trusted === false && (mode === 'yolo' || mode === 'auto-edit') ? 'default' : mode;
}

const SHELL = 'run_shell_command';
/**
 * The names the CLI's tool-wide checks know a tool by (TOOL_ALIAS_MAP: the id, its display name, `<display>Tool` and
 * legacy names). The permission rules' own parser also knows Claude's "Bash", so a Bash(...) rule matches calls, and
 * a bare "Bash" deny turns the shell off, but a Bash(...) allow does not count as allowing the tool at start-up
 * (recorded: perm-default-allow-bash-prefix-*, perm-yolo-deny-bash-*).
 */
const SHELL_IDS = new Set([SHELL, 'Shell', 'ShellTool']);
const SHELL_RULE_NAMES = new Set([...SHELL_IDS, 'Bash']);
const TOOL_IDS: Record<string, Set<string>> = {
  [SHELL]: SHELL_IDS,
  monitor: new Set(['monitor', 'Monitor', 'MonitorTool']),
  edit: new Set(['edit', 'Edit', 'EditTool', 'replace']),
  write_file: new Set(['write_file', 'WriteFile', 'WriteFileTool']),
};
const idsOf = (tool: string) => TOOL_IDS[tool] ?? new Set([tool]);

/**
 * What a one-shot `qwen PROMPT` (not interactive, prompt not read as stream-json) adds to the deny rules unless an
 * allow rule names the tool (loadCliConfig's denyUnlessAllowed): plan and default deny the shell, monitor, edit and
 * write_file; auto-edit the shell and monitor; yolo nothing (recorded: perm-mode-*, untrusted-*).
 */
const ONE_SHOT_DENIES: Record<QwenMode, string[]> = {
  plan: [SHELL, 'monitor', 'edit', 'write_file'],
  default: [SHELL, 'monitor', 'edit', 'write_file'],
  'auto-edit': [SHELL, 'monitor'],
  yolo: [],
};

export interface PermissionRules {
  allow: string[];
  ask: string[];
  deny: string[];
  /** The deny rules the one-shot run added itself (an interactive Qwen Code would ask instead). */
  injected: Set<string>;
}

/**
 * permissions.allow/ask/deny of both files, with the legacy tools.allowed and tools.exclude added to allow and deny,
 * then the one-shot run's own deny rules for the approval mode, after the settings' ones (the CLI pushes them last).
 */
export function permissionRules(files: Record<string, string>, host: HostSettings, mode: QwenMode = approvalModeOf(host)): PermissionRules {
  const from = (section: string, key: string) => settingsList(files, host, (d) => {
    const s = d[section];
    return s && typeof s === 'object' && !Array.isArray(s) ? (s as JsonObject)[key] : undefined;
  });
  const allow = [...from('permissions', 'allow'), ...from('tools', 'allowed')];
  const deny = [...from('permissions', 'deny'), ...from('tools', 'exclude')];
  const injected = new Set<string>();
  for (const tool of ONE_SHOT_DENIES[mode]) {
    // "Explicitly allowed": an allow rule naming the tool by one of its ids, with or without a specifier.
    if (allow.some((r) => idsOf(tool).has(parse(r).name)) || deny.includes(tool)) continue;
    deny.push(tool);
    injected.add(tool);
  }
  return { allow, ask: from('permissions', 'ask'), deny, injected };
}

const parse = (rule: string): { name: string; spec: string | null } => {
  const m = /^\s*([^(]+?)\s*(?:\((.*)\))?\s*$/.exec(rule);
  return { name: m?.[1] ?? rule.trim(), spec: m?.[2] ?? null };
};
const toolWide = (rule: string) => {
  const { spec } = parse(rule);
  return spec === null || spec === '*';
};


/**
 * Whether a command writes a file through a redirection (`>`, `>>`, `&>`, `2>` … to anything but /dev/null or a
 * file descriptor): the CLI reads such a command as a write_file operation too, which edit/write_file rules judge
 * (extractShellOperations). Commands that write without a redirection (cp, tee, sed -i) are not modelled.
 */
export function writesFile(command: string): boolean {
  const bare = command.replace(/'[^']*'|"[^"]*"/g, "''");
  for (const m of bare.matchAll(/(?:&|\d)?>>?\|?\s*([^\s;&|]*)/g)) {
    const target = m[1] ?? '';
    if (target === '' || target.startsWith('&') || target === '/dev/null') continue;
    return true;
  }
  return false;
}

/** A glob specifier (`printf *`) against one command part: `*` is any text, the rest literal. */
function specMatches(spec: string, part: string): boolean {
  const re = new RegExp(`^${spec.split('*').map((x) => x.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return re.test(part) || (spec.endsWith(' *') && part === spec.slice(0, -2));
}

/** Whether a rule names this shell call: tool-wide, or its specifier matching any part (all parts, for `every`). */
function ruleMatches(rule: string, command: string, every: boolean): boolean {
  const { name, spec } = parse(rule);
  if (!SHELL_RULE_NAMES.has(name)) return false;
  if (spec === null || spec === '*') return true;
  const parts = commandParts(command);
  return every ? parts.every((p) => specMatches(spec, p) || readOnlyCommand(p)) : parts.some((p) => specMatches(spec, p));
}

export type CallDecision =
  /** The tool is off for the whole run (pm.isToolEnabled): declined before any hook, naming the deny rule. */
  | { kind: 'tool-denied'; rule: string; injected: boolean }
  /** A deny rule matched this call (evaluatePermissionFlow): declined before any hook. */
  | { kind: 'call-denied'; rule: string; injected: boolean }
  /** The call would need the user's confirmation, which a one-shot run cannot ask for. */
  | { kind: 'needs-confirmation'; rule: string | null }
  | { kind: 'run'; rule: string | null };

/**
 * What the run does with a shell call before its hooks, in the scheduler's order: a tool-wide deny rule turns the
 * shell off; then the call's own check, the most restrictive of its file operations (a write judged by
 * edit/write_file rules) and of the shell rules (deny, then ask, then allow); yolo runs what is not denied; otherwise
 * a read-only command runs by default and anything else needs a confirmation.
 */
export function decideShell(command: string, mode: QwenMode, rules: PermissionRules): CallDecision {
  const toolWideDeny = rules.deny.find((r) => toolWide(r) && SHELL_RULE_NAMES.has(parse(r).name));
  if (toolWideDeny) return { kind: 'tool-denied', rule: toolWideDeny, injected: rules.injected.has(toolWideDeny) };
  if (writesFile(command)) {
    const writeDeny = rules.deny.find((r) => toolWide(r) && (idsOf('edit').has(parse(r).name) || idsOf('write_file').has(parse(r).name)));
    if (writeDeny) return { kind: 'call-denied', rule: writeDeny, injected: rules.injected.has(writeDeny) };
  }
  const deny = rules.deny.find((r) => ruleMatches(r, command, false));
  if (deny) return { kind: 'call-denied', rule: deny, injected: false };
  if (mode === 'yolo') return { kind: 'run', rule: null };
  const ask = rules.ask.find((r) => ruleMatches(r, command, false));
  if (ask) return { kind: 'needs-confirmation', rule: ask };
  const allow = rules.allow.find((r) => ruleMatches(r, command, true));
  if (allow) return { kind: 'run', rule: allow };
  if (readOnlyCommand(command)) return { kind: 'run', rule: null };
  return { kind: 'needs-confirmation', rule: null };
}

/** Another tool: only a tool-wide deny rule naming it is modelled (its own default permission is not). */
export function decideTool(tool: string, rules: PermissionRules): CallDecision {
  const deny = rules.deny.find((r) => toolWide(r) && idsOf(tool).has(parse(r).name));
  return deny ? { kind: 'tool-denied', rule: deny, injected: rules.injected.has(deny) } : { kind: 'run', rule: null };
}

/** The error the model reads for a call the permission check refused (coreToolScheduler, permissionFlow). */
export function refusalText(tool: string, d: Exclude<CallDecision, { kind: 'run' }>): string {
  if (d.kind === 'tool-denied') return `Qwen Code requires permission to use "${tool}", but that permission was declined. Matching deny rule: "${d.rule}".`;
  if (d.kind === 'call-denied') return `This "${tool}" invocation was denied by permission rules. Matching deny rule: "${d.rule}".${toolWide(d.rule) ? '' : ' Other uses of this tool are still permitted.'}`;
  return `Qwen Code requires permission to use "${tool}", but that permission was declined (non-interactive mode cannot prompt for confirmation).`;
}

/** READ_ONLY_ROOT_COMMANDS of the bundle: a command whose every part starts with one of these (and writes no file) is read-only. */
const READ_ONLY = new Set(['awk', 'basename', 'cat', 'cd', 'column', 'cut', 'df', 'dirname', 'du', 'echo', 'find', 'git', 'grep', 'head', 'less', 'ls', 'more', 'printenv', 'printf', 'ps', 'pwd', 'rg', 'ripgrep', 'sed', 'sort', 'stat', 'tail', 'tree', 'uniq', 'wc', 'which', 'where', 'whoami']);

export function readOnlyCommand(command: string): boolean {
  if (/[<>]/.test(command.replace(/'[^']*'|"[^"]*"/g, ''))) return false;
  return commandParts(command).every((p) => READ_ONLY.has(p.split(/\s+/)[0]!));
}
