import type { ProcessResult } from '../../runner/types.js';
import { isObject, readJsonAnswer, str, type Json } from '../../util/json.js';
import { describeExit } from '../shared/results.js';
import { MIRRI_FAIL_CLOSED_EVENTS } from './events.js';
import type { MirriEntry } from './config.js';

/** What one Mirri hook said, read the way the host reads it. */
export type MirriAnswer =
  | { kind: 'block'; reason: string; message?: string; via: 'exit 2' | 'permissionDecision deny' | 'failClosed'; notes: string[] }
  | {
      kind: 'ok';
      /** Trimmed stdout, for UserPromptSubmit's raw-text context. */
      text: string;
      message?: string;
      updatedInput?: { value: Json };
      notes: string[];
    }
  | { kind: 'failed'; why: string; notes: string[] };

export function defaultBlockReason(event: string): string {
  return `Blocked by ${event} hook`;
}

export function interpretMirri(entry: MirriEntry, event: string, result: ProcessResult): MirriAnswer {
  const notes: string[] = [];
  const failClosed = entry.failClosed && MIRRI_FAIL_CLOSED_EVENTS.has(event);
  const stderr = result.stderr.trim();

  const failure = result.spawnError !== undefined || result.timedOut || result.signal !== null || (result.exitCode !== 0 && result.exitCode !== 2);
  if (failure) {
    const why = describeExit(result, entry.timeoutMs);
    if (failClosed) {
      return { kind: 'block', via: 'failClosed', reason: stderr || `Hook failed (${why}) and failClosed = true`, notes };
    }
    return { kind: 'failed', why, notes };
  }

  if (result.exitCode === 2) {
    if (result.stdout.trim()) notes.push('stdout is ignored on exit 2');
    return { kind: 'block', via: 'exit 2', reason: stderr || defaultBlockReason(event), notes };
  }

  const answer = readJsonAnswer(result.stdout);
  if (answer.kind !== 'object') {
    const text = answer.kind === 'empty' ? '' : answer.kind === 'text' ? answer.text : result.stdout.trim();
    if (failClosed && answer.kind !== 'empty') {
      // The docs list "invalid JSON" among the failures failClosed turns into a block.
      return { kind: 'block', via: 'failClosed', reason: stderr || 'Hook printed invalid JSON and failClosed = true', notes };
    }
    return { kind: 'ok', text, notes };
  }

  const json = answer.value;
  const hso = isObject(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
  const message = str(hso.message) ?? str(json.message);
  if (json.permissionDecision !== undefined && hso.permissionDecision === undefined) {
    notes.push('a top-level permissionDecision is ignored: Mirri reads it inside hookSpecificOutput');
  }
  const decision = hso.permissionDecision;
  if (decision === 'deny') {
    // An empty reason is no reason: the host's default text, as for exit 2 with empty stderr.
    const reason = str(hso.permissionDecisionReason) || defaultBlockReason(event);
    if ('updatedInput' in hso) notes.push('updatedInput is dropped because the hook denies');
    return { kind: 'block', via: 'permissionDecision deny', reason, ...(message !== undefined ? { message } : {}), notes };
  }
  if (decision !== undefined) notes.push(`permissionDecision ${JSON.stringify(decision)} is a no-op: Mirri only recognizes "deny"`);
  return {
    kind: 'ok',
    text: answer.kind === 'object' ? result.stdout.trim() : '',
    ...(message !== undefined ? { message } : {}),
    ...('updatedInput' in hso ? { updatedInput: { value: hso.updatedInput as Json } } : {}),
    notes,
  };
}
