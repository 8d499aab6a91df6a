import type { Diagnostic, Effect } from '../../../outcome.js';
import type { ProcessResult } from '../../../runner/types.js';
import { isObject, preview, type JsonObject } from '../../../util/json.js';
import type { Settled, SettleInput } from '../../dialect.js';
import { describeExit, diag, ordinal } from '../../shared/results.js';
import type { ClaudeCodeEntry, ClaudeCodeSettings } from '../config.js';
import { RACE_MS } from '../combine.js';
import { TOOL_EVENTS } from '../events.js';

/**
 * Claude Code 2.0.76 and 2.1.47 (profile switch `answers: 'v2.0'`), as their recorded runs show
 * (`npm run oracle -- --version V`):
 * - stdout starting with "{" that parses is checked against the output schema; JSON that fails it is a non-blocking
 *   error whatever the exit code (exit 2 included). Valid JSON is the whole answer: the exit code is not looked at, so
 *   exit 2 with JSON on stdout does not block. Other output: exit 0 succeeds, exit 2 blocks with "[command]: stderr".
 * - answers are read as hooks finish. Each blocking hook's "blocking error from command" note and each hook's
 *   additionalContext reach the model as texts of their own (not joined).
 * - PreToolUse: deny > ask > allow is accumulated as answers arrive, but the result kept is the one the last hook
 *   to finish produced: its own reason (or "Hook PreToolUse:<tool> denied this tool"), and its own updatedInput, so
 *   a rewrite given with allow is lost when any hook finishes after it. An ask falls back to the permission rules
 *   (in -p, --allowedTools decides). continue: false beside a deny is ignored.
 * - PostToolUse: a JSON block's note reaches the model twice. Stop: each block sends "Stop hook feedback:" and the
 *   text; there is no cap. SessionStart and UserPromptSubmit: every successful hook says "hook success: <stdout>"
 *   ("Success" for JSON), then its additionalContext.
 */
interface EarlyAnswer {
  index: number;
  command: string;
  /** 2.0.76 runs a plugin's hooks as callbacks: their texts name "<event>:Callback" and the command "callback". */
  callback?: boolean;
  endMs: number;
  failed?: string;
  halt?: { stopReason?: string };
  blocking?: string;
  /** JSON answers carry their blocking note as a message too (exit 2 does not). */
  jsonBlock?: boolean;
  behavior?: 'allow' | 'deny' | 'ask';
  reason?: string;
  updatedInput?: JsonObject;
  context?: string;
  success?: string;
  systemMessage?: string;
  permissionRequest?: { behavior: 'allow' | 'deny'; message?: string; interrupt?: boolean; updatedInput?: JsonObject };
}

const PLAIN_LIMIT = 10_000;
const str = (v: unknown) => v === undefined || typeof v === 'string';
const bool = (v: unknown) => v === undefined || typeof v === 'boolean';
const HSO_EVENTS = new Set(['PreToolUse', 'UserPromptSubmit', 'SessionStart', 'Setup', 'SubagentStart', 'PostToolUse', 'PostToolUseFailure', 'Notification', 'PermissionRequest']);

/** The fields of the output schema that do not fit it (empty: valid). */
function schemaProblems(o: Record<string, unknown>): string[] {
  const bad: string[] = [];
  if (!bool(o.continue)) bad.push('continue');
  if (!bool(o.suppressOutput)) bad.push('suppressOutput');
  for (const k of ['stopReason', 'reason', 'systemMessage']) if (!str(o[k])) bad.push(k);
  if (o.decision !== undefined && o.decision !== 'approve' && o.decision !== 'block') bad.push('decision');
  const h = o.hookSpecificOutput;
  if (h === undefined) return bad;
  if (!isObject(h) || typeof h.hookEventName !== 'string' || !HSO_EVENTS.has(h.hookEventName)) return [...bad, 'hookSpecificOutput.hookEventName'];
  if (!str(h.additionalContext) && h.hookEventName !== 'PermissionRequest') bad.push('hookSpecificOutput.additionalContext');
  if (h.hookEventName === 'PreToolUse') {
    if (h.permissionDecision !== undefined && !['allow', 'deny', 'ask'].includes(h.permissionDecision as string)) bad.push('hookSpecificOutput.permissionDecision');
    if (!str(h.permissionDecisionReason)) bad.push('hookSpecificOutput.permissionDecisionReason');
    if (h.updatedInput !== undefined && !isObject(h.updatedInput)) bad.push('hookSpecificOutput.updatedInput');
  }
  if (h.hookEventName === 'PermissionRequest') {
    const d = h.decision;
    if (!isObject(d) || (d.behavior !== 'allow' && d.behavior !== 'deny')) bad.push('hookSpecificOutput.decision');
    else if (d.behavior === 'deny' && (!str(d.message) || !bool(d.interrupt))) bad.push('hookSpecificOutput.decision');
    else if (d.behavior === 'allow' && d.updatedInput !== undefined && !isObject(d.updatedInput)) bad.push('hookSpecificOutput.decision.updatedInput');
  }
  return bad;
}

