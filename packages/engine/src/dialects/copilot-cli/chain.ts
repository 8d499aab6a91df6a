import type { Diagnostic, Effect } from '../../outcome.js';
import type { ProcessResult } from '../../runner/types.js';
import { isObject, preview, type Json, type JsonObject } from '../../util/json.js';
import type { PlannedEntry } from '../dialect.js';
import { diag, ordinal } from '../shared/results.js';
import type { CopilotEntry } from './config.js';
import { recorded } from './evidence.js';
import { fieldsOf, nonEmptyString, readHook } from './interpret.js';

/** What the hooks of one event said so far; Copilot CLI runs them one after another and folds their answers. */
export interface State {
  /** A decisive answer: later hooks of this event do not run. */
  stopped: boolean;
  decision: 'allow' | 'deny' | 'ask' | 'block' | null;
  /** The text the model reads for a denial or block (the host's wrapper around the hook's reason). */
  message: string | null;
  /** The hook's own reason, as it gave it (null when it gave none): the outcome's `reason` on every host. */
  reason: string | null;
  by: number | null;
  /** The last modifiedArgs: normally an object; anything else still replaces the arguments (and breaks the call). */
  modifiedArgs: Json | null;
  /** additionalContext of each hook, in run order (preToolUse, postToolUse, sessionStart join them). */
  contexts: string[];
  /** userPromptSubmitted and agentStop: every field a hook set, a later hook's value replacing an earlier one. */
  fields: JsonObject;
  /** Shown to the user as warnings (exit 2's stderr, a blocked prompt's reason). */
  warnings: string[];
}

export const START: State = { stopped: false, decision: null, message: null, reason: null, by: null, modifiedArgs: null, contexts: [], fields: {}, warnings: [] };

export const asState = (o: JsonObject): State => o as unknown as State;
export const asJson = (s: State): JsonObject => s as unknown as JsonObject;

export const MESSAGES = {
  deny: (reason: string | undefined) => `Denied by preToolUse hook: ${reason ?? 'No reason provided'}`,
  exit2: 'Denied by preToolUse hook: hook exited with code 2',
  errored: (label: string) => `Denied by preToolUse hook from "${label}" (hook errored)`,
  ask: (reason: string | undefined) => `Denied by preToolUse hook (unable to ask user for confirmation): ${reason ?? 'No reason provided'}`,
  permissionDenied: (message: string) => `Permission denied by a PermissionRequest hook: ${message}`,
  postBlocked: (reason: string | undefined) => `Tool result blocked: ${reason ?? 'No reason provided'}`,
};

/** A reason as written: an empty string stays empty ("Denied by preToolUse hook: "), only a missing one gets the default. */
function reasonOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

interface Step {
  next: State;
  effect: Effect;
  diagnostics: Diagnostic[];
}

/**
 * Folds one hook's result into the event's state, as Copilot CLI 1.0.102 does (each rule recorded by the oracle).
 */
