import type { Diagnostic } from '../../outcome.js';
import type { ProcessResult } from '../../runner/types.js';
import { isObject, preview, readJsonAnswer, str, type JsonObject } from '../../util/json.js';
import { describeExit } from '../shared/results.js';
import { exit2Text } from './wording.js';

export type Decision = 'deny' | 'ask' | 'allow';
export const DECISION_RANK: Record<Decision, number> = { allow: 1, ask: 2, deny: 3 };

export interface Note {
  level: Diagnostic['level'];
  code: string;
  message: string;
}

/** What one hook said, read the way Claude Code 2.1.332 reads it. Settling combines these. */
export interface ClaudeCodeAnswer {
  command: string;
  /** Exit 2: the blocking error text, `[command]: stderr`, and the stderr alone (trimmed). */
  exit2?: { text: string; stderr: string };
  /** A permission decision (PreToolUse, PermissionRequest) or a block (decision "block", exit 2) on other events. */
  decision?: { kind: Decision; reason: string | null; via: string };
  updatedInput?: JsonObject;
  additionalContext?: string;
  /** Plain stdout on exit 0 (SessionStart and UserPromptSubmit turn it into context). */
  plain?: string;
  halt?: { stopReason: string | null };
  systemMessage?: string;
  /** A notice Claude Code prints for the user because of this hook. */
  notice?: 'timedOut' | 'unusable';
  /** Why the hook had no say at all (timeout, crash, could not start). */
  failed?: string;
  notes: Note[];
}

const info = (code: string, message: string): Note => ({ level: 'info', code, message });
const warning = (code: string, message: string): Note => ({ level: 'warning', code, message });

/** Top-level output fields Claude Code reads. */
const TOP_LEVEL = new Set(['continue', 'stopReason', 'suppressOutput', 'systemMessage', 'decision', 'reason', 'hookSpecificOutput']);

/**
 * Claude Code 2.1.332, checked against the real CLI:
 * - a timed-out hook counts as no answer, even if it printed one before the deadline;
 * - stdout is parsed as JSON whatever the exit code: exit 1 or 3 with a deny on stdout still denies, and exit 2 with
 *   an additionalContext on stdout still adds it (exit 2 adds a deny or block on top, with stderr as the reason);
 * - other exit codes are non-blocking errors: no decision of their own;
 * - stdout that is not JSON on exit 0 is ignored, except as context on SessionStart and UserPromptSubmit;
 * - JSON whose hookSpecificOutput names another event is rejected as a whole ("no usable answer").
 */
export function interpretClaudeCode(event: string, command: string, result: ProcessResult, timeoutMs: number): ClaudeCodeAnswer {
  const answer: ClaudeCodeAnswer = { command, notes: [] };
  const { notes } = answer;
  if (result.spawnError !== undefined) {
    answer.failed = describeExit(result);
    return answer;
  }
  if (result.timedOut) {
    answer.failed = `${describeExit(result, timeoutMs)}${result.signal ? `, ended by ${result.signal}` : ''}`;
    if (event === 'PreToolUse') answer.notice = 'timedOut';
    if (result.stdout.trim()) notes.push(info('hook.timeout-output-lost', 'it printed an answer before the deadline, but a timed-out hook counts as no answer: the output is dropped'));
    return answer;
  }
  if (result.signal !== null) {
    answer.failed = describeExit(result);
    return answer;
  }

  const code = result.exitCode;
  if (code === 2) {
    answer.exit2 = { text: exit2Text(command, result.stderr), stderr: result.stderr.trim() };
    if (result.stderr === '') notes.push(info('hook.exit2-no-stderr', 'exit 2 with nothing on stderr: the reason is "No stderr output"'));
  } else if (code !== 0) {
    notes.push(info('hook.non-blocking-error', `exit ${code} is a non-blocking error: it decides nothing by itself${result.stderr.trim() ? ' (stderr is shown to the user in verbose mode only)' : ''}`));
  }

  const parsed = readJsonAnswer(result.stdout);
  if (parsed.kind === 'empty') return answer;
  if (parsed.kind !== 'object') {
    const text = result.stdout.trim();
    if (code === 0) {
      answer.plain = text;
      if (text.startsWith('{')) notes.push(info('hook.invalid-json', `stdout starts like JSON but does not parse (${parsed.kind === 'text' ? parsed.error : 'not an object'}): Claude Code treats it as plain text`));
    } else {
      notes.push(info('hook.plain-ignored', `plain stdout on exit ${code} is ignored`));
    }
    return answer;
  }
  if (code === 2) notes.push(info('hook.exit2-json-read', 'exit 2, yet stdout is still read as JSON: Claude Code parses it whatever the exit code'));
  else if (code !== 0) notes.push(info('hook.json-on-error-exit', `exit ${code}, yet stdout is still read as JSON: Claude Code parses it whatever the exit code`));
  readJson(event, parsed.value, answer);
  return answer;
}