function readEarly(event: string, index: number, command: string, result: ProcessResult, version: string, notes: Diagnostic[]): EarlyAnswer {
  const a: EarlyAnswer = { index, command, endMs: result.startMs + result.durationMs };
  const n = ordinal(index);
  if (command === '') return { ...a, failed: 'has an empty command' };
  if (result.spawnError !== undefined) return { ...a, failed: describeExit(result) };
  if (result.timedOut) return { ...a, failed: `${describeExit(result)}: cancelled, nothing it printed counts` };
  const code = result.exitCode ?? 1;
  const text = result.stdout.trim();
  let json: unknown;
  if (text.startsWith('{')) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (json !== undefined) {
    const o = isObject(json) ? json : null;
    if (o && o.async === true) return a;
    const bad = o ? schemaProblems(o) : ['(not an object)'];
    if (bad.length) {
      notes.push(diag('warning', 'hook.output-rejected', `${n}: Claude Code ${version} checks JSON output against its schema and ${bad.join(', ')} does not fit: a non-blocking error${code === 2 ? ', even with exit 2' : ''}, the hook has no say`, { hook: index }));
      return { ...a, failed: `gave JSON that Claude Code ${version} rejects` };
    }
    const h = isObject(o!.hookSpecificOutput) ? (o!.hookSpecificOutput as JsonObject) : undefined;
    if (h && h.hookEventName !== event) {
      notes.push(diag('warning', 'hook.output-rejected', `${n}: hookSpecificOutput.hookEventName is ${JSON.stringify(h.hookEventName)}, not "${event}": Claude Code ${version} fails the hook`, { hook: index }));
      return { ...a, failed: 'named another event in hookSpecificOutput' };
    }
    if (code !== 0) notes.push(diag('info', 'hook.json-beats-exit-code', `${n}: exit ${code}, but stdout is valid JSON: Claude Code ${version} reads only the JSON${code === 2 ? ', so exit 2 does not block' : ''}`, { hook: index }));
    if (o!.continue === false) a.halt = o!.stopReason ? { stopReason: String(o!.stopReason) } : {};
    if (o!.decision === 'approve') a.behavior = 'allow';
    if (o!.decision === 'block') {
      a.behavior = 'deny';
      a.blocking = (o!.reason as string) || 'Blocked by hook';
    }
    if (o!.systemMessage) a.systemMessage = String(o!.systemMessage);
    if (a.behavior !== undefined && o!.reason !== undefined) a.reason = String(o!.reason);
    if (h?.hookEventName === 'PreToolUse') {
      const pd = h.permissionDecision as EarlyAnswer['behavior'];
      if (pd) a.behavior = pd;
      if (pd === 'deny') a.blocking = (h.permissionDecisionReason as string) || (o!.reason as string) || 'Blocked by hook';
      a.reason = h.permissionDecisionReason as string | undefined;
      if (isObject(h.updatedInput)) a.updatedInput = h.updatedInput as JsonObject;
    }
    if (h?.hookEventName === 'PermissionRequest') {
      const d = h.decision as JsonObject;
      a.permissionRequest = d.behavior === 'allow' ? { behavior: 'allow', ...(isObject(d.updatedInput) ? { updatedInput: d.updatedInput as JsonObject } : {}) } : { behavior: 'deny', ...(typeof d.message === 'string' ? { message: d.message } : {}), ...(d.interrupt === true ? { interrupt: true } : {}) };
    }
    if (h && typeof h.additionalContext === 'string' && h.additionalContext !== '') a.context = h.additionalContext;
    a.jsonBlock = a.blocking !== undefined;
    if (a.blocking === undefined) a.success = 'Success';
    return a;
  }
  if (code === 0) {
    // Recorded on 2.1.47: plain output past 10,000 characters is cut, with a note (no file, unlike today's build).
    a.success = text.length > PLAIN_LIMIT ? `${text.slice(0, PLAIN_LIMIT)}… [output truncated - exceeded ${PLAIN_LIMIT} characters]` : text;
    return a;
  }
  if (code === 2) {
    a.blocking = `[${command}]: ${result.stderr || 'No stderr output'}`;
    return a;
  }
  return { ...a, failed: `exited ${code}: a non-blocking error` };
}

