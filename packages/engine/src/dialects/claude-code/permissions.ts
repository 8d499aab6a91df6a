import type { Diagnostic } from '../../outcome.js';
import { isObject, type Json, type JsonObject } from '../../util/json.js';
import { parseJsonDocument } from '../../util/positions.js';
import { diag } from '../shared/results.js';
import { LOCAL_SETTINGS, PROJECT_SETTINGS, SETTINGS_FILES, USER_SETTINGS } from './config.js';
import { wording } from './wording.js';
import { FILE_WRITE_COMMANDS, firstWord, isFileWrite, isReadOnly, pathsOutside, subcommands, writesInProject } from './bash-parts.js';
import { autoSemantics, isBroadAllowRule } from './auto-mode.js';

/**
 * Claude Code's permission rules and modes, as 2.1.332 applies them to a tool call (every rule here is recorded with
 * the oracle: oracle/permission-cases.mjs, fixtures perm-*, mode-*, combo-*). Pure: it reads settings texts and
 * decides; the session plays the prompt, the PermissionRequest hooks and the user's answer around it.
 */

/** The values `--permission-mode` accepts in 2.1.332 (its --help), plus `default`, which settings and init name. */
export const PERMISSION_MODES = ['default', 'manual', 'acceptEdits', 'plan', 'auto', 'bypassPermissions', 'dontAsk'] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

type RuleSource = 'user' | 'project' | 'local' | 'cli';
export interface PermissionRule {
  behavior: 'allow' | 'ask' | 'deny';
  /** The tool the rule names (`Bash`), and what is in its parentheses (null for the bare tool). */
  tool: string;
  content: string | null;
  source: RuleSource;
  /** The settings file (or `--allowedTools`) that holds it. */
  from: string;
}

export interface PermissionSettings {
  rules: PermissionRule[];
  mode: PermissionMode;
  /** Where the mode comes from: `--permission-mode`, a settings file's defaultMode, or nothing (the default). */
  modeFrom: string | null;
  /** useAutoModeDuringPlan: plan mode takes auto's semantics (false: plan asks a person). */
  planAuto: boolean;
  diagnostics: Diagnostic[];
}

/** What the session knows of the host: `--permission-mode`, `--allowedTools` (null: not given). */
export interface PermissionHost {
  permissionMode?: string;
  allowedTools?: string | null;
  /** host.args: `--allowedTools`/`--allowed-tools` and `--disallowedTools`/`--disallowed-tools` lists there count too. */
  args?: string[];
  /** 'v2.0' (2.0.76, versions/profiles.ts `permissions`): project allow rules count although the workspace was never
   * trusted, any settings file may set bypassPermissions, and an invalid defaultMode drops that file's rules. */
  style?: 'v2.0' | 'v2';
  /** 2.1.47 and 2.1.143 (versions/profiles.ts `projectTrusted`): the 'v2' order, but project allow rules count and
   * project or local settings may set bypassPermissions or auto, as on 2.0.76; an invalid defaultMode drops that
   * file's rules. */
  projectTrusted?: boolean;
}

/** Where a build departs from 2.1.332's order while keeping the rest of it (versions/profiles.ts). */
export interface PermissionQuirks {
  /** 2.1.47: a hook's allow runs the call before any rule is read, deny and ask rules included (its answers
   * (versions/v2-early.ts) already leave a hook's ask to the rules). */
  hookAllowFirst?: boolean;
  /** 2.1.47 and 2.1.143: plan mode asks like the default mode (and a hook's allow runs the call there). */
  planAsks?: boolean;
  /** 2.1.143: auto mode's denial in that build's words (the tool named), with no notice for the user recorded. */
  autoDenied?: (tool: string) => string;
  /** The project directory: read-only commands on paths outside it ask (2.1.332, pathsOutside). */
  project?: string;
  /**
   * 2.1.47 and 2.1.143 (versions/profiles.ts `planClassifier` false): none of 2.1.332's auto semantics (auto-mode.ts):
   * auto mode keeps broad allow rules and runs no file change on its own, and plan mode does not take auto's check.
   */
  olderAuto?: boolean;
}

