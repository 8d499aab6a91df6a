import type { Diagnostic, Effect } from '../../outcome.js';
import type { ProcessResult } from '../../runner/types.js';
import { parseHookOutput } from '../claude-code/output-schema.js';
import { diag, ordinal } from '../shared/results.js';
import { readReply, type CallbackReply } from './callback-host.js';
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
  /** PreToolUse: the call is denied whatever the other hooks said, and the model reads this. */
  denies?: string;
  /** The block is the SDK host's (a failure with onFailure "block", a missed timeout): no "Original prompt" in its notice. */
  hostBlock?: boolean;
  diagnostics: Diagnostic[];
}

/** A PreToolUse callback whose answer names another event fails closed (recorded: cb-pre-wrong-event). */
export const PRE_TOOL_ERROR = 'PreToolUse hook failed with an unexpected error. The tool call was not executed; other configured hooks may not have completed.';
/** Events whose callback timeout blocks what they guard (recorded: cb-UserPromptSubmit-timeout, cb-PostToolBatch-timeout). */
const TIMEOUT_BLOCKS = new Set(['UserPromptSubmit', 'PostToolBatch']);
/** What the user is told when a Stop callback misses its timeout (recorded: cb-Stop-timeout). */
export const STOP_TIMEOUT_NOTICE = "Stop says: The app driving this session didn't respond, so this turn ended without it.";

/**
 * One callback's answer, read as the bundled CLI reads the SDK's reply. A returned object is the same JSON a command
 * hook prints (same schema, same fields, same wording). A throw, a crash, nothing returned, or an answer the schema
 * refuses is a failed callback, named `hook_<n>` in a notice and treated as an empty answer, or, with onFailure
 * "block" (not on Stop), as a blocking error "[callback]: failed; blocking because onFailure is "block"". A missed
 * timeout aborts the callback's signal and is no answer, except where it fails closed: PreToolUse denies the call,
 * UserPromptSubmit and PostToolBatch block; on Stop the user is told.
 */
export function readCallback(index: number, entry: CallbackEntry, event: string, result: ProcessResult): ReadCallback {
  const reply: CallbackReply = readReply(result);
  const end: CallbackEnd = `callback:${reply.kind}`;
  const diagnostics: Diagnostic[] = [];
  const at = { hook: index };
  const who = `${ordinal(index)} (callback ${entry.ref.name})`;
  // The answer reaches the CLI when the function returns, not when the child that ran it had started up.
  const took = 'ms' in reply && reply.ms !== undefined ? { durationMs: reply.ms } : {};
  const as = (over: Partial<ProcessResult>): ProcessResult => ({ ...result, stdout: '', stderr: '', exitCode: 0, signal: null, timedOut: false, ...took, ...over });
  const json = (value: unknown) => as({ stdout: JSON.stringify(value) });
  if (reply.kind === 'timeout') {
    const ms = entry.timeoutMs;
    if (event === 'PreToolUse') {
      diagnostics.push(diag('info', 'sdk.callback-timeout-denies', `${who} did not answer within ${ms / 1000} s: its signal is aborted and the CLI denies the call ("${PRE_TOOL_TIMEOUT.slice(0, 60)}…"); a command hook that times out lets it run`, at));
      return { result: json({}), end, denies: PRE_TOOL_TIMEOUT, diagnostics };
    }
    if (TIMEOUT_BLOCKS.has(event)) {
      const reason = `${event} hook callback timed out after ${ms}ms`;
      diagnostics.push(diag('info', 'sdk.callback-timeout-blocks', `${who} did not answer within ${ms / 1000} s: the CLI blocks ${event === 'UserPromptSubmit' ? 'the prompt' : 'after the batch, which ends the session'} ("${reason}")`, at));
      return { result: json({ decision: 'block', reason }), end, hostBlock: true, diagnostics };
    }
    diagnostics.push(diag('info', 'sdk.callback-timeout', `${who} did not answer within ${ms / 1000} s: its signal is aborted and ${event} goes on without its answer${event === 'Stop' ? ', and the user is told the app did not respond' : ''}`, at));
    return { result: { ...result, timedOut: true }, end, ...(event === 'Stop' ? { notice: STOP_TIMEOUT_NOTICE } : {}), diagnostics };
  }
  let failure: string | null = null;
  let answer: unknown = null;
  if (reply.kind === 'returned') {
    const value = reply.value;
    const parsed = value !== null && typeof value === 'object' && !Array.isArray(value) ? parseHookOutput(JSON.stringify(value)) : null;
    if (value === null) failure = 'it returned nothing (the SDK needs an object, {} for no answer)';
    else if (!parsed || (parsed.kind === 'plain' && parsed.invalid !== undefined)) failure = `it returned ${parsed?.kind === 'plain' ? parsed.invalid : `${Array.isArray(value) ? 'an array' : typeof value}, not an object`}`;
    else answer = value;
  } else failure = reply.kind === 'threw' ? `it threw ${JSON.stringify(reply.message)}` : reply.why;
  const named = (answer as { hookSpecificOutput?: { hookEventName?: unknown } } | null)?.hookSpecificOutput?.hookEventName;
  const otherEvent = answer !== null && typeof named === 'string' && named !== event;
  if (otherEvent && entry.onFailure === 'block' && !ON_FAILURE_IGNORED.has(event)) failure = `its hookSpecificOutput names ${named}, not ${event}`;
  else if (otherEvent && event === 'PreToolUse') {
    diagnostics.push(diag('warning', 'sdk.callback-error-denies', `${who} answers with hookSpecificOutput for ${named}, not PreToolUse: the CLI denies the call ("${PRE_TOOL_ERROR.slice(0, 50)}…")`, at));
    // The CLI fails the call before it reads the answer: no "no usable answer" notice (recorded: cb-pre-wrong-event).
    return { result: json({}), end, denies: PRE_TOOL_ERROR, diagnostics };
  }
  if (failure === null) return { result: json(answer), end, diagnostics };

  const blocks = entry.onFailure === 'block' && !ON_FAILURE_IGNORED.has(event);
  const words = callbackFailed(entry.callbackId);
  const notice = `${event}: ${words} ${blocks ? 'onFailure is "block", so this failure counts as a block.' : 'Its answer was treated as empty.'}`;
  diagnostics.push(
    diag(
      'warning',
      blocks ? 'sdk.callback-failed-blocks' : 'sdk.callback-failed',
      `${who}, ${entry.callbackId}, failed: ${failure}. ${blocks ? `onFailure is "block": the CLI counts it as a blocking error, "[callback]: failed; blocking because onFailure is "block""` : `${entry.onFailure === 'block' ? `onFailure "block" is ignored on ${event}: ` : ''}the CLI treats its answer as empty and carries on`}; the user sees ${JSON.stringify(notice)}`,
      at,
    ),
  );
  if (!blocks) return { result: json({}), end, notice, diagnostics };
  const text = `failed; blocking because onFailure is "block"\n${words}`;
  // PermissionRequest reads no exit 2: the CLI denies the permission with the blocking text as its message (recorded).
  if (event === 'PermissionRequest') return { result: json({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: `[callback]: ${text}` } } }), end, notice, hostBlock: true, diagnostics };
  return { result: as({ exitCode: 2, stderr: text }), end, notice, hostBlock: true, diagnostics };
}
