import { isObject, type Json, type JsonObject } from '../../util/json.js';
import { OR_DECISION_EVENTS } from './events.js';

/** The merged answer of one event, as hookAggregator.mergeOutputs builds it (outputs in config order). */
export type Merged = JsonObject;

const isBlocking = (o: JsonObject) => o.decision === 'block' || o.decision === 'deny';

/**
 * hookAggregator.ts of Gemini CLI 0.61.0:
 * - BeforeTool, AfterTool, BeforeAgent, AfterAgent, SessionStart: a "block" or "deny" anywhere wins (the last one
 *   written is kept), else "ask", else "allow"; continue: false if any; stopReason, reason and systemMessage of
 *   every output joined with a newline; suppressOutput if any; hookSpecificOutput shallow-merged (a later key
 *   overwrites an earlier one); additionalContext strings joined with a newline;
 * - BeforeModel, AfterModel: later outputs overwrite earlier fields (hookSpecificOutput shallow-merged);
 * - BeforeToolSelection: function names unioned and sorted; NONE beats ANY beats AUTO;
 * - the rest: `{...a, ...b}`.
 */
export function mergeOutputs(event: string, outputs: JsonObject[]): Merged | undefined {
  if (outputs.length === 0) return undefined;
  if (OR_DECISION_EVENTS.has(event)) return mergeWithOrDecision(outputs);
  if (event === 'BeforeModel' || event === 'AfterModel') {
    let merged: JsonObject = {};
    for (const o of outputs) merged = { ...merged, ...o, hookSpecificOutput: { ...(isObject(merged.hookSpecificOutput) ? merged.hookSpecificOutput : {}), ...(isObject(o.hookSpecificOutput) ? o.hookSpecificOutput : {}) } };
    return merged;
  }
  if (event === 'BeforeToolSelection') return mergeToolSelection(outputs);
  let merged: JsonObject = {};
  for (const o of outputs) merged = { ...merged, ...o };
  return merged;
}

function mergeWithOrDecision(outputs: JsonObject[]): Merged {
  const merged: JsonObject = { continue: true, suppressOutput: false };
  const stops: string[] = [];
  const reasons: string[] = [];
  const messages: string[] = [];
  const contexts: string[] = [];
  let block = false;
  let ask = false;
  let halt = false;
  for (const o of outputs) {
    if (o.continue === false) {
      halt = true;
      merged.continue = false;
      if (o.stopReason) stops.push(String(o.stopReason));
    }
    if (isBlocking(o)) {
      block = true;
      merged.decision = o.decision!;
    } else if (o.decision === 'ask') {
      ask = true;
      if (!block) merged.decision = 'ask';
    }
    if (o.reason) reasons.push(String(o.reason));
    if (o.systemMessage) messages.push(String(o.systemMessage));
    if (o.suppressOutput) merged.suppressOutput = true;
    const hso = o.hookSpecificOutput;
    if (hso !== undefined && hso !== null && typeof hso === 'object') {
      const { clearContext, ...rest } = hso as JsonObject;
      const prev = isObject(merged.hookSpecificOutput) ? merged.hookSpecificOutput : {};
      merged.hookSpecificOutput = { ...prev, ...(clearContext === true ? { clearContext: true } : {}), ...rest };
      if (typeof (hso as JsonObject).additionalContext === 'string') contexts.push((hso as JsonObject).additionalContext as string);
    }
  }
  if (!block && !ask && !halt) merged.decision = 'allow';
  if (stops.length) merged.stopReason = stops.join('\n');
  if (reasons.length) merged.reason = reasons.join('\n');
  if (messages.length) merged.systemMessage = messages.join('\n');
  if (contexts.length) merged.hookSpecificOutput = { ...(isObject(merged.hookSpecificOutput) ? merged.hookSpecificOutput : {}), additionalContext: contexts.join('\n') };
  return merged;
}

function mergeToolSelection(outputs: JsonObject[]): Merged {
  const names = new Set<string>();
  let none = false;
  let any = false;
  for (const o of outputs) {
    const tc = isObject(o.hookSpecificOutput) ? o.hookSpecificOutput.toolConfig : undefined;
    if (!isObject(tc)) continue;
    if (tc.mode === 'NONE') none = true;
    else if (tc.mode === 'ANY') any = true;
    if (Array.isArray(tc.allowedFunctionNames)) for (const n of tc.allowedFunctionNames) names.add(String(n));
  }
  const mode = none ? 'NONE' : any ? 'ANY' : 'AUTO';
  return { hookSpecificOutput: { hookEventName: 'BeforeToolSelection', toolConfig: { mode, allowedFunctionNames: none ? [] : [...names].sort() } } };
}

/** DefaultHookOutput.getEffectiveReason. */
export function effectiveReason(m: Merged): string {
  return (m.stopReason as string) || (m.reason as string) || 'No reason provided';
}

export const blocks = (m: Merged | undefined) => !!m && isBlocking(m);
export const halts = (m: Merged | undefined) => !!m && m.continue === false;

/** DefaultHookOutput.getAdditionalContext: a string only, with < and > escaped. */
export function additionalContext(m: Merged | undefined): string | undefined {
  const hso = m?.hookSpecificOutput;
  if (!isObject(hso) || typeof hso.additionalContext !== 'string') return undefined;
  return hso.additionalContext.replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** BeforeToolHookOutput.getModifiedToolInput: an object, not an array. */
export function modifiedToolInput(m: Merged | undefined): JsonObject | undefined {
  const hso = m?.hookSpecificOutput;
  if (!isObject(hso)) return undefined;
  const v: Json | undefined = hso.tool_input;
  return isObject(v) ? v : undefined;
}