/** The decision Claude Code records for a tool call (stream-json `tool_result_meta[].permission_decision`). */
export interface PermissionDecision {
  decision: 'accept' | 'reject';
  source: 'hook' | 'config' | 'user_permanent' | 'user_temporary' | 'user_reject';
  reason_type?: 'hook' | 'rule' | 'subcommandResults' | 'mode' | 'classifier';
}

export type PermissionCheck =
  | { outcome: 'run'; decision: PermissionDecision; diagnostics: Diagnostic[] }
  | { outcome: 'deny'; decision: PermissionDecision; result: string; notice?: string; /** The safety check of auto (or plan) mode denied it. */ classifier?: boolean; diagnostics: Diagnostic[] }
  | { outcome: 'ask'; diagnostics: Diagnostic[]; /** The subcommands that make it ask (none: a rule or a hook asks). */ needs?: string[]; /** An ask rule asks. */ rule?: boolean };

const SCOPES: Record<string, RuleSource> = { [USER_SETTINGS]: 'user', [PROJECT_SETTINGS]: 'project', [LOCAL_SETTINGS]: 'local' };

/** `Bash`, `Bash(node:*)`, `Bash(node *)`, `Bash(node -p 40+2)`. */
function parseRule(text: string): { tool: string; content: string | null } | null {
  const m = /^([A-Za-z0-9_.*-]+)(?:\((.*)\))?$/s.exec(text.trim());
  return m ? { tool: m[1]!, content: m[2] === undefined ? null : m[2] } : null;
}

/** `--allowedTools` is a comma or space separated list; a rule's parentheses may hold spaces. */
export function splitToolList(list: string): string[] {
  return list.split(/[\s,]+(?![^(]*\))/).filter(Boolean);
}

/**
 * Reads the permission rules and the mode from the three settings files and the CLI flags:
 * - rules add up across files and flags (the recordings show no file overriding another: deny anywhere beats allow
 *   anywhere, ask anywhere beats allow);
 * - project-scoped `permissions.allow` entries are dropped: a `claude -p` in a fresh home has never accepted the
 *   workspace trust dialog ("Dropped 1 project-scoped permissions.allow entry — workspace not yet trusted");
 *   its deny and ask rules still count, and so does everything in local settings;
 * - `--permission-mode` beats `defaultMode`; `defaultMode` follows settings precedence (user < project < local);
 *   project and local settings may not grant bypassPermissions or auto (the CLI ignores them there).
 */
