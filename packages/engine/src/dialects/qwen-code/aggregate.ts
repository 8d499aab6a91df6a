import { isObject, type Json, type JsonObject } from '../../util/json.js';

/** Events whose outputs merge with OR logic (hookAggregator.mergeWithOrLogic). */
const OR_EVENTS = new Set(['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PostToolBatch', 'Stop', 'UserPromptSubmit', 'UserPromptExpansion', 'SubagentStop', 'TodoCreated', 'TodoCompleted']);

export type MergeRule = 'single' | 'or' | 'permission' | 'simple' | 'ignored';

/**
 * Qwen Code 0.24.4's HookAggregator: the outputs of every hook that gave one, in declaration order (parallel hooks
 * too: Promise.all keeps the order), merged into one. Checked against the real CLI:
 * - one output is used as it is;
 * - OR events: `decision` is "block" if any says block or deny, else "allow" if any says allow; every `reason`
 *   joined with "\n"; `continue: false` if any (the last stopReason given wins); additionalContext strings joined
 *   with "\n"; every other hookSpecificOutput key (permissionDecision, permissionDecisionReason, ...) and
 *   systemMessage: the last hook that sets it wins;
 * - PermissionRequest: behavior deny beats allow, messages joined, the last updatedInput wins;
 * - other events: later fields overwrite earlier ones, additionalContext joined;
 * - StopFailure: outputs are ignored altogether.
 */
export function aggregate(outputs: JsonObject[], event: string): { merged: JsonObject | null; rule: MergeRule } {
  if (event === 'StopFailure') return { merged: null, rule: 'ignored' };
  if (outputs.length === 0) return { merged: null, rule: 'single' };
  if (outputs.length === 1) return { merged: outputs[0]!, rule: 'single' };
  if (OR_EVENTS.has(event)) return { merged: mergeWithOrLogic(outputs), rule: 'or' };
  if (event === 'PermissionRequest') return { merged: mergePermissionRequest(outputs), rule: 'permission' };
  return { merged: mergeSimple(outputs), rule: 'simple' };
}

function contextOf(output: JsonObject): string | undefined {
  const hso = output.hookSpecificOutput;
  return isObject(hso) && typeof hso.additionalContext === 'string' ? hso.additionalContext : undefined;
}

function mergeWithOrLogic(outputs: JsonObject[]): JsonObject {
  const merged: JsonObject = {};
  const reasons: string[] = [];
  const contexts: string[] = [];
  const other: JsonObject = {};
  let block = false;
  let halt = false;
  let stopReason: Json | undefined;
  for (const o of outputs) {
    if (o.decision === 'block' || o.decision === 'deny') block = true;
    if (typeof o.reason === 'string' ? o.reason !== '' : Boolean(o.reason)) reasons.push(String(o.reason));
    if (o.continue === false) {
      halt = true;
      if (o.stopReason) stopReason = o.stopReason;
    }
    const context = contextOf(o);
    if (context !== undefined) contexts.push(context);
    if (isObject(o.hookSpecificOutput)) {
      for (const [k, v] of Object.entries(o.hookSpecificOutput)) if (k !== 'additionalContext' && k !== 'artifacts') other[k] = v;
    }
    if (o.suppressOutput !== undefined) merged.suppressOutput = o.suppressOutput;
    if (o.systemMessage !== undefined) merged.systemMessage = o.systemMessage;
  }
  if (block) merged.decision = 'block';
  else if (outputs.some((o) => o.decision === 'allow')) merged.decision = 'allow';
  if (reasons.length) merged.reason = reasons.join('\n');
  if (halt) {
    merged.continue = false;
    if (stopReason !== undefined) merged.stopReason = stopReason;
  }
  const hso: JsonObject = { ...other };
  if (contexts.length) hso.additionalContext = contexts.join('\n');
  if (Object.keys(hso).length) merged.hookSpecificOutput = hso;
  return merged;
}

