import type { Diagnostic } from '../../outcome.js';
import type { ProcessResult } from '../../runner/types.js';
import { isObject, preview, type JsonObject } from '../../util/json.js';
import { describeExit } from '../shared/results.js';
import { parseHookOutput, type HookOutput } from './output-schema.js';
import { exit2Text } from './wording.js';

export type Decision = 'deny' | 'ask' | 'allow' | 'defer';
export const DECISION_RANK: Record<Decision, number> = { allow: 1, ask: 2, defer: 2.5, deny: 3 };

export interface Note {
  level: Diagnostic['level'];
  code: string;
  message: string;
}

/** What one hook said, read the way Claude Code 2.1.332 reads it. Settling combines these. */
export interface ClaudeCodeAnswer {
  command: string;
  /** How the CLI reports the process in its hook events: `success`, `error:<exit code>` or `cancelled`. */
  end: string;
  /**
   * The hook's blocking error: what a deny, a blocked prompt or a blocked stop says. From JSON (decision "block", or
   * permissionDecision "deny") when there is one, else from exit 2 (`[command]: stderr`).
   */
  blocking?: { text: string; via: string; reason?: string };
  /** The permission behaviour the JSON asks for (decision "approve"/"block", permissionDecision). */
  permission?: { behavior: Decision; reason: string | undefined; via: string };
  /** PermissionRequest's hookSpecificOutput.decision. */
  permissionRequest?: { behavior: 'allow' | 'deny'; message?: string; interrupt?: boolean };
  updatedInput?: JsonObject;
  additionalContext?: string;
  /** Plain stdout of a successful hook (exit 0, not JSON): context on some events. */
  plain?: string;
  halt?: { stopReason: string | null };
  systemMessage?: string;
  /** A notice Claude Code prints for the user because of this hook (PreToolUse only). */
  notice?: 'timedOut' | 'unusable';
  /** Why the hook had no say at all (timeout, crash, unusable output, could not start). */
  failed?: string;
  notes: Note[];
}

const info = (code: string, message: string): Note => ({ level: 'info', code, message });
const warning = (code: string, message: string): Note => ({ level: 'warning', code, message });

/** Events whose exit 2 is read as a missing script (a non-blocking error) when stdout is empty and stderr says so. */
const MISSING_SCRIPT_EVENTS = new Set(['Stop', 'SubagentStop', 'TaskCompleted', 'TeammateIdle']);

/**
 * One hook's answer, in Claude Code 2.1.332's order (read from the CLI and recorded case by case by the oracle's sweep):
 * 1. a timed-out hook is cancelled: no answer, whatever it printed;
 * 2. stdout is parsed (output-schema.ts) whatever the exit code; output that fails the schema is a non-blocking
 *    error ("no usable answer") unless the exit code is 2, which still blocks with stderr;
 * 3. valid JSON is read field by field (top-level decision, then hookSpecificOutput); its blocking reason beats exit
 *    2's stderr; a hookSpecificOutput naming another event fails the hook, unless decision is "block";
 * 4. without JSON: exit 0 is success with stdout as plain text, exit 2 blocks with `[command]: stderr`, any other
 *    exit is a non-blocking error.
 * For PreToolUse, a hook that ended without a verdict it was made to give (killed, not found, unusable output)
 * makes Claude Code tell the user.
 */