export function readPermissions(files: Record<string, string>, host: PermissionHost): PermissionSettings {
  const diagnostics: Diagnostic[] = [];
  const rules: PermissionRule[] = [];
  let settingsMode: { mode: PermissionMode; from: string } | null = null;
  let planAuto = true;
  for (const { file } of SETTINGS_FILES) {
    const text = files[file];
    if (text === undefined) continue;
    const doc = parseJsonDocument(text);
    // An unreadable file gives no rules (config.ts reports it).
    if (doc.error || !isObject(doc.value)) continue;
    // useAutoModeDuringPlan is read from user and local settings only: a repository cannot change it
    // (x-plan-user-off--*, x-plan-local-off--unanswered ask; x-plan-project-off--unanswered keeps the check).
    if (doc.value.useAutoModeDuringPlan === false) {
      if (file === PROJECT_SETTINGS) diagnostics.push(diag('info', 'permission.plan-auto-not-from-repo', `useAutoModeDuringPlan in ${file} is ignored: only user and local settings decide whether plan mode uses auto mode's check`, { file, ...(doc.locate(['useAutoModeDuringPlan']) ?? {}) }));
      else planAuto = false;
    }
    const permissions = doc.value.permissions;
    if (!isObject(permissions)) continue;
    const mode = permissions.defaultMode;
    const modeInvalid = mode !== undefined && (typeof mode !== 'string' || !(PERMISSION_MODES as readonly string[]).includes(mode));
    const at = (path: (string | number)[]) => ({ file, ...(doc.locate(['permissions', ...path]) ?? {}) });
    const source = SCOPES[file]!;
    const trusted = host.style === 'v2.0' || host.projectTrusted === true;
    for (const behavior of ['allow', 'ask', 'deny'] as const) {
      const list = permissions[behavior];
      // mode-default-mode-invalid drops the file's allow rule on 2.0.76, 2.1.47 and 2.1.143; on 2.1.332 a project
      // allow rule is dropped anyway (untrusted), so whether it drops the whole file there is not recorded.
      if (modeInvalid && trusted) break;
      if (list === undefined) continue;
      if (!Array.isArray(list)) {
        diagnostics.push(diag('warning', 'permission.invalid-rules', `permissions.${behavior} in ${file} must be an array of rule strings like "Bash(npm test:*)"`, at([behavior])));
        continue;
      }
      list.forEach((entry: Json, i: number) => {
        const rule = typeof entry === 'string' ? parseRule(entry) : null;
        if (!rule) {
          diagnostics.push(diag('warning', 'permission.invalid-rule', `permissions.${behavior}[${i}] in ${file} is not a rule like "Bash" or "Bash(npm test:*)": ${JSON.stringify(entry)}`, at([behavior, i])));
          return;
        }
        if (behavior === 'allow' && source === 'project' && !trusted) {
          diagnostics.push(
            diag('warning', 'permission.project-allow-untrusted', `permissions.allow ${JSON.stringify(entry)} in ${file} is dropped: Claude Code reads project allow rules only once the workspace is trusted, and a \`claude -p\` session never asks (put it in ${LOCAL_SETTINGS} or ${USER_SETTINGS})`, at([behavior, i])),
          );
          return;
        }
        rules.push({ behavior, ...rule, source, from: file });
      });
    }
    if (mode !== undefined) {
      if (modeInvalid) {
        diagnostics.push(diag('warning', 'permission.mode-invalid', `permissions.defaultMode ${JSON.stringify(mode)} in ${file} is not a mode Claude Code knows (${PERMISSION_MODES.join(', ')}): it is ignored${trusted ? ", and this build drops that file's permission rules with it (recorded on 2.0.76, 2.1.47 and 2.1.143)" : ''}`, at(['defaultMode'])));
      } else if ((mode === 'bypassPermissions' || mode === 'auto') && source !== 'user' && !trusted) {
        diagnostics.push(diag('warning', 'permission.mode-not-from-repo', `permissions.defaultMode "${mode}" in ${file} is ignored: only user settings (or the command line) may grant ${mode}, since project and local settings come with the repository`, at(['defaultMode'])));
      } else {
        settingsMode = { mode: mode as PermissionMode, from: file };
      }
    }
  }
  const lists: { behavior: 'allow' | 'deny'; list: string; flag: string }[] = host.allowedTools ? [{ behavior: 'allow', list: host.allowedTools, flag: '--allowedTools' }] : [];
  const args = host.args ?? [];
  args.forEach((arg, i) => {
    const value = args[i + 1];
    if (value === undefined) return;
    if (arg === '--allowedTools' || arg === '--allowed-tools') lists.push({ behavior: 'allow', list: value, flag: arg });
    if (arg === '--disallowedTools' || arg === '--disallowed-tools') lists.push({ behavior: 'deny', list: value, flag: arg });
  });
  for (const { behavior, list, flag } of lists) {
    for (const text of splitToolList(list)) {
      const rule = parseRule(text);
      if (rule) rules.push({ behavior, ...rule, source: 'cli', from: flag });
    }
  }
  let mode: PermissionMode = settingsMode?.mode ?? 'default';
  let modeFrom: string | null = settingsMode?.from ?? null;
  if (host.permissionMode !== undefined) {
    if ((PERMISSION_MODES as readonly string[]).includes(host.permissionMode)) {
      if (settingsMode) diagnostics.push(diag('info', 'permission.mode-flag-wins', `--permission-mode ${host.permissionMode} overrides defaultMode "${settingsMode.mode}" of ${settingsMode.from}`));
      mode = host.permissionMode as PermissionMode;
      modeFrom = '--permission-mode';
    } else {
      diagnostics.push(diag('error', 'permission.mode-invalid', `--permission-mode ${JSON.stringify(host.permissionMode)} is not a mode Claude Code accepts (${PERMISSION_MODES.filter((m) => m !== 'default').join(', ')})`));
    }
  }
  if (mode === 'manual') mode = 'default';
  return { rules, mode, modeFrom, planAuto, diagnostics };
}