function mergePermissionRequest(outputs: JsonObject[]): JsonObject {
  const merged: JsonObject = {};
  const messages: string[] = [];
  let deny = false;
  let allow = false;
  let interrupt = false;
  let updatedInput: Json | undefined;
  for (const o of outputs) {
    const hso = o.hookSpecificOutput;
    if (!isObject(hso)) continue;
    const d = hso.decision;
    if (!isObject(d)) continue;
    if (d.behavior === 'deny') deny = true;
    else if (d.behavior === 'allow') allow = true;
    if (d.message) messages.push(String(d.message));
    if (d.interrupt === true) interrupt = true;
    if (d.updatedInput) updatedInput = d.updatedInput;
    if (o.continue !== undefined) merged.continue = o.continue;
    if (o.reason !== undefined) merged.reason = o.reason;
  }
  const decision: JsonObject = {};
  if (deny) decision.behavior = 'deny';
  else if (allow) decision.behavior = 'allow';
  if (messages.length) decision.message = messages.join('\n');
  if (interrupt) decision.interrupt = true;
  if (updatedInput !== undefined) decision.updatedInput = updatedInput;
  merged.hookSpecificOutput = { decision };
  return merged;
}

function mergeSimple(outputs: JsonObject[]): JsonObject {
  const contexts: string[] = [];
  let merged: JsonObject = {};
  for (const o of outputs) {
    const context = contextOf(o);
    if (context !== undefined) contexts.push(context);
    merged = { ...merged, ...o };
  }
  if (contexts.length) merged.hookSpecificOutput = { ...(isObject(merged.hookSpecificOutput) ? merged.hookSpecificOutput : {}), additionalContext: contexts.join('\n') };
  return merged;
}

// ---- reading the merged output (types.ts output classes) ----

export const NO_REASON = 'No reason provided';

/** `stopReason || reason || "No reason provided"` (DefaultHookOutput.getEffectiveReason). */
export function effectiveReason(o: JsonObject): string {
  return (truthyString(o.stopReason) ?? truthyString(o.reason)) || NO_REASON;
}

function truthyString(v: Json | undefined): string | undefined {
  if (v === undefined || v === null || v === false || v === '' || v === 0) return undefined;
  return typeof v === 'string' ? v : JSON.stringify(v);
}

export function isBlockingDecision(o: JsonObject): boolean {
  return o.decision === 'block' || o.decision === 'deny';
}

export function shouldStop(o: JsonObject): boolean {
  return o.continue === false;
}

/** additionalContext with < and > escaped, as every consumer reads it (getAdditionalContext). */
export function additionalContext(o: JsonObject): string | undefined {
  const c = contextOf(o);
  return c === undefined ? undefined : c.replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export type PermissionDecision = 'allow' | 'deny' | 'ask';

/** PreToolUseHookOutput.getPermissionDecision: hookSpecificOutput.permissionDecision first, then `decision`. */
export function permissionDecision(o: JsonObject): { decision: PermissionDecision; via: string } | undefined {
  const hso = o.hookSpecificOutput;
  if (isObject(hso) && 'permissionDecision' in hso) {
    const pd = hso.permissionDecision;
    if (pd === 'allow' || pd === 'deny' || pd === 'ask') return { decision: pd, via: `permissionDecision "${pd}"` };
  }
  if (o.decision === 'allow' || o.decision === 'approve') return { decision: 'allow', via: `decision "${o.decision}"` };
  if (o.decision === 'deny' || o.decision === 'block') return { decision: 'deny', via: `decision "${o.decision}"` };
  if (o.decision === 'ask') return { decision: 'ask', via: 'decision "ask"' };
  return undefined;
}

/** PreToolUseHookOutput.getPermissionDecisionReason: permissionDecisionReason when a string, else `reason`. */
export function permissionDecisionReason(o: JsonObject): string | undefined {
  const hso = o.hookSpecificOutput;
  if (isObject(hso) && 'permissionDecisionReason' in hso && typeof hso.permissionDecisionReason === 'string') return hso.permissionDecisionReason;
  return typeof o.reason === 'string' ? o.reason : o.reason === undefined || o.reason === null ? undefined : JSON.stringify(o.reason);
}