function readJson(event: string, json: JsonObject, answer: ClaudeCodeAnswer): void {
  const { notes } = answer;
  const reject = (why: string) => {
    notes.push(warning('hook.output-rejected', `${why}: Claude Code rejects the whole answer, as if the hook said nothing`));
    if (event === 'PreToolUse') answer.notice = 'unusable';
  };
  const hso = json.hookSpecificOutput;
  if (hso !== undefined) {
    if (!isObject(hso)) return reject(`hookSpecificOutput must be an object, not ${preview(hso, 30)}`);
    if (hso.hookEventName !== event) {
      return reject(
        hso.hookEventName === undefined ? 'hookSpecificOutput has no hookEventName' : `hookSpecificOutput.hookEventName is ${JSON.stringify(hso.hookEventName)}, not "${event}"`,
      );
    }
  }
  for (const key of Object.keys(json)) {
    if (!TOP_LEVEL.has(key)) notes.push(info('hook.unknown-field', `"${key}" is not a field Claude Code reads: ignored`));
  }

  if (json.continue === false) answer.halt = { stopReason: str(json.stopReason) ?? null };
  if (typeof json.systemMessage === 'string') answer.systemMessage = json.systemMessage;

  if (json.decision === 'block') {
    answer.decision = { kind: 'deny', reason: str(json.reason) ?? null, via: 'decision "block"' };
    if (event === 'PreToolUse') notes.push(info('hook.legacy-decision', 'the legacy decision "block" acts as permissionDecision "deny"'));
  } else if (json.decision === 'approve') {
    if (event === 'PreToolUse') {
      answer.decision = { kind: 'allow', reason: str(json.reason) ?? null, via: 'decision "approve"' };
      notes.push(info('hook.legacy-decision', 'the legacy decision "approve" acts as permissionDecision "allow"'));
    } else notes.push(info('hook.field-ignored', `decision "approve" means nothing on ${event}`));
  } else if (json.decision !== undefined) {
    notes.push(warning('hook.field-ignored', `decision ${preview(json.decision, 30)} is neither "block" nor "approve": ignored`));
  }

  if (!isObject(hso)) return;
  if (typeof hso.additionalContext === 'string') {
    if (hso.additionalContext !== '') answer.additionalContext = hso.additionalContext;
  } else if (hso.additionalContext !== undefined) {
    notes.push(warning('hook.field-ignored', `additionalContext must be a string, not ${preview(hso.additionalContext, 30)}: ignored`));
  }

  if (event === 'PreToolUse') {
    const pd = hso.permissionDecision;
    if (pd === 'allow' || pd === 'ask' || pd === 'deny') {
      if (answer.decision) notes.push(info('hook.field-ignored', `permissionDecision "${pd}" is used instead of ${answer.decision.via}`));
      answer.decision = { kind: pd, reason: str(hso.permissionDecisionReason) ?? null, via: `permissionDecision "${pd}"` };
    } else if (pd !== undefined) {
      notes.push(warning('hook.field-ignored', `permissionDecision ${preview(pd, 30)} is not allow, ask or deny: ignored`));
    }
    if (hso.updatedInput !== undefined) {
      if (isObject(hso.updatedInput)) answer.updatedInput = hso.updatedInput;
      else notes.push(warning('hook.field-ignored', `updatedInput must be an object of tool arguments, not ${preview(hso.updatedInput, 30)}: ignored`));
    }
  } else if (event === 'PermissionRequest') {
    const d = hso.decision;
    if (isObject(d) && (d.behavior === 'allow' || d.behavior === 'deny')) {
      answer.decision = { kind: d.behavior, reason: str(d.message) ?? null, via: `decision.behavior "${d.behavior}"` };
      if (d.behavior === 'allow' && isObject(d.updatedInput)) answer.updatedInput = d.updatedInput;
    } else if (d !== undefined) {
      notes.push(warning('hook.field-ignored', `hookSpecificOutput.decision must be {"behavior": "allow" | "deny"}, not ${preview(d, 40)}: ignored`));
    }
  } else {
    for (const key of ['permissionDecision', 'updatedInput'] as const) {
      if (hso[key] !== undefined) notes.push(info('hook.field-ignored', `${key} means something on PreToolUse only; on ${event} it is ignored`));
    }
  }
}