export { fileWrites, isReadOnly, pathsOutside, subcommands } from './bash-parts.js';

/** Whether a rule's content matches one subcommand: `prefix:*`, `prefix *`, or the exact text. */
function matchesPart(content: string, part: string): boolean {
  const prefix = content.endsWith(':*') ? content.slice(0, -2) : content.endsWith(' *') ? content.slice(0, -2) : null;
  if (prefix !== null) return part === prefix || part.startsWith(`${prefix} `);
  return part === content;
}

const describe = (r: PermissionRule) => `${r.content === null ? r.tool : `${r.tool}(${r.content})`} (${r.from})`;

/**
 * What Claude Code decides for one tool call before anyone is asked, given its PreToolUse hooks' verdict (a hook
 * deny is settled before this: the call is denied by the hook). In order, as recorded:
 * deny rule > hook ask > ask rule (dontAsk turns it into a denial) > hook allow (not in plan mode) > an allow rule
 * for the whole command (the bare tool, or the exact command) > bypassPermissions > every subcommand allowed (a
 * prefix allow rule, read-only, or a file change in the project under acceptEdits or auto) > dontAsk denies, auto
 * (and plan with its semantics) deny (their safety check cannot run here) > ask. Auto mode, and plan mode with
 * auto's semantics, set broad allow rules aside first (autoMode.ts). Older builds bend it by `quirks`: 2.1.47 lets a
 * hook's allow run the call before any rule, 2.1.47 and 2.1.143 ask in plan mode, 2.1.143 words auto's denial.
 */
