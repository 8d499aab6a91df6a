import type { ProcessResult } from '../../runner/types.js';
import { isObject, preview, readJsonAnswer, str, type Json, type JsonObject } from '../../util/json.js';
import { formatSeconds } from '../shared/results.js';
import { OBSERVATION_ONLY_EVENTS, PERMISSION_EVENTS, TEXT_CONTEXT_EVENTS } from './events.js';

/** Mework's `hook.blocked_default` prompt-profile text, used when a block gives no reason. */
export const DEFAULT_BLOCK_REASON = 'A hook blocked the current action';

/** On permission events `deny` denies the call; elsewhere it is a block. */
export type Decision = 'deny' | 'ask' | 'allow';
export const DECISION_RANK: Record<Decision, number> = { deny: 3, ask: 2, allow: 1 };

export interface Note {
  level: 'info' | 'warning';
  code: string;
  message: string;
}

/** What one Mework hook said, read the way the host reads it. */
export interface MeworkAnswer {
  /** Set when the hook failed: it gives no decision and the turn goes on (fail-open). */
  failed?: string;
  decision?: { kind: Decision; reason: string | null; via: string };
  /** A usable rewrite (always an object); bad ones are dropped here with a note. */
  updatedInput?: JsonObject;
  context: { text: string; via: string }[];
  systemMessage?: string;
  halt?: { stopReason: string | null };
  notes: Note[];
}

const TOP_LEVEL_FIELDS = new Set(['continue', 'stopReason', 'decision', 'reason', 'systemMessage', 'hookSpecificOutput', 'suppressOutput']);
const SPECIFIC_FIELDS = new Set(['hookEventName', 'permissionDecision', 'permissionDecisionReason', 'updatedInput', 'additionalContext']);

const info = (code: string, message: string): Note => ({ level: 'info', code, message });
const warning = (code: string, message: string): Note => ({ level: 'warning', code, message });

export function interpretMework(event: string, result: ProcessResult, timeoutMs: number): MeworkAnswer {
  const answer = readProcess(event, result, timeoutMs);
  return OBSERVATION_ONLY_EVENTS.has(event) ? toObservation(event, answer) : answer;
}