export function settleEarlyV2({ prepared, event, results, loaded }: SettleInput<ClaudeCodeEntry>): Settled | null {
  const settings = loaded.settings as unknown as ClaudeCodeSettings;
  const version = settings.rules?.version ?? '2.1.47';
  const name = event.name;
  const input = prepared.input;
  const tool = TOOL_EVENTS.has(name) && typeof input.tool_name === 'string' ? input.tool_name : null;
  const label = tool ? `${name}:${tool}` : name;
  const diagnostics: Diagnostic[] = [];
  const effects = new Map<number, Effect>();
  const answers: EarlyAnswer[] = [];
  prepared.hooks.forEach((planned, index) => {
    const result = results.get(index);
    const callback = settings.rules?.pluginCallbacks === true && planned.entry.pluginRoot !== undefined;
    if (!result) return;
    const a = readEarly(name, index, callback ? 'callback' : planned.entry.command, result, version, diagnostics);
    // A callback's success is "Success", its plain stdout is not passed on (plugin-prompt-plain).
    answers.push(callback ? { ...a, callback, ...(a.success !== undefined ? { success: 'Success' } : {}) } : a);
  });
  answers.sort((x, y) => x.endMs - y.endMs || x.index - y.index);
  const settled: Settled = { verdict: 'proceed', reason: null, updatedInput: null, context: [], halt: false, eventOut: null, effects, diagnostics };
  for (const a of answers) {
    effects.set(a.index, a.failed ? 'error' : a.blocking !== undefined || a.halt || a.behavior === 'deny' ? 'block' : a.behavior === 'allow' || a.behavior === 'ask' ? a.behavior : a.context ? 'context' : 'none');
    if (a.failed) diagnostics.push(diag('warning', 'hook.failed', `${ordinal(a.index)} ${a.failed}: it counts as no answer`, { hook: a.index }));
  }
  if (answers.length > 1) {
    diagnostics.push(diag('info', 'rule.finish-order', `the hooks finished in this order: ${answers.map((a) => ordinal(a.index)).join(', ')}; Claude Code ${version} reads their answers in that order`));
    const close = answers.slice(1).filter((a, i) => a.endMs - answers[i]!.endMs < RACE_MS);
    if (close.length) {
      diagnostics.push(
        diag('warning', 'rule.finish-order-racy', `some hooks finished within ${RACE_MS} ms of each other (${close.map((a) => ordinal(a.index)).join(', ')} right after the one before): the real Claude Code reads such answers in whichever order they reach it, which differs from run to run, so this run shows one of the possible orders`),
      );
    }
  }
  const labelOf = (a: EarlyAnswer, own = label) => (a.callback ? `${name}:Callback` : own);
  const note = (a: EarlyAnswer) => `${labelOf(a)} hook blocking error from command: "${a.command}": ${a.blocking}`;
  const ctx = (who: string, a: EarlyAnswer) => `${who} hook additional context: ${a.context}`;
  const halts = answers.filter((a) => a.halt);
  const stopReason = [...halts].reverse().find((a) => a.halt!.stopReason)?.halt!.stopReason;
  const user: string[] = [];
  for (const a of answers) if (a.systemMessage) user.push(`${label} says: ${a.systemMessage}`);

  switch (name) {
    case 'PreToolUse': {
      let behavior: EarlyAnswer['behavior'];
      let kept: { behavior: 'allow' | 'deny' | 'ask'; message: string; updatedInput?: JsonObject; by: number } | undefined;
      let rewritten: JsonObject | undefined;
      for (const a of answers) {
        if (a.blocking !== undefined) kept = { behavior: 'deny', message: `${label} hook error: ${a.blocking}`, by: a.index };
        // A JSON block's note reaches the model; exit 2's blocking error only words the denial.
        if (a.jsonBlock) settled.context.push(note(a));
        if (a.context && settings.rules?.preToolContext) settled.context.push(ctx(label, a));
        else if (a.context) diagnostics.push(diag('warning', 'rule.pre-context-dropped', `${ordinal(a.index)}'s additionalContext is read but never shown to the model by Claude Code ${version}: it is dropped`, { hook: a.index }));
        if (a.behavior === 'deny') behavior = 'deny';
        else if (a.behavior === 'ask' && behavior !== 'deny') behavior = 'ask';
        else if (a.behavior === 'allow' && !behavior) behavior = 'allow';
        if (behavior) {
          const words = behavior === 'allow' ? 'allowed' : behavior === 'deny' ? 'denied' : 'asked for confirmation for';
          // 2.0.76 (bareRewrite false) takes a rewrite only beside allow: beside ask it is dropped (recorded).
          const rewrites = a.behavior === 'allow' || (a.behavior === 'ask' && settings.rules?.bareRewrite !== false);
          if (a.updatedInput && a.behavior === 'ask' && !rewrites) diagnostics.push(diag('warning', 'rule.bare-rewrite-ignored', `${ordinal(a.index)} gives updatedInput with ask: Claude Code ${version} ignores the rewrite, and the call runs as the model asked if the rules let it`, { hook: a.index }));
          kept = { behavior, message: a.reason || `Hook ${label} ${words} this tool`, ...(a.updatedInput && rewrites ? { updatedInput: a.updatedInput } : {}), by: a.index };
        }
        if (a.updatedInput && a.behavior === undefined && settings.rules?.bareRewrite !== false) rewritten = a.updatedInput;
        else if (a.updatedInput && a.behavior === undefined) diagnostics.push(diag('warning', 'rule.bare-rewrite-ignored', `${ordinal(a.index)} gives updatedInput without a permissionDecision: Claude Code ${version} ignores it, the call runs as the model asked`, { hook: a.index }));
      }
      const lost = answers.filter((a) => a.updatedInput && (a.behavior === 'allow' || (a.behavior === 'ask' && settings.rules?.bareRewrite !== false)) && kept && kept.by !== a.index);
      if (lost.length && kept?.behavior !== 'deny') {
        diagnostics.push(diag('warning', 'rule.rewrite-lost', `${lost.map((a) => ordinal(a.index)).join(', ')} rewrite${lost.length > 1 ? '' : 's'} the input with ${lost[0]!.behavior}, but ${ordinal(kept!.by)} finished later: Claude Code ${version} keeps only the last hook's result, so the rewrite is lost`));
      }
      if (kept?.behavior === 'deny') {
        settled.verdict = 'block';
        settled.reason = kept.message;
        settled.shown = { toolResult: kept.message };
        diagnostics.push(diag('info', 'rule.deny-wins', `the call is denied: the model gets ${JSON.stringify(preview(kept.message, 100))} as the tool result (the last hook to finish words it)`));
        if (halts.length) diagnostics.push(diag('info', 'rule.halt-ignored', `continue: false goes with a deny: Claude Code ${version} ignores it, the session goes on`));
      } else {
        const input2 = kept?.updatedInput ?? rewritten;
        if (input2) {
          settled.updatedInput = input2;
          diagnostics.push(diag('info', 'rule.last-rewrite-wins', `the tool input becomes ${preview(input2, 80)}`));
        }
        if (kept?.behavior === 'allow') {
          settled.verdict = 'allow';
          diagnostics.push(diag('info', 'rule.allow', 'a hook allows: the tool runs even if the permission rules would not allow it'));
        } else if (kept?.behavior === 'ask') {
          diagnostics.push(diag('info', 'rule.ask-falls-back', `a hook asks: Claude Code ${version} falls back to the permission rules (in -p, --allowedTools decides)`));
        }
        if (halts.length) halt(settled, stopReason, 'the tool runs, then the session ends');
      }
      break;
    }
    case 'PostToolUse':
    case 'PostToolUseFailure':
      for (const a of answers) {
        if (a.blocking !== undefined) {
          settled.context.push(note(a));
          if (a.jsonBlock) settled.context.push(note(a));
        }
        if (a.context) settled.context.push(ctx(label, a));
      }
      if (answers.some((a) => a.blocking !== undefined)) {
        settled.verdict = 'block';
        diagnostics.push(diag('info', 'rule.post-tool-blocked', `the tool already ran: the model is told each block${answers.some((a) => a.jsonBlock) ? ' (a JSON block twice: Claude Code ' + version + ' attaches its note once as the hook message and once as the blocking error)' : ''}`));
      }
      if (halts.length && name === 'PostToolUse') halt(settled, stopReason, 'the session ends after this step');
      break;
    case 'Stop': {
      if (halts.length) {
        halt(settled, stopReason, 'the turn ends, whatever a block says');
        break;
      }
      const blocks = answers.filter((a) => a.blocking !== undefined);
      if (!blocks.length) break;
      settled.verdict = 'block';
      settled.reason = blocks[0]!.blocking!;
      settled.context.push(...blocks.map((a) => `Stop hook feedback:\n${a.blocking}`));
      // A JSON block's note too, which the lifecycle holds back until the next turn (profiles.ts, stopBlockNote).
      settled.context.push(...blocks.filter((a) => a.jsonBlock).map(note));
      diagnostics.push(diag('info', 'rule.stop-continues', `the stop is blocked: the model gets "Stop hook feedback:" and each reason, and keeps working`));
      if (settings.rules?.stopBlockCap === null) {
        diagnostics.push(diag('warning', 'rule.stop-uncapped', `Claude Code ${version} has no cap on Stop blocks: a hook that always blocks keeps the turn going forever; check stop_hook_active in the input and answer nothing while it is true`));
      }
      break;
    }
    case 'UserPromptSubmit':
    case 'SessionStart': {
      const blocks = answers.filter((a) => a.blocking !== undefined);
      if (name === 'UserPromptSubmit' && blocks.length) {
        settled.verdict = 'block';
        settled.reason = blocks[blocks.length - 1]!.blocking!;
        diagnostics.push(diag('info', 'rule.prompt-blocked', 'the prompt is blocked: no model request is made at all'));
        break;
      }
      const successName = name === 'SessionStart' ? `SessionStart:${typeof input.source === 'string' ? input.source : 'startup'}` : name;
      // SessionStart gives every hook's own text first, then the contexts, each in finishing order (recorded on 2.0.76
      // and 2.1.47: sw-two-SessionStart-b-first has the later plain output before the earlier hook's context, -a-first
      // the same order); UserPromptSubmit keeps each hook's context right after its own text (sw-two-UserPromptSubmit-*).
      const contexts: string[] = [];
      for (const a of answers) {
        if (a.jsonBlock) settled.context.push(`${labelOf(a, successName)} hook blocking error from command: "${a.command}": ${a.blocking}`);
        if (a.success) settled.context.push(`${labelOf(a, successName)} hook success: ${a.success}`);
        if (a.context) (name === 'SessionStart' ? contexts : settled.context).push(ctx(name, a));
      }
      settled.context.push(...contexts);
      if (settled.context.length) diagnostics.push(diag('info', 'rule.plain-context', `each successful hook's output${answers.some((a) => a.context) ? ' and additionalContext' : ''} reaches the model as a text of its own, in the order the hooks finished${name === 'SessionStart' && contexts.length ? ' (every additionalContext after all the outputs)' : ''}`));
      if (halts.length && name === 'UserPromptSubmit') halt(settled, stopReason, 'the prompt is not sent: the session ends');
      break;
    }
    default:
      return null;
  }
  if (user.length) settled.shown = { ...settled.shown, user: user.join('\n\n') };
  const model = [...(settled.shown?.toolResult !== undefined ? [settled.shown.toolResult] : []), ...settled.context];
  if (model.length) settled.shown = { ...settled.shown, model: model.join('\n\n') };
  if (settings.rules === null) settled.verdict = 'proceed';
  return settled;
}

function halt(settled: Settled, stopReason: string | undefined, words: string): void {
  settled.halt = true;
  if (stopReason) settled.stopReason = stopReason;
  settled.diagnostics.push(diag('info', 'rule.halt', `continue: false: ${words}`));
}