export function checkPermission(
  settings: PermissionSettings,
  call: { toolName: string; input: JsonObject },
  verdict: 'allow' | 'ask' | null,
  via = 'your API proxy',
  style: 'v2.0' | 'v2' = 'v2',
  quirks: PermissionQuirks = {},
): PermissionCheck {
  if (style === 'v2.0') return checkPermissionV20(settings, call, verdict);
  const { mode } = settings;
  if (verdict === 'allow' && quirks.hookAllowFirst) {
    return { outcome: 'run', decision: { decision: 'accept', source: 'hook', reason_type: 'hook' }, diagnostics: [diag('info', 'permission.hook-allow-first', 'a PreToolUse hook allows the call: this build runs it without reading the permission rules, deny and ask rules included')] };
  }
  const hook = verdict;
  const command = call.toolName === 'Bash' && typeof call.input.command === 'string' ? call.input.command : null;
  const parts = command !== null ? subcommands(command) : [];
  const d = (code: string, message: string) => [diag('info', code, message)];
  const auto = autoSemantics(settings, quirks);
  const setAside = auto ? settings.rules.filter((r) => r.behavior === 'allow' && isBroadAllowRule(r)) : [];
  const forTool = settings.rules.filter((r) => r.tool === call.toolName && !setAside.includes(r));
  const asideNote = setAside.some((r) => r.tool === call.toolName)
    ? diag('info', 'permission.auto-rules-set-aside', `${mode} mode sets broad allow rules aside (${setAside.map(describe).join(', ')}): only narrower rules count (x-auto-allow-*)`)
    : null;
  const withAside = (ds: Diagnostic[]) => (asideNote ? [asideNote, ...ds] : ds);
  /**
   * A rule that applies to the call: the bare tool, the exact command (a compound one too: rule-user-deny--acceptEdits,
   * rule-user-ask--bypassPermissions), or (Bash) a rule matching one of its subcommands.
   */
  const exact = (r: PermissionRule) => command !== null && r.content === command;
  const hits = (r: PermissionRule) => r.content === null || exact(r) || (command !== null && parts.some((p) => matchesPart(r.content!, p)));
  /** File changes in the project run without asking under acceptEdits, and under auto without its check (x-auto-none-touch). */
  const editsAllowed = mode === 'acceptEdits' || (mode === 'auto' && auto);
  /**
   * A subcommand that runs without asking: read-only, a file change in the project where edits are allowed, or a
   * prefix allow rule; a read outside the project asks whatever rule allows the command (rule-local-allow--dontAsk,
   * rule-local-allow--auto).
   */
  function partAllowed(part: string): boolean {
    if (pathsOutside(part, quirks.project).length) return false;
    if (isReadOnly(part)) return true;
    if (editsAllowed && isFileWrite(part) && writesInProject(part, quirks.project)) return true;
    return forTool.some((r) => r.behavior === 'allow' && r.content !== null && matchesPart(r.content, part));
  }

  const deny = forTool.find((r) => r.behavior === 'deny' && hits(r));
  if (deny) {
    // A rule naming the whole command is credited as the user's own refusal (a saved "no"), as an exact allow rule
    // is their saved "yes"; a rule matching a part is the subcommand check's (rule-user-deny--bypassPermissions,
    // --dontAsk, rule-local-deny--plan against rule-user-deny--default; --disallowedTools: x-flags-disallowed).
    const whole = exact(deny) && deny.source !== 'cli';
    return {
      outcome: 'deny',
      decision: whole ? { decision: 'reject', source: 'user_reject', reason_type: 'rule' } : { decision: 'reject', source: 'config', reason_type: 'subcommandResults' },
      result: wording.permissionRuleDenied(call.toolName, command),
      diagnostics: d('permission.deny-rule', `deny rule ${describe(deny)} matches: Claude Code denies the call without asking${hook === 'allow' ? ', whatever the hook allowed' : ''}${whole ? ', and credits the user with the refusal (a rule they saved)' : ''}`),
    };
  }
  if (hook === 'ask') return { outcome: 'ask', diagnostics: d('permission.hook-ask', `a PreToolUse hook asks: Claude Code asks the user, whatever the mode (${mode}) and the allow rules say`) };
  const ask = forTool.find((r) => r.behavior === 'ask' && hits(r));
  if (ask) {
    if (mode === 'dontAsk') return dontAsk(call.toolName, d('permission.dont-ask', `ask rule ${describe(ask)} matches, and in dontAsk mode Claude Code denies instead of asking`));
    // A rule naming a whole compound command asks, but the prompt is worded from the parts that need approval
    // (rule-user-ask--plan): only a rule matching a part words it as the rule's.
    const wordedByParts = exact(ask) && parts.length > 1;
    return {
      outcome: 'ask',
      rule: true,
      ...(wordedByParts ? { needs: parts.filter((p) => !partAllowed(p)) } : {}),
      diagnostics: d('permission.ask-rule', `ask rule ${describe(ask)} matches: Claude Code asks the user${hook === 'allow' ? ', although a PreToolUse hook allowed the call' : ''}${mode === 'bypassPermissions' ? ', even in bypassPermissions mode' : ''}`),
    };
  }
  const guarded = mode === 'auto' || (mode === 'plan' && !quirks.planAsks && auto);
  // Plan mode does not let a hook's allow run a call that changes something: its safety check judges it, or (with
  // useAutoModeDuringPlan false) the user is asked (mode-plan-hook-allow, x-plan-user-off-hook-allow--unanswered). A
  // read-only command that asks only because it reads outside the project runs on a hook's allow there
  // (pre-allow--mode runs `grep … /etc/hostname`). Auto mode runs it (x-auto-hook-allow).
  const readOnly = command !== null && parts.length > 0 && parts.every(isReadOnly);
  const planHolds = mode === 'plan' && !quirks.planAsks;
  const autoHolds = mode === 'auto' && !auto;
  if (hook === 'allow' && (!(planHolds || autoHolds) || readOnly)) {
    return { outcome: 'run', decision: { decision: 'accept', source: 'hook', reason_type: 'hook' }, diagnostics: d('permission.hook-allow', `a PreToolUse hook allows the call and no ask or deny rule matches: it runs without asking${mode === 'dontAsk' ? ', even in dontAsk mode' : mode === 'auto' ? ', even in auto mode' : ''}`) };
  }
  const whole = forTool.find((r) => r.behavior === 'allow' && (r.content === null || r.content === command));
  if (whole) {
    // Rules the user saved ("always allow") sit in user or local settings; --allowedTools comes from the session's config.
    const source = whole.source === 'cli' ? 'config' : 'user_permanent';
    return { outcome: 'run', decision: { decision: 'accept', source, reason_type: 'rule' }, diagnostics: withAside(d('permission.allow-rule', `allow rule ${describe(whole)} covers the whole command: it runs without asking`)) };
  }
  if (mode === 'bypassPermissions') return { outcome: 'run', decision: { decision: 'accept', source: 'config', reason_type: 'mode' }, diagnostics: d('permission.bypass', `bypassPermissions mode (${settings.modeFrom}): the call runs without asking`) };
  const allowed = partAllowed;
  if (command !== null && parts.length > 0 && parts.every(allowed)) {
    // Auto mode credits itself with a file change it lets through (x-auto-none-touch, -mkdir).
    const byMode = mode === 'auto' && auto && parts.some((p) => isFileWrite(p) && !forTool.some((r) => r.behavior === 'allow' && r.content !== null && matchesPart(r.content, p)));
    return {
      outcome: 'run',
      decision: { decision: 'accept', source: 'config', reason_type: byMode ? 'mode' : 'subcommandResults' },
      diagnostics: withAside(d(byMode ? 'permission.auto-edits' : 'permission.subcommands-allowed', byMode ? 'auto mode lets a file change inside the project run without its safety check, as acceptEdits does' : `every part of the command is allowed (read-only, a prefix allow rule${editsAllowed ? `, or a file change in the project ${mode} allows` : ''}): it runs without asking`)),
    };
  }
  if (mode === 'dontAsk') return dontAsk(call.toolName, d('permission.dont-ask', `dontAsk mode (${settings.modeFrom}): a call that would ask is denied instead`));
  if (guarded && quirks.autoDenied) {
    return {
      outcome: 'deny',
      decision: { decision: 'reject', source: 'config', reason_type: 'classifier' },
      result: quirks.autoDenied(call.toolName),
      diagnostics: d('permission.classifier-unavailable', `${mode} mode (${settings.modeFrom}) has the server-side classifier decide, and in a session whose requests do not reach Anthropic's API it cannot evaluate the call: it is denied${hook === 'allow' ? ' (a hook allow does not skip that check)' : ''}`),
    };
  }
  if (guarded) {
    return {
      outcome: 'deny',
      decision: { decision: 'reject', source: 'config', reason_type: 'classifier' },
      result: wording.autoModeUnavailable(call.toolName),
      notice: wording.autoModeUnavailableNotice(via),
      classifier: true,
      diagnostics: withAside(d('permission.classifier-unavailable', `${mode} mode (${settings.modeFrom}) has the server-side safety check decide, and in a session whose requests do not reach Anthropic's API it cannot run: the call is denied${hook === 'allow' ? ' (a hook allow does not skip that check)' : ''}`)),
    };
  }
  return {
    outcome: 'ask',
    needs: command !== null ? parts.filter((p) => !allowed(p)) : [],
    diagnostics: withAside(
      d('permission.asks', `no rule allows ${command !== null ? JSON.stringify(command) : call.toolName} and it is not read-only${quirks.project && parts.some((p) => pathsOutside(p, quirks.project).length) ? ' (or reads outside the project)' : ''}${mode === 'plan' ? ' (plan mode asks a person: useAutoModeDuringPlan is false)' : ''}: Claude Code asks the user`),
    ),
  };
}

