import type { Evidence } from '../../outcome.js';
import type { ProcessResult } from '../../runner/types.js';
import { isObject, preview, type Json, type JsonObject } from '../../util/json.js';
import { describeExit } from '../shared/results.js';
import { recorded } from './verified.js';

export interface Note {
  level: 'info' | 'warning';
  code: string;
  message: string;
  evidence?: Evidence;
}

/** What one hook said, read the way Gemini CLI 0.61.0's hookRunner reads it. */
export interface GeminiAnswer {
  /** success in Gemini's sense: the process exited with code 0 (a timed-out or killed hook is a failure). */
  success: boolean;
  /** The output object the aggregator merges, or undefined when the hook said nothing usable. */
  output?: JsonObject;
  /** How the output was read: JSON, or plain text turned into a decision. */
  format?: 'json' | 'text';
  /** The text that was parsed, and from which pipe. */
  from?: 'stdout' | 'stderr';
  failed?: string;
  notes: Note[];
}

const info = (code: string, message: string): Note => ({ level: 'info', code, message });
const divergence = (code: string, message: string, ...cases: [string, ...string[]]): Note => ({ level: 'warning', code, message, evidence: recorded(...cases) });

/**
 * hookRunner.executeCommandHook's `close` handler:
 * - timed out: a failure with no output, whatever the hook printed;
 * - the text read is stdout trimmed, or, when stdout is empty, stderr trimmed (for every exit code);
 * - JSON.parse; a JSON string is parsed once more; an object (an array too) is the output as is;
 * - text that does not parse becomes: exit 0 → {decision: "allow", systemMessage: text}; exit 1 → the same with
 *   "Warning: " in front; any other exit → {decision: "deny", reason: text};
 * - a JSON scalar (42, true, null) gives no output;
 * - success is exit code 0; with JSON output the exit code decides nothing else.
 */
export function interpretGemini(result: ProcessResult, timeoutMs: number): GeminiAnswer {
  const answer: GeminiAnswer = { success: false, notes: [] };
  const { notes } = answer;
  if (result.spawnError !== undefined) {
    answer.failed = describeExit(result);
    return answer;
  }
  if (result.timedOut) {
    answer.failed = `timed out after ${timeoutMs} ms${result.signal ? ` (ended by ${result.signal})` : ''}`;
    if (result.stdout.trim()) notes.push(info('hook.timeout-output-lost', 'it printed an answer before the deadline, but a timed-out hook counts as no answer: the output is dropped'));
    return answer;
  }
  // `exitCode || 0`: a hook killed by a signal reads as exit 0 for the text rules, but is not a success.
  const code = result.exitCode ?? 0;
  answer.success = result.exitCode === 0;
  if (result.signal) answer.failed = `killed by ${result.signal}`;
  else if (code !== 0) answer.failed = `exit ${code}`;

  const out = result.stdout.trim();
  const err = result.stderr.trim();
  const text = out || err;
  if (!text) {
    if (code === 2) notes.push(divergence('divergence.exit2-silent', 'exit 2 with no output at all: the docs say exit 2 blocks, but Gemini CLI 0.61.0 has no text to read, so the hook says nothing and nothing is blocked', 'exit2-silent-allows'));
    return answer;
  }
  answer.from = out ? 'stdout' : 'stderr';
  if (!out) notes.push(info('hook.stderr-read', 'stdout is empty, so Gemini CLI reads stderr instead, as if the hook had printed it on stdout'));
  if (code === 2 && out && err) notes.push(divergence('divergence.exit2-reason', `exit 2: the docs say stderr is the reason, but Gemini CLI 0.61.0 reads stdout first, so the reason is ${JSON.stringify(preview(out, 40))}, not stderr`, 'exit2-stdout-text-is-reason'));

  let parsed: Json;
  try {
    parsed = JSON.parse(text) as Json;
    if (typeof parsed === 'string') parsed = JSON.parse(parsed) as Json;
    if (!out) notes.push(divergence('divergence.stderr-json', 'the docs say Gemini CLI never parses stderr as JSON; 0.61.0 does when stdout is empty', 'stderr-json-parsed'));
  } catch {
    answer.format = 'text';
    if (code === 0) answer.output = { decision: 'allow', systemMessage: text };
    else if (code === 1) answer.output = { decision: 'allow', systemMessage: `Warning: ${text}` };
    else {
      answer.output = { decision: 'deny', reason: text };
      if (code !== 2) notes.push(divergence('divergence.exit-code-denies', `the docs call exit codes other than 0 and 2 a non-fatal warning; with plain text, exit ${code} denies like exit 2`, 'exit3-plain-denies'));
    }
    const looked = text.startsWith('{') ? 'starts like JSON but does not parse' : 'is not JSON';
    notes.push(
      info(
        'hook.plain-text',
        code === 0
          ? `${answer.from} ${looked}: exit 0 turns it into decision "allow" with the text as systemMessage (shown to the user)`
          : code === 1
            ? `${answer.from} ${looked}: exit 1 turns it into decision "allow" with systemMessage "Warning: ${preview(text, 40)}"`
            : `${answer.from} ${looked}: exit ${code} turns it into decision "deny" with the text as the reason`,
      ),
    );
    return answer;
  }
  if (parsed !== null && typeof parsed === 'object') {
    answer.format = 'json';
    answer.output = (Array.isArray(parsed) ? { ...parsed } : parsed) as JsonObject;
    if (Array.isArray(parsed)) notes.push(info('hook.array-output', 'the JSON is an array: Gemini CLI takes it as an output object with no known field, so it says nothing'));
    if (code !== 0) notes.push(info('hook.json-on-error-exit', `exit ${code}, yet the JSON is read as usual: Gemini CLI's exit code only marks the hook as failed`));
    if (!isObject(parsed)) return answer;
    return answer;
  }
  notes.push(info('hook.json-scalar', `the output is the JSON value ${preview(parsed, 20)}, not an object: it says nothing`));
  return answer;
}