export function interpretClaudeCode(
  event: string,
  command: string,
  result: ProcessResult,
  timeoutMs: number,
  version: { rejectedEnd?: 'exit-code' | 'error:1'; stopContext?: boolean; unparsedJson?: 'rejected' | 'plain'; label?: string } = {},
): ClaudeCodeAnswer {
  const rejectedEnd = version.rejectedEnd ?? 'exit-code';
  const answer: ClaudeCodeAnswer = { command, end: 'success', notes: [] };
  const { notes } = answer;
  const code = result.exitCode ?? 1;
  const pre = event === 'PreToolUse';
  if (command === '') {
    // Nothing to run: Claude Code counts it as a hook that failed to start.
    answer.failed = 'has an empty command: Claude Code fails it without running anything';
    answer.end = 'error:1';
    if (pre) answer.notice = 'unusable';
    return answer;
  }
  if (result.spawnError !== undefined) {
    answer.failed = describeExit(result);
    answer.end = 'error:1';
    if (pre) answer.notice = 'unusable';
    return answer;
  }
  if (result.timedOut) {
    answer.failed = `${describeExit(result, timeoutMs)}${result.signal ? `, ended by ${result.signal}` : ''}`;
    answer.end = 'cancelled';
    if (pre) answer.notice = 'timedOut';
    if (result.stdout.trim()) notes.push(info('hook.timeout-output-lost', 'it printed an answer before the deadline, but a timed-out hook counts as no answer: the output is dropped'));
    return answer;
  }
  answer.end = code === 0 && result.signal === null ? 'success' : `error:${code}`;
  // Killed by a signal, or exit 126/127/over 128: it never gave the verdict it was made to give.
  const ranByContract = result.signal === null && code <= 128 && code !== 126 && code !== 127;

  let parsed = parseHookOutput(result.stdout);
  // 2.1.143's schema has no hookSpecificOutput for Stop (versions/profiles.ts, stopContext).
  if (parsed.kind === 'json' && version.stopContext === false && parsed.value.hookSpecificOutput?.hookEventName === 'Stop') {
    parsed = { kind: 'plain', text: result.stdout, invalid: `hookSpecificOutput is for Stop, which Claude Code ${version.label ?? 'this version'}'s output schema does not have` };
    notes.push(warning('rule.stop-context-rejected', `Claude Code ${version.label ?? 'this version'} has no hookSpecificOutput for Stop: the whole answer is rejected, its additionalContext never reaches the model and the turn ends (recorded)`));
  }
  // 2.1.143 reads JSON that does not parse (two objects) as plain text (versions/profiles.ts, unparsedJson).
  if (parsed.kind === 'plain' && parsed.syntax && version.unparsedJson === 'plain') {
    parsed = { kind: 'plain', text: parsed.text };
    notes.push(info('rule.unparsed-json-plain', `stdout looks like JSON but does not parse: Claude Code ${version.label ?? 'this version'} reads it as plain text, not as a rejected answer (recorded)`));
  }
  // 2.1.143 fails a hook whose JSON breaks the schema as exit 1 whatever its exit code: exit 2 does not block then
  // (sw-ch-Stop-exit2-json-stdout, where Stop's hookSpecificOutput is outside its schema). Today exit 2 still blocks.
  const schemaBeatsExit2 = rejectedEnd === 'error:1' && parsed.kind === 'plain' && parsed.invalid !== undefined && !parsed.syntax;
  if (schemaBeatsExit2 && code === 2) notes.push(warning('rule.schema-beats-exit2', `its output fails the schema: Claude Code ${version.label ?? 'this version'} fails the hook as exit 1, so its exit 2 blocks nothing (recorded)`));
  if (parsed.kind === 'plain' && parsed.invalid !== undefined && (code !== 2 || schemaBeatsExit2)) {
    answer.failed = `gave no usable answer: its ${parsed.invalid}`;
    // 2.1.143 reports a schema failure as exit 1, and JSON that does not parse by the hook's own exit.
    answer.end = rejectedEnd === 'error:1' ? (parsed.syntax ? (code === 0 && result.signal === null ? 'success' : `error:${code}`) : 'error:1') : `error:${code}`;
    notes.push(warning('hook.output-rejected', `its ${parsed.invalid}: Claude Code rejects the whole answer, as if the hook said nothing`));
    if (pre) answer.notice = 'unusable';
    return answer;
  }
  if (parsed.kind === 'plain' && parsed.invalid !== undefined) {
    notes.push(info('hook.output-rejected', `its ${parsed.invalid}; exit 2 still blocks, with stderr`));
  }

  if (parsed.kind === 'json') {
    if (code === 2) notes.push(info('hook.exit2-json-read', 'exit 2, yet stdout is still read as JSON: Claude Code parses it whatever the exit code, and a JSON reason beats stderr'));
    else if (code !== 0) notes.push(info('hook.json-on-error-exit', `exit ${code}, yet stdout is still read as JSON: Claude Code parses it whatever the exit code`));
    const ok = readJson(event, parsed.value, parsed.raw, answer);
    if (!ok) {
      answer.end = 'error:1';
      if (pre) answer.notice = 'unusable';
      return answer;
    }
    if (code === 2 && !answer.blocking) answer.blocking = exit2Blocking(command, result.stderr);
    return answer;
  }
  if (parsed.kind === 'async') {
    notes.push(info('hook.async', 'it answered {"async": true}: Claude Code stops waiting for it and reads nothing more from it'));
    return answer;
  }

  if (code === 0 && result.signal === null) {
    const text = result.stdout.trim();
    if (text !== '') answer.plain = text;
    if (text.startsWith('{')) notes.push(info('hook.invalid-json', 'stdout starts like JSON but is not one JSON object: Claude Code treats it as plain text'));
    return answer;
  }
  if (code === 2 && MISSING_SCRIPT_EVENTS.has(event) && result.stdout.trim() === '' && /no such file|can't open/i.test(result.stderr)) {
    answer.failed = 'exited 2 with "No such file" on stderr: Claude Code takes it for a missing hook script, a non-blocking error, not a block';
    notes.push(info('hook.missing-script', `exit 2 on ${event} with nothing on stdout and "No such file" or "can't open" on stderr reads as a missing script: it does not block`));
    return answer;
  }
  if (code === 2) {
    answer.blocking = exit2Blocking(command, result.stderr);
    if (result.stderr === '') notes.push(info('hook.exit2-no-stderr', 'exit 2 with nothing on stderr: the reason is "No stderr output"'));
    return answer;
  }
  answer.failed = result.signal !== null ? describeExit(result) : `exit ${code} is a non-blocking error`;
  notes.push(info('hook.non-blocking-error', `${result.signal !== null ? `killed by ${result.signal}` : `exit ${code}`}: a non-blocking error, it decides nothing${result.stdout.trim() ? ', and its plain stdout is not read' : ''}`));
  if (pre && !ranByContract) answer.notice = 'unusable';
  return answer;
}