/**
 * Claude Code 2.0.76's order (recorded: perm-*, mode-*, combo-* on 2.0.76): a hook's allow runs the call whatever
 * the rules say, deny rules included; a deny rule denies; bypassPermissions (from any settings file) runs it, ask
 * rules included; an allow rule (the bare tool, the exact command, or a \`prefix:*\`; \`prefix *\` is no prefix there)
 * runs it, even beside an ask rule; an ask rule asks; read-only commands (only echo and ls alone were recorded so)
 * and, under acceptEdits, file writes run; dontAsk denies in its own words; plan asks like the default mode.
 */
function checkPermissionV20(settings: PermissionSettings, call: { toolName: string; input: JsonObject }, hook: 'allow' | 'ask' | null): PermissionCheck {
  const { mode } = settings;
  const command = call.toolName === 'Bash' && typeof call.input.command === 'string' ? call.input.command : null;
  const parts = command !== null ? subcommands(command) : [];
  const forTool = settings.rules.filter((r) => r.tool === call.toolName);
  const matches = (content: string, part: string) => (content.endsWith(':*') ? part === content.slice(0, -2) || part.startsWith(`${content.slice(0, -2)} `) : part === content);
  const hits = (r: PermissionRule) => r.content === null || (command !== null && parts.some((p) => matches(r.content!, p)));
  const d = (code: string, message: string) => [diag('info', code, message)];
  const run = (source: PermissionDecision['source'], reason: PermissionDecision['reason_type'], code: string, message: string): PermissionCheck => ({ outcome: 'run', decision: { decision: 'accept', source, reason_type: reason }, diagnostics: d(code, message) });
  if (hook === 'allow') return run('hook', 'hook', 'permission.hook-allow-v20', 'a PreToolUse hook allows the call: Claude Code 2.0.76 runs it without asking, whatever the ask and deny rules say');
  const deny = forTool.find((r) => r.behavior === 'deny' && hits(r));
  if (deny) return { outcome: 'deny', decision: { decision: 'reject', source: 'config', reason_type: 'rule' }, result: wording.permissionRuleDenied(call.toolName, command), diagnostics: d('permission.deny-rule', `deny rule ${describe(deny)} matches: Claude Code denies the call without asking`) };
  if (mode === 'bypassPermissions') return run('config', 'mode', 'permission.bypass', `bypassPermissions mode (${settings.modeFrom}): Claude Code 2.0.76 runs the call without asking, ask rules included`);
  const readOnly = (part: string) => ['echo', 'ls'].includes(firstWord(part)) || (mode === 'acceptEdits' && FILE_WRITE_COMMANDS.has(firstWord(part)));
  // An allow rule covers the command when it names the tool or the whole command, or every part is a prefix match
  // of it or read-only (recorded: `node -p 40+2 && echo done` under Bash(node:*) runs).
  const covers = (r: PermissionRule) => r.behavior === 'allow' && (r.content === null || r.content === command || (command !== null && parts.length > 0 && parts.every((p) => matches(r.content!, p) || readOnly(p)) && parts.some((p) => matches(r.content!, p))));
  const ask = forTool.find((r) => r.behavior === 'ask' && hits(r));
  // --allowedTools beats an ask rule; an allow rule in a settings file does not (perm-ask-beats-allowed-tools,
  // perm-ask-and-allow-same-file, perm-ask-user-allow-local).
  const allow = forTool.find((r) => covers(r) && (!ask || r.source === 'cli'));
  if (allow) return run(allow.source === 'cli' ? 'config' : 'user_permanent', 'rule', 'permission.allow-rule-v20', `allow rule ${describe(allow)} covers the command: Claude Code 2.0.76 runs it without asking${ask ? ', although an ask rule matches (--allowedTools beats it)' : ''}`);
  if (!ask && command !== null && parts.length > 0 && parts.every(readOnly)) return run('config', 'subcommandResults', 'permission.subcommands-allowed', `the command is read-only${mode === 'acceptEdits' ? ' or a file change acceptEdits allows' : ''}: it runs without asking`);
  if (mode === 'dontAsk') return { outcome: 'deny', decision: { decision: 'reject', source: 'config', reason_type: 'mode' }, result: `Permission to use ${call.toolName} has been auto-denied in dontAsk mode.`, diagnostics: d('permission.dont-ask', `dontAsk mode (${settings.modeFrom}): a call that would ask is denied instead`) };
  return { outcome: 'ask', diagnostics: d(ask ? 'permission.ask-rule' : 'permission.asks', ask ? `ask rule ${describe(ask)} matches: Claude Code asks the user` : `no rule allows ${command !== null ? JSON.stringify(command) : call.toolName} and it is not read-only: Claude Code asks the user${mode === 'plan' ? ' (plan mode asks like the default mode on 2.0.76)' : ''}`) };
}

