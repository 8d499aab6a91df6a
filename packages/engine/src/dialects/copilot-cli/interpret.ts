import type { ProcessResult } from '../../runner/types.js';
import { isObject, preview, readJsonAnswer, type JsonObject } from '../../util/json.js';
import { describeExit } from '../shared/results.js';

/** What one hook's process said, before the event's rules give it a meaning. */
export type Reading =
  /** Timed out, killed, or could not start: no answer at all. */
  | { kind: 'failed'; why: string; timedOut: boolean }
  /** Exit 2: a deny on preToolUse and permissionRequest; elsewhere its stderr is a warning and stdout still counts. */
  | { kind: 'exit2'; stderr: string; json: JsonObject | null }
  /** Any other non-zero exit: "the hook errored". */
  | { kind: 'error'; code: number; stderr: string }
  /** Exit 0: the JSON object on stdout, or nothing usable. */
  | { kind: 'ok'; json: JsonObject | null; note?: string };

/**
 * Copilot CLI 1.0.102, checked with the oracle: stdout is read as one JSON object (plain text or invalid JSON is
 * ignored) on exit 0, and on exit 2 where exit 2 does not deny (agentStop: a block on stdout with exit 2 still
 * continues); other non-zero exits never read stdout; a timed-out hook gives no answer (the CLI sends SIGTERM).
 */
export function readHook(result: ProcessResult, timeoutMs: number): Reading {
  if (result.spawnError !== undefined) return { kind: 'failed', why: describeExit(result), timedOut: false };
  if (result.timedOut) return { kind: 'failed', why: describeExit(result, timeoutMs), timedOut: true };
  if (result.signal !== null) return { kind: 'failed', why: describeExit(result), timedOut: false };
  if (result.exitCode === 2) {
    const parsed = readJsonAnswer(result.stdout);
    return { kind: 'exit2', stderr: result.stderr.trim(), json: parsed.kind === 'object' ? parsed.value : null };
  }
  if (result.exitCode !== 0) return { kind: 'error', code: result.exitCode ?? 1, stderr: result.stderr.trim() };
  const parsed = readJsonAnswer(result.stdout);
  if (parsed.kind === 'empty') return { kind: 'ok', json: null };
  if (parsed.kind === 'object') return { kind: 'ok', json: parsed.value };
  if (parsed.kind === 'text') return { kind: 'ok', json: null, note: `stdout is not JSON (${parsed.error}): Copilot CLI ignores it, plain text means nothing to it` };
  return { kind: 'ok', json: null, note: `stdout is JSON but not an object (${preview(parsed.value, 30)}): ignored` };
}

/**
 * The fields a hook answered with. A hook declared under PascalCase PreToolUse may answer in Claude's shape:
 * hookSpecificOutput's fields count too, and updatedInput means modifiedArgs. Other PascalCase events read the
 * top level only (recorded: SessionStart ignores hookSpecificOutput.additionalContext).
 */
export function fieldsOf(json: JsonObject, claudeShape: boolean, event = 'preToolUse'): JsonObject {
  if (!claudeShape || event !== 'preToolUse') return json;
  const hso = isObject(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
  const merged: JsonObject = { ...json, ...hso };
  if (merged.modifiedArgs === undefined && merged.updatedInput !== undefined) merged.modifiedArgs = merged.updatedInput;
  return merged;
}

export function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
