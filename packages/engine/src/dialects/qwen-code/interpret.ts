import type { Diagnostic } from '../../outcome.js';
import type { ProcessResult } from '../../runner/types.js';
import { isObject, preview, type JsonObject } from '../../util/json.js';
import { describeExit } from '../shared/results.js';

/** Events whose plain stdout on exit 0 becomes additionalContext (hookRunner PLAIN_TEXT_CONTEXT_EVENTS). */
export const PLAIN_TEXT_CONTEXT_EVENTS = new Set(['SessionStart', 'UserPromptSubmit', 'UserPromptExpansion']);

export interface Note {
  level: Diagnostic['level'];
  code: string;
  message: string;
  cases?: string[];
}

/**
 * One hook's result as Qwen Code's hookRunner records it: an outcome, and the output object it hands to the
 * aggregator (none when the hook said nothing usable). Every later rule works on `output` only.
 */
export interface QwenCodeAnswer {
  outcome: 'success' | 'blocking' | 'non_blocking_error' | 'timeout';
  /** exit 0: only such a hook's output feeds the next hook of a sequential event. */
  success: boolean;
  output?: JsonObject;
  /** Where `output` came from, in words. */
  from?: string;
  failed?: string;
  notes: Note[];
}

const info = (code: string, message: string, cases?: string[]): Note => ({ level: 'info', code, message, ...(cases ? { cases } : {}) });

/** Per line: ANSI escapes and control characters go, so colored output reaches the model as text. */
export function stripAnsiAndControl(line: string): string {
  // eslint-disable-next-line no-control-regex
  return line.replace(/\x1b\[[0-?]*[ -/]*[@-~]/g, '').replace(/\x1b\][^\x07]*(\x07|\x1b\\)/g, '').replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');
}

/** JSON.parse, and once more when the value is a string (a hook that printed JSON-encoded JSON). */
function parseTwice(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    let value: unknown = JSON.parse(text);
    if (typeof value === 'string') value = JSON.parse(value);
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}

/**
 * Qwen Code 0.24.4's hookRunner close handler, checked against the real CLI:
 * - a timed-out hook is no answer, whatever it printed;
 * - exit 2 reads stderr only (trimmed): a JSON object there is the answer, other text is
 *   `{decision: "deny", reason: text}`, nothing is no answer; stdout is ignored;
 * - any other exit reads stdout (trimmed), or stderr when stdout is empty; a JSON object (also one encoded as a
 *   JSON string) is the answer whatever the exit code; text starting with `{` that does not parse is ignored;
 * - other text on exit 0: additionalContext for SessionStart and UserPromptSubmit when it came from stdout,
 *   else `{decision: "allow", systemMessage: text}`; on another exit `{decision: "allow", systemMessage:
 *   "Warning: " + text}`.
 */