function dontAsk(toolName: string, diagnostics: Diagnostic[]): PermissionCheck {
  return { outcome: 'deny', decision: { decision: 'reject', source: 'config', reason_type: 'mode' }, result: wording.dontAskDenied(toolName), diagnostics };
}

/** The user's answer to a permission prompt, as the host sends it (the SDK control protocol's can_use_tool reply). */
export type PromptAnswer = { behavior: 'allow' } | { behavior: 'deny'; message: string };

/** Answers closer together than this may arrive in either order in the real CLI (recorded both ways). */
export const PROMPT_RACE_MS = 1000;

/**
 * A prompt in a session whose host answers prompts (`--permission-prompt-tool stdio`): the PermissionRequest hooks
 * run while the prompt is open, and the first answer wins. `userMs` is when the user answers, `hookMs` when the
 * PermissionRequest hooks had answered (null: they decided nothing). A user who answers at once and a hook that
 * answers at once race: the recordings show either winning, so that is said.
 */
export function settlePrompt(
  hookVerdict: 'allow' | 'block' | null,
  answer: PromptAnswer,
  userMs: number,
  hookMs: number | null,
): { winner: 'hook' | 'user'; run: boolean; decision: PermissionDecision; diagnostics: Diagnostic[] } {
  const race =
    hookVerdict && hookMs !== null && Math.abs(hookMs - userMs) < PROMPT_RACE_MS
      ? [diag('warning', 'permission.prompt-race', `the user answered within ${PROMPT_RACE_MS} ms of the PermissionRequest hook: Claude Code takes whichever answer arrives first, and which one that is varies from run to run`)]
      : [];
  if (hookVerdict && hookMs !== null && hookMs < userMs) {
    return {
      winner: 'hook',
      run: hookVerdict === 'allow',
      decision: { decision: hookVerdict === 'allow' ? 'accept' : 'reject', source: 'hook', reason_type: 'hook' },
      diagnostics: [...race, diag('info', 'permission.request-hook-first', `a PermissionRequest hook answered (${hookVerdict === 'allow' ? 'allow' : 'deny'}) before the user did: the first answer wins, the user's later one is dropped`)],
    };
  }
  const run = answer.behavior === 'allow';
  return {
    winner: 'user',
    run,
    decision: run ? { decision: 'accept', source: 'user_temporary' } : { decision: 'reject', source: 'user_reject' },
    diagnostics: [
      ...race,
      diag('info', 'permission.user-answer', `the user answered the prompt (${answer.behavior})${hookVerdict ? ` before the PermissionRequest hook's ${hookVerdict === 'allow' ? 'allow' : 'deny'} arrived: the first answer wins` : ''}`),
    ],
  };
}
