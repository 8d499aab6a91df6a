import type { Diagnostic, Effect } from '../../outcome.js';
import type { ProcessResult } from '../../runner/types.js';
import { parseHookOutput } from '../claude-code/output-schema.js';
import { diag, ordinal } from '../shared/results.js';
import { ownOutput, readReply, type CallbackReply } from './callback-host.js';
import type { CallbackEntry } from './callbacks.js';

/** The CLI's words for a callback that threw or answered what its schema refuses (recorded: callback-throws-*). */
export const callbackFailed = (id: string) => `Hook callback ${id} failed: the SDK host replied with an error or an invalid answer.`;
/** Events where onFailure "block" is ignored: the failure is treated as an empty answer there. */
const ON_FAILURE_IGNORED = new Set(['Stop', 'SubagentStop', 'TaskCompleted', 'TeammateIdle']);
/** A PreToolUse callback that misses its timeout fails closed: the tool result the model reads (recorded). */
export const PRE_TOOL_TIMEOUT =
  'PreToolUse hook did not respond before its timeout (host client may be unreachable). The tool call was not executed; other configured hooks may not have completed.';

/** How a callback's process ended, as the SDK side of the harness reports it (`hookEnds`). */
export type CallbackEnd = 'callback:returned' | 'callback:threw' | 'callback:timeout' | 'callback:crashed';

export interface ReadCallback {
  /** The answer as a command hook's process would have given it, for the shared claude-code reading. */
  result: ProcessResult;
  end: CallbackEnd;
  notice?: string;
  /** PreToolUse: the call is denied because the callback did not answer in time. */
  timeoutDenies?: boolean;
  diagnostics: Diagnostic[];
}

/**
 * One callback's answer, read as the bundled CLI reads the SDK's reply: a returned object is the same JSON a command
 * hook prints (same schema, same fields, same wording); a throw, a crash or an answer the schema refuses is a
 * failed callback, named `hook_<n>` in a notice, and treated as an empty answer or, with onFailure "block", as a
 * blocking error "[callback]: failed; blocking because onFailure is "block"" (not on Stop); a missed timeout is no
 * answer, except on PreToolUse, where the call is denied.
 */
export function readCallback(index: number, entry: CallbackEntry, event: string, result: ProcessResult): ReadCallback {
  const reply: CallbackReply = readReply(result);
  const end: CallbackEnd = `callback:${reply.kind}`;
  const diagnostics: Diagnostic[] = [];
  const at = { hook: index };
  // The answer reaches the CLI when the function returns, not when the child that ran it had started up.
  const took = 'ms' in reply && reply.ms !== undefined ? { durationMs: reply.ms } : {};
  const as = (over: Partial<ProcessResult>): ProcessResult => ({ ...result, stdout: '', stderr: '', exitCode: 0, signal: null, timedOut: false, ...took, ...over });
  if (reply.kind === 'timeout') {
    if (event === 'PreToolUse') {
      diagnostics.push(diag('info', 'sdk.callback-timeout-denies', `${ordinal(index)} (callback ${entry.ref.name}) did not answer within ${entry.timeoutMs / 1000} s: its signal is aborted and the CLI denies the call ("${PRE_TOOL_TIMEOUT.slice(0, 60)}…"); a command hook that times out lets it run`, at));
      return { result: as({ stdout: '{}' }), end, timeoutDenies: true, diagnostics };
    }
    diagnostics.push(diag('info', 'sdk.callback-timeout', `${ordinal(index)} (callback ${entry.ref.name}) did not answer within ${entry.timeoutMs / 1000} s: its signal is aborted and ${event} goes on without its answer`, at));
    return { result: { ...result, timedOut: true }, end, diagnostics };
  }
  let failure: string | null = null;
  let json = '{}';
  if (reply.kind === 'returned') {
    const value = reply.value === null ? {} : reply.value;
    const parsed = typeof value === 'object' && !Array.isArray(value) ? parseHookOutput(JSON.stringify(value)) : null;
    if (!parsed || (parsed.kind === 'plain' && parsed.invalid !== undefined)) failure = `it returned ${parsed?.kind === 'plain' ? parsed.invalid : `${Array.isArray(value) ? 'an array' : typeof value}, not an object`}`;
    else json = JSON.stringify(value);
  } else failure = reply.kind === 'threw' ? `it threw ${JSON.stringify(reply.message)}` : reply.why;
  if (failure === null) return { result: as({ stdout: json }), end, diagnostics };

  const blocks = entry.onFailure === 'block' && !ON_FAILURE_IGNORED.has(event);
  const words = callbackFailed(entry.callbackId);
  const notice = `${event}: ${words} ${blocks ? 'onFailure is "block", so this failure counts as a block.' : 'Its answer was treated as empty.'}`;
  diagnostics.push(
    diag(
      'warning',
      blocks ? 'sdk.callback-failed-blocks' : 'sdk.callback-failed',
      `${ordinal(index)} (callback ${entry.ref.name}, ${entry.callbackId}) failed: ${failure}. ${blocks ? `onFailure is "block": the CLI counts it as a blocking error, "[callback]: failed; blocking because onFailure is \\"block\\""` : `${entry.onFailure === 'block' ? `onFailure "block" is ignored on ${event}: ` : ''}the CLI treats its answer as empty and carries on`}; the user sees ${JSON.stringify(notice)}`,
      at,
    ),
  );
  const result2 = blocks ? as({ exitCode: 2, stderr: `failed; blocking because onFailure is "block"\n${words}` }) : as({ stdout: '{}' });
  void ownOutput;
  return { result: result2, end, notice, diagnostics };
}

export const effectOfTimeoutDeny: Effect = 'block';