export function step(event: string, index: number, planned: PlannedEntry<CopilotEntry>, current: State, result: ProcessResult): Step {
  const entry = planned.entry;
  const next: State = { ...current, contexts: [...current.contexts], fields: { ...current.fields }, warnings: [...current.warnings] };
  const diagnostics: Diagnostic[] = [];
  const note = (level: Diagnostic['level'], code: string, message: string, cases?: [string, ...string[]]) =>
    diagnostics.push(diag(level, code, `${ordinal(index)}: ${message}`, { hook: index, ...(cases ? { evidence: recorded(...cases) } : {}) }));
  const reading = readHook(result, entry.timeoutMs);
  const stop = (decision: State['decision'], message: string, reason: string | null = null): void => {
    next.decision = decision;
    next.message = message;
    next.reason = reason;
    next.by = index;
    next.stopped = true;
  };

  if (reading.kind === 'failed') {
    if (reading.timedOut) note('warning', 'hook.timeout', `timed out after ${entry.timeoutS} s: Copilot CLI sends it SIGTERM and goes on as if it said nothing${event === 'preToolUse' ? ' (the tool call is allowed through)' : ''}`, ['pre-timeout-lets-through', 'timeout-alias']);
    else if (event === 'preToolUse' || event === 'permissionRequest') {
      note('warning', 'hook.failed', `${reading.why}: a hook that cannot run counts as an error, so it denies`, ['powershell-only-fails']);
      if (event === 'preToolUse') stop('deny', MESSAGES.errored(entry.sourceLabel));
      else stop('deny', MESSAGES.permissionDenied('Permission request hook failed'));
      return { next, effect: 'block', diagnostics };
    } else note('warning', 'hook.failed', `${reading.why}: it counts as no answer`);
    return { next, effect: 'error', diagnostics };
  }

  if (reading.kind === 'exit2') {
    if (event === 'preToolUse') {
      // stdout still counts for one thing: a deny printed with exit 2 gives its own reason (recorded).
      const denied = reading.json && fieldsOf(reading.json, entry.claudeShape).permissionDecision === 'deny' ? fieldsOf(reading.json, entry.claudeShape) : null;
      note('info', 'hook.exit2', `exit 2 denies the call; ${denied ? 'the deny on stdout gives the reason' : 'Copilot tells the model "hook exited with code 2" (stderr never reaches it; of stdout only a deny would count)'}`, ['pre-exit2', 'pre-exit2-ignores-json', 'sweep-pre-exit2-deny']);
      stop('deny', denied ? MESSAGES.deny(reasonOf(denied.permissionDecisionReason)) : MESSAGES.exit2, denied ? (reasonOf(denied.permissionDecisionReason) ?? null) : null);
      return { next, effect: 'block', diagnostics };
    }
    if (event === 'permissionRequest') {
      note('info', 'hook.exit2', 'exit 2 denies the permission with "Permission denied by hook."', ['perm-exit2']);
      stop('deny', MESSAGES.permissionDenied('Permission denied by hook.'));
      return { next, effect: 'block', diagnostics };
    }
    if (reading.stderr) next.warnings.push(reading.stderr);
    note('info', 'hook.exit2-warning', `exit 2 on ${event}: its stderr is shown to the user as a warning${reading.stderr ? '' : ' (empty here)'}, and its stdout is still read as JSON`, ['post-exit2-warns', 'stop-exit2-warns', 'stop-exit2-json-still-read']);
    if (!reading.json) return { next, effect: 'error', diagnostics };
  }

  if (reading.kind === 'error') {
    if (event === 'preToolUse') {
      note('warning', 'hook.errored', `exit ${reading.code} is an error, and an erroring preToolUse hook denies the call ("hook errored"); stdout is not read`, ['pre-exit1', 'pre-exit1-ignores-json', 'pre-error-label-repo']);
      stop('deny', MESSAGES.errored(entry.sourceLabel));
      return { next, effect: 'block', diagnostics };
    }
    if (event === 'permissionRequest') {
      note('warning', 'hook.errored', `exit ${reading.code}: the permission is denied ("Permission request hook failed")`, ['perm-exit1']);
      stop('deny', MESSAGES.permissionDenied('Permission request hook failed'));
      return { next, effect: 'block', diagnostics };
    }
    note('info', 'hook.errored', `exit ${reading.code} is an error on ${event}: Copilot logs it and goes on; nothing reaches the model or the user`, ['post-exit1-silent', 'start-errors']);
    return { next, effect: 'error', diagnostics };
  }

  if (reading.kind === 'ok' && reading.note) note('info', 'hook.invalid-json', reading.note, ['pre-plain-ignored', 'pre-invalid-json-ignored']);
  if (!reading.json) return { next, effect: 'none', diagnostics };
  const f = fieldsOf(reading.json, entry.claudeShape, event);
  const context = nonEmptyString(f.additionalContext);
  let effect: Effect = 'none';

  switch (event) {
    case 'preToolUse': {
      if (context) {
        next.contexts.push(context);
        effect = 'context';
      }
      if (f.modifiedArgs !== undefined && f.modifiedArgs !== null) {
        next.modifiedArgs = f.modifiedArgs;
        effect = 'rewrite';
        if (!isObject(f.modifiedArgs)) {
          note('warning', 'hook.invalid-modified-args', `modifiedArgs is ${preview(f.modifiedArgs, 30)}, not an object of tool arguments: Copilot still passes it to the tool, which fails with "Invalid input"`, ['pre-modified-args-not-object']);
        }
      }
      if (!entry.claudeShape && f.updatedInput !== undefined) {
        note('warning', 'divergence.updated-input-ignored', 'updatedInput is ignored in a camelCase preToolUse hook: Copilot CLI 1.0.102 only reads modifiedArgs (its changelog for 1.0.24 says it respects both; use modifiedArgs, or declare the hook under "PreToolUse")', ['pre-updated-input-ignored']);
      }
      const pd = f.permissionDecision;
      const reason = reasonOf(f.permissionDecisionReason);
      if (pd === 'deny') {
        stop('deny', MESSAGES.deny(reason), reason ?? null);
        return { next, effect: 'block', diagnostics };
      }
      if (pd === 'ask') {
        note('info', 'hook.ask-in-prompt-mode', 'permissionDecision "ask": nobody can answer in prompt mode (-p), so Copilot denies the call and stops here', ['pre-ask-denies']);
        stop('ask', MESSAGES.ask(reason), reason ?? null);
        return { next, effect: 'block', diagnostics };
      }
      if (pd === 'allow') {
        next.decision = 'allow';
        next.by = index;
        if (effect === 'none') effect = 'allow';
      } else if (pd !== undefined) note('warning', 'hook.field-ignored', `permissionDecision ${preview(pd, 30)} is not allow, ask or deny: ignored`);
      return { next, effect, diagnostics };
    }
    case 'permissionRequest': {
      const behavior = f.behavior;
      if (behavior === 'deny') {
        // A deny does not stop the others: every permissionRequest hook runs, in one file or across files, and the
        // last one that answers decides (recorded: perm-merge-same-file-deny-allow, perm-merge-same-file-deny-deny2,
        // perm-merge-user-deny-repo-allow, perm-merge-hooks-dir-deny-user-allow, perm-merge-user-deny-repo-deny2).
        next.decision = 'deny';
        next.message = MESSAGES.permissionDenied(nonEmptyString(f.message) ?? 'Permission denied by hook.');
        next.reason = nonEmptyString(f.message) ?? null;
        next.by = index;
        note('info', 'rule.permission-last-wins', 'behavior "deny": the later permissionRequest hooks still run, and the last one that answers decides', ['perm-merge-same-file-deny-allow', 'perm-merge-user-deny-repo-allow']);
        return { next, effect: 'block', diagnostics };
      }
      if (behavior === 'allow') {
        next.decision = 'allow';
        next.message = null;
        next.reason = null;
        next.by = index;
        return { next, effect: 'allow', diagnostics };
      }
      if (isObject(f.hookSpecificOutput) && !entry.claudeShape) {
        note('warning', 'hook.field-ignored', 'hookSpecificOutput is Claude Code’s shape: a camelCase permissionRequest hook answers with top-level "behavior" and "message"', ['perm-hso-ignored']);
      }
      return { next, effect: 'none', diagnostics };
    }
    case 'postToolUse':
    case 'postToolUseFailure': {
      // A block without a reason is ignored (recorded).
      if (f.decision === 'block' && nonEmptyString(f.reason)) {
        stop('block', MESSAGES.postBlocked(nonEmptyString(f.reason)), nonEmptyString(f.reason) ?? null);
        note('info', 'hook.post-block', 'decision "block": the tool already ran, but the model gets "Tool result blocked: <reason>" instead of its result, and later hooks do not run', ['post-block']);
        return { next, effect: 'block', diagnostics };
      }
      if (context) {
        next.contexts.push(context);
        effect = 'context';
      }
      return { next, effect, diagnostics };
    }
    case 'sessionStart':
    case 'subagentStart': {
      if (context) {
        next.contexts.push(context);
        effect = 'context';
      }
      return { next, effect, diagnostics };
    }
    case 'userPromptSubmitted':
    case 'agentStop':
    case 'subagentStop': {
      for (const [k, v] of Object.entries(f)) {
        if (v === null) continue;
        if (k === 'additionalContext' && typeof v !== 'string') continue;
        next.fields[k] = v;
      }
      if (f.decision === 'block' && nonEmptyString(f.reason)) effect = 'block';
      else if (event === 'userPromptSubmitted' && typeof f.modifiedPrompt === 'string' && f.modifiedPrompt !== '') effect = 'replace';
      else if (context) effect = 'context';
      return { next, effect, diagnostics };
    }
    default:
      return { next, effect: 'none', diagnostics };
  }
}