function readProcess(event: string, result: ProcessResult, timeoutMs: number): MeworkAnswer {
  const notes: Note[] = [];
  const stderr = result.stderr.trim();
  if (result.spawnError !== undefined) return { failed: `could not start (${result.spawnError}): no decision, the turn goes on`, context: [], notes };
  if (result.timedOut) {
    return {
      failed: `timed out after ${formatSeconds(timeoutMs)}: Mework kills its process group with SIGKILL at once, and the hook gives no decision (the turn goes on)`,
      context: [],
      notes,
    };
  }
  if (result.signal !== null) return { failed: `was killed by ${result.signal}: no decision, the turn goes on`, context: [], notes };
  if (result.exitCode !== 0 && result.exitCode !== 2) {
    const said = stderr ? ` (stderr: ${JSON.stringify(preview(stderr, 80))})` : '';
    return { failed: `exited ${result.exitCode}${said}: only exit 2 blocks; any other non-zero exit is a failure with no decision, and the turn goes on`, context: [], notes };
  }

  if (result.exitCode === 2) {
    if (result.stdout.trim()) notes.push(info('hook.stdout-ignored', 'stdout is ignored on exit 2: the reason comes from stderr'));
    if (!stderr) notes.push(info('hook.default-reason', `exit 2 with empty stderr: the reason is Mework's default text "${DEFAULT_BLOCK_REASON}"`));
    return { decision: { kind: 'deny', reason: stderr || DEFAULT_BLOCK_REASON, via: 'exit 2' }, context: [], notes };
  }

  const parsed = readJsonAnswer(result.stdout);
  if (parsed.kind === 'empty') return { context: [], notes };
  if (parsed.kind !== 'object') {
    const text = parsed.kind === 'text' ? parsed.text : result.stdout.trim();
    const cut = result.dropped.stdout > 0 ? ' (stdout was cut at 64 KiB, which can break JSON)' : '';
    const why = parsed.kind === 'text' ? `stdout is not JSON${cut}` : `stdout is JSON but not an object (${preview(parsed.value, 40)})`;
    if (TEXT_CONTEXT_EVENTS.has(event)) {
      if (/^\s*[{[]/.test(text)) notes.push(info('hook.text-context', `${why}: on ${event} it is taken as plain text, so it is added to the context as is`));
      return { context: [{ text, via: 'plain-text stdout' }], notes };
    }
    if (event === 'Stop') return { failed: `Stop hooks must answer with JSON: ${why}, so the hook fails with no decision`, context: [], notes };
    notes.push(info('hook.text-ignored', `${why}: on ${event} Mework reads only a JSON object, so it has no effect`));
    return { context: [], notes };
  }
  return readJson(event, parsed.value, notes);
}

function readJson(event: string, json: JsonObject, notes: Note[]): MeworkAnswer {
  const answer: MeworkAnswer = { context: [], notes };
  for (const key of Object.keys(json)) {
    if (TOP_LEVEL_FIELDS.has(key)) continue;
    const inside = SPECIFIC_FIELDS.has(key) ? `: it belongs inside hookSpecificOutput (with "hookEventName": "${event}")` : '';
    notes.push(info('hook.unknown-field', `"${key}" is not a top-level field Mework reads, so it is ignored${inside}`));
  }
  if (json.suppressOutput !== undefined) notes.push(info('hook.field-ignored', 'suppressOutput has no effect in Mework: hook cards are local-only anyway'));

  if (json.continue === false) {
    answer.halt = { stopReason: str(json.stopReason) ?? null };
  } else {
    if (json.continue !== undefined && json.continue !== true) notes.push(info('hook.field-ignored', `continue ${preview(json.continue, 30)} is ignored: only false halts`));
    if (json.stopReason !== undefined) notes.push(info('hook.field-ignored', 'stopReason is ignored: it is read only with continue: false'));
  }

  if (typeof json.systemMessage === 'string') answer.systemMessage = json.systemMessage;
  else if (json.systemMessage !== undefined) notes.push(info('hook.field-ignored', `systemMessage must be a string; ${preview(json.systemMessage, 30)} is ignored`));

  // Every decision the hook expresses; within one hook the strongest counts, as across hooks.
  const decisions: NonNullable<MeworkAnswer['decision']>[] = [];
  let legacyApprove: NonNullable<MeworkAnswer['decision']> | undefined;
  if (json.decision === 'block') {
    if (str(json.reason) === undefined) notes.push(info('hook.default-reason', `decision "block" without a reason: the reason is Mework's default text "${DEFAULT_BLOCK_REASON}"`));
    decisions.push({ kind: 'deny', reason: str(json.reason) ?? DEFAULT_BLOCK_REASON, via: 'decision "block"' });
  } else if (json.decision === 'approve' && event === 'PreToolUse') {
    legacyApprove = { kind: 'allow', reason: str(json.reason) ?? null, via: 'legacy decision "approve"' };
  } else if (json.decision !== undefined) {
    const accepted = event === 'PreToolUse' ? '"block" (or the legacy "approve")' : '"block"';
    notes.push(info('hook.field-ignored', `decision ${preview(json.decision, 30)} is ignored: on ${event} Mework understands only ${accepted}`));
  }
  if (json.reason !== undefined && json.decision !== 'block' && !legacyApprove) notes.push(info('hook.field-ignored', 'reason is ignored: it is read only with decision "block"'));

  let updated: { value: Json } | undefined;
  let permission: Decision | undefined;
  let permissionReason: string | undefined;
  const hso = json.hookSpecificOutput;
  if (hso !== undefined) {
    if (!isObject(hso)) {
      notes.push(warning('hook.specific-output-ignored', `hookSpecificOutput must be an object; ${preview(hso, 30)} is ignored`));
    } else if (hso.hookEventName !== event) {
      const why = hso.hookEventName === undefined ? 'it has no hookEventName' : `its hookEventName is ${JSON.stringify(hso.hookEventName)}, not "${event}"`;
      notes.push(warning('hook.specific-output-ignored', `hookSpecificOutput is ignored entirely because ${why}: it counts only when hookEventName names the event being run`));
    } else {
      for (const key of Object.keys(hso)) {
        if (SPECIFIC_FIELDS.has(key)) continue;
        const hint = key === 'decision' && event === 'PermissionRequest' ? ' (that is Claude Code\'s PermissionRequest answer; Mework reads permissionDecision)' : '';
        notes.push(info('hook.unknown-field', `hookSpecificOutput.${key} is not a field Mework reads, so it is ignored${hint}`));
      }
      const pd = hso.permissionDecision;
      if (pd !== undefined) {
        if (!PERMISSION_EVENTS.has(event)) notes.push(info('hook.field-ignored', `permissionDecision is ignored on ${event}: it decides only PreToolUse and PermissionRequest (use decision "block" to block)`));
        else if (pd === 'allow' || pd === 'ask' || pd === 'deny') permission = pd;
        else notes.push(warning('hook.field-ignored', `permissionDecision ${preview(pd, 30)} is not allow, ask or deny, so it is ignored`));
      }
      if (typeof hso.permissionDecisionReason === 'string') permissionReason = hso.permissionDecisionReason;
      if (hso.permissionDecisionReason !== undefined && permission === undefined) notes.push(info('hook.field-ignored', 'permissionDecisionReason is ignored without a permissionDecision'));
      if ('updatedInput' in hso) {
        if (PERMISSION_EVENTS.has(event)) updated = { value: hso.updatedInput as Json };
        else notes.push(info('hook.field-ignored', `updatedInput is ignored on ${event}: only PreToolUse and PermissionRequest can rewrite a tool call${event === 'PostToolUse' ? ' (the tool already ran)' : ''}`));
      }
      if (typeof hso.additionalContext === 'string') {
        if (hso.additionalContext.trim()) answer.context.push({ text: hso.additionalContext, via: 'additionalContext' });
        else notes.push(info('hook.field-ignored', 'additionalContext is empty: nothing is added'));
      } else if (hso.additionalContext !== undefined) {
        notes.push(info('hook.field-ignored', `additionalContext must be a string; ${preview(hso.additionalContext, 30)} is ignored`));
      }
    }
  }

  const badRewrite = updated !== undefined && !isObject(updated.value) ? `updatedInput ${preview(updated.value, 40)} is not an object` : undefined;
  if (permission !== undefined) {
    if (legacyApprove) notes.push(info('hook.field-ignored', 'the legacy decision "approve" is ignored: hookSpecificOutput.permissionDecision is set'));
    const reason = permissionReason ?? null;
    if (permission === 'deny') {
      if (updated !== undefined) notes.push(info('hook.rewrite-dropped', 'updatedInput is dropped because the hook denies'));
      if (reason === null) notes.push(info('hook.default-reason', `permissionDecision "deny" without a permissionDecisionReason: the reason is Mework's default text "${DEFAULT_BLOCK_REASON}"`));
      decisions.push({ kind: 'deny', reason: reason ?? DEFAULT_BLOCK_REASON, via: 'permissionDecision "deny"' });
    } else if (permission === 'allow' && badRewrite) {
      notes.push(warning('hook.allow-dropped', `${badRewrite}: an allow with a bad updatedInput is dropped entirely, so neither the allow nor the rewrite counts`));
    } else {
      if (badRewrite) notes.push(warning('hook.rewrite-dropped', `${badRewrite}: the ask stands, without the rewrite`));
      else if (updated !== undefined) answer.updatedInput = updated.value as JsonObject;
      decisions.push({ kind: permission, reason, via: `permissionDecision "${permission}"` });
    }
  } else {
    if (legacyApprove) decisions.push(legacyApprove);
    if (updated !== undefined) {
      if (badRewrite) notes.push(warning('hook.rewrite-dropped', `${badRewrite}: the rewrite is dropped`));
      else answer.updatedInput = updated.value as JsonObject;
    }
  }

  const strongest = decisions.sort((a, b) => DECISION_RANK[b.kind] - DECISION_RANK[a.kind])[0];
  if (strongest) {
    answer.decision = strongest;
    for (const other of decisions.slice(1)) {
      notes.push(info('hook.field-ignored', `${other.via} is outweighed by ${strongest.via} from the same hook (deny > ask > allow)`));
    }
    if (strongest.kind === 'deny' && answer.updatedInput) {
      delete answer.updatedInput;
      notes.push(info('hook.rewrite-dropped', 'updatedInput is dropped because the hook blocks'));
    }
  }
  return answer;
}

/** InstructionsLoaded: everything is recorded, nothing reaches the model or decides anything. */
function toObservation(event: string, answer: MeworkAnswer): MeworkAnswer {
  const said: string[] = [];
  if (answer.decision) said.push(`a ${answer.decision.kind === 'deny' ? 'block' : answer.decision.kind} (${answer.decision.via})`);
  if (answer.halt) said.push('continue: false');
  if (answer.updatedInput) said.push('updatedInput');
  if (answer.context.length) said.push(answer.context.map((c) => c.via).join(' and '));
  if (answer.systemMessage !== undefined) said.push('a systemMessage');
  const notes = answer.notes.filter((n) => n.level === 'warning');
  if (said.length) notes.push(info('rule.observation-only', `${event} is observation only: what this hook answered (${said.join(', ')}) is recorded and never reaches the model`));
  return { ...(answer.failed ? { failed: answer.failed } : {}), context: [], notes };
}
