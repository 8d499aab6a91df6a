import type { JsonObject } from '../../util/json.js';
import type { ApprovalMode, Decision, PolicyRule } from './policy.js';
import { commandParts } from '../shared/command-parts.js';

/**
 * What `gemini -p` lets a tool call do before and after its BeforeTool hooks: the tools it declares to the model in
 * each approval mode (a call to any other is "not found", with no hook), and the policy engine's decision on a call
 * the hooks let through (packages/core/src/policy/policy-engine.ts, scheduler.ts in the bundle).
 */

/** Every built-in tool, in the order the CLI registers them (the suggestions of a "not found" follow it on ties). */
const ORDER = ['update_topic', 'list_directory', 'read_file', 'grep_search', 'glob', 'replace', 'write_file', 'web_fetch', 'run_shell_command', 'list_background_processes', 'read_background_output', 'google_web_search', 'write_todos', 'enter_plan_mode', 'exit_plan_mode', 'invoke_agent', 'activate_skill'];

/**
 * The tools declared in each mode's requests when no user rule says otherwise: what the CLI's default policies
 * (policies/*.toml beside the bundle) leave to a non-interactive run. Read off the mock's requests of the recorded
 * runs perm-mode-default-*, perm-mode-auto-edit-*, perm-mode-plan-* and the --yolo sweep.
 */
const DECLARED: Record<ApprovalMode, string[]> = {
  yolo: ORDER.filter((t) => t !== 'exit_plan_mode'),
  default: ['update_topic', 'list_directory', 'read_file', 'grep_search', 'glob', 'google_web_search', 'enter_plan_mode', 'invoke_agent'],
  autoEdit: ['update_topic', 'list_directory', 'read_file', 'grep_search', 'glob', 'replace', 'write_file', 'web_fetch', 'google_web_search', 'enter_plan_mode', 'invoke_agent'],
  plan: ['update_topic', 'list_directory', 'read_file', 'grep_search', 'glob', 'replace', 'write_file', 'google_web_search', 'exit_plan_mode', 'invoke_agent'],
};

/** The default policy plan mode denies everything else with (plan.toml, priority 40). */
const PLAN_DENY = 'You are in Plan Mode with access to read-only tools. Execution of scripts (including those from skills) is blocked.';
const SHELL = 'run_shell_command';
const DISPLAY: Record<string, string> = { run_shell_command: 'Shell' };

const applies = (rule: PolicyRule, tool: string, mode: ApprovalMode) =>
  (!rule.modes?.length || rule.modes.includes(mode)) && (rule.toolName === '*' || rule.toolName === tool) && rule.interactive !== true;

/**
 * The tools the model is offered: a user rule without arguments that denies a tool takes it away (the highest that
 * applies decides; one with arguments only keeps an allowed tool), else the mode's own list stands.
 */
export function declaredTools(mode: ApprovalMode, rules: PolicyRule[]): string[] {
  return ORDER.filter((tool) => {
    if (tool === 'exit_plan_mode' && mode !== 'plan') return false;
    for (const rule of rules) {
      if (!applies(rule, tool, mode)) continue;
      if (rule.argsPattern) {
        if (rule.decision === 'deny') continue;
        return true;
      }
      return rule.decision !== 'deny';
    }
    return DECLARED[mode].includes(tool);
  });
}

/** fast-levenshtein's distance, as getToolSuggestion uses it. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/** The error of a call to a tool the run does not declare: the three nearest names (a stable sort keeps ties in order). */
export function notFound(tool: string, declared: string[]): string {
  const near = declared.map((name) => ({ name, d: distance(tool, name) })).sort((a, b) => a.d - b.d).slice(0, 3).map((m) => `"${m.name}"`);
  const suggestion = near.length > 1 ? ` Did you mean one of: ${near.join(', ')}?` : near.length ? ` Did you mean ${near[0]}?` : '';
  return `Tool "${tool}" not found.${suggestion}`;
}

export interface PolicyVerdict {
  decision: Decision;
  /** The rule that decided, or null: the mode's own default. */
  rule: PolicyRule | null;
  /** A shell command the CLI splits into parts was decided by one of them. */
  part?: string;
  /** An allowed command with a redirection asks instead (outside auto_edit and yolo). */
  redirection?: boolean;
}

/** stableStringify of the arguments, keys sorted, as argsPattern is tested against it. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`).join(',')}}`;
  return JSON.stringify(value);
}

function ruleFor(tool: string, args: JsonObject, mode: ApprovalMode, rules: PolicyRule[]): PolicyRule | null {
  const text = stable(args);
  return rules.find((r) => applies(r, tool, mode) && (!r.argsPattern || r.argsPattern.test(text))) ?? null;
}

/** Plan mode declares these for writing its plan files only (plan.toml allows them by argsPattern). */
const PLAN_WRITES = new Set(['replace', 'write_file']);

/** With no user rule, the mode's default: yolo allows everything; another mode allows what it declares. */
function byMode(tool: string, mode: ApprovalMode): Decision {
  if (mode === 'plan' && PLAN_WRITES.has(tool)) return 'deny';
  return mode === 'yolo' || DECLARED[mode].includes(tool) ? 'allow' : 'deny';
}


const hasRedirection = (command: string) => /(^|[^\\])[<>]/.test(command.replace(/'[^']*'|"[^"]*"/g, ''));

/**
 * The policy engine's decision on a call BeforeTool let through (checkPolicy: after the hooks, on the arguments
 * they may have rewritten). A shell command in several parts is decided part by part too: any part denied denies
 * it, any part that asks makes it ask.
 */
export function decide(tool: string, args: JsonObject, mode: ApprovalMode, rules: PolicyRule[]): PolicyVerdict {
  const rule = ruleFor(tool, args, mode, rules);
  const decision = rule?.decision ?? byMode(tool, mode);
  if (tool !== SHELL || decision === 'deny') return { decision, rule };
  const command = typeof args.command === 'string' ? args.command : '';
  const parts = commandParts(command);
  let verdict: PolicyVerdict = { decision, rule };
  if (parts.length > 1) {
    for (const part of parts) {
      const sub = ruleFor(tool, { ...args, command: part }, mode, rules);
      const d = sub?.decision ?? byMode(tool, mode);
      if (d === 'deny') return { decision: 'deny', rule: sub, part };
      if (d === 'ask_user' && verdict.decision === 'allow') verdict = { decision: 'ask_user', rule: sub, part };
    }
  }
  if (verdict.decision === 'allow' && mode !== 'yolo' && mode !== 'autoEdit' && hasRedirection(command)) return { decision: 'ask_user', rule: null, redirection: true };
  return verdict;
}

/** The error the model reads when the policy denies (getPolicyDenialError). */
export const policyDenied = (rule: PolicyRule | null, mode: ApprovalMode) => {
  const message = rule ? rule.denyMessage : mode === 'plan' ? PLAN_DENY : undefined;
  return `Tool execution denied by policy.${message ? ` ${message}` : ''}`;
};

/** The error of a call the policy would ask about: checkPolicy throws it in a non-interactive run. */
export const needsConfirmation = (tool: string) => `Tool execution for "${DISPLAY[tool] ?? tool}" requires user confirmation, which is not supported in non-interactive mode.`;