const exit2Blocking = (command: string, stderr: string) => ({ text: exit2Text(command, stderr), via: 'exit 2', reason: stderr.trim() || 'No stderr output' });

/** Reads a validated answer; false when Claude Code fails the hook (hookSpecificOutput names another event). */
function readJson(event: string, json: HookOutput, raw: Record<string, unknown>, answer: ClaudeCodeAnswer): boolean {
  const { notes } = answer;
  let hso = json.hookSpecificOutput;
  if (hso && hso.hookEventName !== event) {
    if (json.decision === 'block' && event !== 'PermissionRequest') {
      notes.push(warning('hook.hso-ignored', `hookSpecificOutput names ${hso.hookEventName}, not ${event}: Claude Code ignores it and keeps the decision "block"`));
      hso = undefined;
    } else {
      answer.failed = `its hookSpecificOutput names ${JSON.stringify(hso.hookEventName)}, not "${event}"`;
      notes.push(warning('hook.output-rejected', `hookSpecificOutput.hookEventName is ${JSON.stringify(hso.hookEventName)}, not "${event}": Claude Code fails the hook, as if it said nothing`));
      return false;
    }
  }
  const known = new Set(['continue', 'stopReason', 'suppressOutput', 'systemMessage', 'decision', 'reason', 'hookSpecificOutput', 'terminalSequence']);
  for (const key of Object.keys(raw)) if (!known.has(key)) notes.push(info('hook.unknown-field', `"${key}" is not a field Claude Code reads: ignored${key === 'additionalContext' ? ' (it belongs in hookSpecificOutput, with a hookEventName)' : ''}`));

  if (json.continue === false) answer.halt = { stopReason: json.stopReason ? json.stopReason : null };
  if (json.systemMessage) answer.systemMessage = json.systemMessage;
  if (json.decision === 'approve') answer.permission = { behavior: 'allow', reason: undefined, via: 'decision "approve"' };
  else if (json.decision === 'block') {
    answer.permission = { behavior: 'deny', reason: undefined, via: 'decision "block"' };
    answer.blocking = { text: json.reason || 'Blocked by hook', via: 'decision "block"' };
  }
  if (answer.permission && json.reason !== undefined) answer.permission.reason = json.reason;

  if (!hso) return true;
  if ('additionalContext' in hso && typeof hso.additionalContext === 'string' && hso.additionalContext !== '') answer.additionalContext = hso.additionalContext;
  switch (hso.hookEventName) {
    case 'PreToolUse': {
      const pd = hso.permissionDecision;
      if (pd) {
        if (answer.permission) notes.push(info('hook.field-ignored', `permissionDecision "${pd}" is used instead of ${answer.permission.via}`));
        answer.permission = { behavior: pd, reason: undefined, via: `permissionDecision "${pd}"` };
        if (pd === 'deny') answer.blocking = { text: hso.permissionDecisionReason || json.reason || 'Blocked by hook', via: 'permissionDecision "deny"' };
      }
      // The hook-specific reason replaces the top-level one, even when it is absent.
      if (answer.permission) answer.permission.reason = hso.permissionDecisionReason;
      if (hso.updatedInput) answer.updatedInput = hso.updatedInput as JsonObject;
      break;
    }
    case 'PermissionRequest': {
      const d = hso.decision;
      answer.permissionRequest = d.behavior === 'allow' ? { behavior: 'allow' } : { behavior: 'deny', ...(d.message !== undefined ? { message: d.message } : {}), ...(d.interrupt !== undefined ? { interrupt: d.interrupt } : {}) };
      answer.permission = { behavior: d.behavior, reason: d.behavior === 'deny' ? d.message : undefined, via: `decision.behavior "${d.behavior}"` };
      if (d.behavior === 'allow' && isObject(d.updatedInput)) answer.updatedInput = d.updatedInput as JsonObject;
      break;
    }
    default:
      break;
  }
  if (event !== 'PreToolUse' && event !== 'PermissionRequest' && answer.permission && answer.permission.behavior !== 'deny') {
    notes.push(info('hook.field-ignored', `${answer.permission.via} means nothing on ${event}: only a block counts`));
  }
  void preview;
  return true;
}
