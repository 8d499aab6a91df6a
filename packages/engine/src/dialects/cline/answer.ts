import type { ProcessResult } from '../../runner/types.js';
import { isObject } from '../../util/json.js';

/** What the CLI keeps of one hook's context (longer text is cut, with a note appended). */
export const CONTEXT_LIMIT = 50_000;

/** One hook's answer as the CLI reads it (its `cancel`, context, cancel reason, input override). */
export interface Answer {
  cancel?: boolean;
  context?: string;
  cancelReason?: string;
  /** Present (even as null) when the hook set `overrideInput`. */
  overrideInput?: unknown;
  hasOverride: boolean;
}

/** Why a hook that ran gave no answer the CLI reads. */
export type NoAnswer = 'timed-out' | 'failed-to-start' | 'invalid-json' | 'empty';

const truncate = (text: string) => (text.length <= CONTEXT_LIMIT ? text : `${text.slice(0, CONTEXT_LIMIT)}\n[hook context truncated: exceeded ${CONTEXT_LIMIT} characters]`);

/**
 * The JSON the CLI parses from a hook's stdout: the last line starting with `HOOK_CONTROL<TAB>` (what follows the
 * tab), else the whole trimmed stdout (recorded: pre-hook-control-last-line, pre-plain-text-ignored).
 */
export function controlText(stdout: string): string {
  const trimmed = stdout.trim();
  const control = trimmed
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('HOOK_CONTROL\t'))
    .map((l) => l.slice('HOOK_CONTROL\t'.length));
  return control.length ? control[control.length - 1]! : trimmed;
}

/**
 * One hook's answer. The exit code is never read (recorded: pre-exit-2-ignored, pre-exit-1-json-counts); a timeout,
 * a hook that cannot start and stdout that is not JSON count as no answer. Of the JSON: `context` (else
 * `contextModification`) is context; an `errorMessage` is the cancel reason with `cancel: true`, else context too
 * (recorded: pre-errorMessage-becomes-context); `cancel` counts only as a boolean; `review` is read and ignored.
 */
export function readAnswer(result: ProcessResult): Answer | NoAnswer {
  if (result.timedOut) return 'timed-out';
  if (result.spawnError !== undefined || (result.exitCode === 127 && result.stdout === '')) return 'failed-to-start';
  const text = controlText(result.stdout);
  if (text === '') return 'empty';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'invalid-json';
  }
  // Arrays pass the CLI's object test and carry no field (recorded: pre-json-array-ignored).
  if (typeof parsed !== 'object' || parsed === null) return { hasOverride: false };
  const o = parsed as Record<string, unknown>;
  const context = typeof o.context === 'string' ? o.context : typeof o.contextModification === 'string' ? o.contextModification : undefined;
  const errorMessage = typeof o.errorMessage === 'string' && o.errorMessage.trim().length > 0 ? o.errorMessage : undefined;
  const cancel = typeof o.cancel === 'boolean' ? o.cancel : undefined;
  const text2 = context ?? errorMessage;
  const answer: Answer = { hasOverride: !Array.isArray(parsed) && isObject(parsed) && Object.hasOwn(o, 'overrideInput') };
  if (cancel !== undefined) answer.cancel = cancel;
  if (cancel === true) {
    const reason = errorMessage ?? context;
    if (reason !== undefined) answer.cancelReason = reason;
  } else if (text2 !== undefined) answer.context = truncate(text2);
  if (answer.hasOverride) answer.overrideInput = o.overrideInput;
  return answer;
}