export function interpretQwenCode(event: string, result: ProcessResult, timeoutMs: number): QwenCodeAnswer {
  const notes: Note[] = [];
  if (result.spawnError !== undefined) return { outcome: 'non_blocking_error', success: false, failed: describeExit(result), notes };
  if (result.timedOut) {
    if (result.stdout.trim() || result.stderr.trim()) notes.push(info('hook.timeout-output-lost', 'it printed something before the deadline, but a timed-out hook is no answer: Qwen Code drops its output', ['timeout-seconds']));
    return { outcome: 'timeout', success: false, failed: `timed out after ${timeoutMs / 1000}s (Qwen Code: "Hook timed out after ${timeoutMs / 1000}s")`, notes };
  }
  const code = result.exitCode;
  const blocking = code === 2;
  const stdoutText = result.stdout.trim();
  const text = blocking ? result.stderr.trim() : stdoutText || result.stderr.trim();
  const fromStdout = !blocking && stdoutText !== '';
  const outcome: QwenCodeAnswer['outcome'] = code === 0 ? 'success' : blocking ? 'blocking' : 'non_blocking_error';
  const answer: QwenCodeAnswer = { outcome, success: code === 0, notes };
  if (result.signal !== null) answer.failed = describeExit(result);

  if (blocking && stdoutText) {
    const json = parseTwice(stdoutText);
    if (json.ok && isObject(json.value)) {
      notes.push({
        level: 'warning',
        code: 'divergence.exit2-json-on-stdout',
        message:
          'exit 2 with a JSON answer on stdout, as hooks.md’s own security and todo examples do: the real CLI reads stderr only on exit 2, so this JSON is never read (print it and exit 0, or put the reason on stderr)',
        cases: ['pre-exit2-stdout-ignored'],
      });
    } else notes.push(info('hook.exit2-stdout-ignored', 'exit 2: Qwen Code reads stderr only, so what the hook printed on stdout is ignored', ['pre-exit2-stdout-ignored']));
  }
  if (!text) {
    if (blocking) notes.push(info('hook.exit2-no-stderr', 'exit 2 with nothing on stderr: no answer at all, so it blocks nothing', ['pre-exit2-empty-stderr']));
    else if (code !== 0) notes.push(info('hook.non-blocking-error', `exit ${code} with no output: a non-blocking error, nothing decided`));
    return answer;
  }
  if (!blocking && !fromStdout) notes.push(info('hook.stderr-read', 'stdout is empty, so Qwen Code reads stderr instead, as if it were stdout', ['pre-exit0-stderr-json', 'pre-exit3-stderr-only']));

  const parsed = parseTwice(text);
  if (parsed.ok && isObject(parsed.value)) {
    answer.output = parsed.value;
    answer.from = blocking ? 'stderr (exit 2)' : fromStdout ? 'stdout' : 'stderr';
    if (typeof JSON.parse(text) === 'string') notes.push(info('hook.json-string', 'the output is a JSON string holding JSON: Qwen Code parses it twice and uses the object', ['pre-exit0-string-json']));
    if (code !== 0 && !blocking) {
      notes.push({
        level: 'warning',
        code: 'divergence.error-exit-json-read',
        message: `exit ${code}: hooks.md calls other exit codes a non-blocking error, but the real CLI still uses the JSON object as the hook's answer (a deny still denies)`,
        cases: ['pre-exit1-json-deny', 'sweep-PreToolUse-exit1-json-block'],
      });
    }
    return answer;
  }
  if (!parsed.ok && !blocking && text.startsWith('{')) {
    notes.push(info('hook.invalid-json', 'the output starts like a JSON object but is not valid JSON: Qwen Code ignores it (a non-blocking error)', ['pre-exit0-invalid-json']));
    return { outcome: 'non_blocking_error', success: false, notes };
  }
  answer.from = blocking ? 'stderr (exit 2)' : fromStdout ? 'stdout' : 'stderr';
  if (blocking) {
    answer.output = { decision: 'deny', reason: text };
    notes.push(info('hook.exit2-deny', `exit 2: stderr ${JSON.stringify(preview(text, 60))} becomes a deny with that reason`, ['pre-exit2-stderr']));
  } else if (code === 0) {
    if (fromStdout && PLAIN_TEXT_CONTEXT_EVENTS.has(event)) {
      const context = text
        .split('\n')
        .map((l) => stripAnsiAndControl(l))
        .join('\n');
      answer.output = { decision: 'allow', reason: 'Hook executed successfully', hookSpecificOutput: { hookEventName: event, additionalContext: context } };
    } else {
      answer.output = { decision: 'allow', reason: 'Hook executed successfully', systemMessage: text };
      notes.push(info('hook.plain-text', `plain text on exit 0: Qwen Code reads it as {"decision": "allow", "systemMessage": ...}${parsed.ok ? ' (JSON that is not an object counts as text)' : ''}`, ['pre-exit0-plain']));
    }
  } else {
    answer.output = { decision: 'allow', reason: `Non-blocking error: ${text}`, systemMessage: `Warning: ${text}` };
    notes.push(info('hook.non-blocking-error', `exit ${code} with plain text: a non-blocking error; Qwen Code reads it as {"decision": "allow", "systemMessage": "Warning: ..."}`, ['pre-exit1-plain']));
  }
  return answer;
}
