import type { Diagnostic, Effect } from '../../outcome.js';
import type { ProcessResult } from '../../runner/types.js';
import { isObject, preview, type Json, type JsonObject } from '../../util/json.js';
import type { Chain, Job, PlannedEntry } from '../dialect.js';
import { diag, formatSeconds, ordinal } from '../shared/results.js';
import type { StrixEntry } from './config.js';
import { changedKeys, deepEqual, describeChanges } from './diff.js';
import { validBlock } from './block.js';
import { pyJsonDumps, pySlice, pyStr, pyStrip } from './python.js';

/** How many characters of stderr open-strix keeps in its hook_stderr log entry. */
export const STDERR_LOG_CHARS = 2000;
/** How much of a bad stdout open-strix keeps in its hook_invalid_output log entry. */
const OUTPUT_LOG_CHARS = 500;

export interface ChainStep {
  hook: number;
  before: JsonObject;
  after: JsonObject;
  effect: Effect;
  /** Top-level keys this hook's answer changed. */
  changed: string[];
}

/** The chain plus the record of each step, so the effects can say which hook set what. */
export interface StrixChain extends Chain {
  steps: ChainStep[];
}

export function isStrixChain(chain: Chain | undefined): chain is StrixChain {
  return chain !== undefined && Array.isArray((chain as Partial<StrixChain>).steps);
}

/** `str(event.get("type", ""))`: HOOK_EVENT follows the event as it is now, not the event dispatched. */
export function hookEventOf(event: JsonObject): string {
  return 'type' in event ? pyStr(event.type!) : '';
}

/** What one hook receives: the current event, with `conversation` only for hooks that opted in. */
export function payloadFor(entry: StrixEntry, current: JsonObject, conversation: () => JsonObject): JsonObject {
  const { conversation: _dropped, ...payload } = current;
  return entry.includeConversation ? { ...payload, conversation: conversation() } : payload;
}

function withoutConversation(event: JsonObject): JsonObject {
  const { conversation: _dropped, ...rest } = event;
  return rest;
}

export interface StepResult {
  next: JsonObject;
  effect: Effect;
  diagnostics: Diagnostic[];
}

/**
 * One hook's answer read as open-strix's `_run_hook` reads it, in its order: exec error and timeout first
 * (stderr unread), then stderr is logged, then a non-zero exit discards stdout, then stdout is parsed.
 * Every failure hands the event on unchanged.
 */
export function readStep(entry: StrixEntry, index: number, eventName: string, current: JsonObject, payload: JsonObject, result: ProcessResult): StepResult {
  const who = `${ordinal(index)} "${entry.name}"`;
  const at = { hook: index };
  const diagnostics: Diagnostic[] = [];
  const passThrough = (effect: Effect): StepResult => ({ next: withoutConversation(current), effect, diagnostics });

  const hookEvent = hookEventOf(payload);
  if (hookEvent !== eventName) {
    diagnostics.push(
      diag('info', 'rule.hook-event-env', `${who} got HOOK_EVENT=${JSON.stringify(hookEvent)}: open-strix reads HOOK_EVENT from the current event's "type", which an earlier hook ${'type' in payload ? 'changed' : 'removed'}; it still runs because it listens to ${eventName}`, at),
    );
  }
  if (hookEvent.includes('\0')) {
    diagnostics.push(
      diag('warning', 'hook.hook_exec_error', `hook_exec_error: open-strix cannot start ${who}: HOOK_EVENT would contain a NUL byte (ValueError: embedded null byte); hookplay ran it with the NUL removed but ignores its answer, and the event passes through unchanged`, at),
    );
    return passThrough('error');
  }
  if (result.spawnError !== undefined) {
    diagnostics.push(diag('warning', 'hook.hook_exec_error', `hook_exec_error: ${who} could not start (${result.spawnError}); the event passes through unchanged`, at));
    return passThrough('error');
  }
  if (result.timedOut) {
    diagnostics.push(
      diag('warning', 'hook.hook_timeout', `hook_timeout: ${who} ran past its ${formatSeconds(entry.timeoutMs)} timeout_seconds; open-strix kills it and the event passes through unchanged (its output is not read)`, at),
    );
    return passThrough('error');
  }

  const stderr = pyStrip(result.stderr);
  if (stderr) {
    const cut = pySlice(stderr, STDERR_LOG_CHARS);
    const note = cut.length < stderr.length ? ` (first ${STDERR_LOG_CHARS.toLocaleString('en-US')} characters, as open-strix logs it)` : '';
    diagnostics.push(diag('info', 'hook.hook_stderr', `hook_stderr from ${who}${note}: ${cut}`, at));
  }

  if (result.exitCode !== 0) {
    // Python reports death by signal as a negative return code.
    const code = result.exitCode ?? (result.signal ? `-${signalNumber(result.signal)} (${result.signal})` : 'unknown');
    const ignored = pyStrip(result.stdout) ? '; its stdout is ignored' : '';
    diagnostics.push(diag('warning', 'hook.hook_nonzero_exit', `hook_nonzero_exit: ${who} exited with return code ${code}${ignored}, and the event passes through unchanged`, at));
    return passThrough('error');
  }

  if (result.leftovers) {
    // open-strix's communicate() waits for EOF on both pipes, not for the shell to exit.
    diagnostics.push(
      diag('info', 'hook.background-process', `${who} exited but left a process running, which hookplay killed. open-strix reads until stdout and stderr close: if that process still holds them, the real host waits for it to finish, and past ${formatSeconds(entry.timeoutMs)} logs hook_timeout and passes the event through (start background work with its output redirected: cmd >/dev/null 2>&1 &)`, at),
    );
  }
  if (result.dropped.stdout > 0) {
    diagnostics.push(
      diag('warning', 'hook.stdout-cut', `${who} printed more than hookplay keeps (${result.dropped.stdout} bytes of stdout cut); open-strix reads all of it, so its answer may read differently there`, at),
    );
  }
  const stdout = pyStrip(result.stdout);
  if (!stdout) {
    diagnostics.push(diag('info', 'rule.chain-noop', `${who} printed nothing: a no-op, the event passes through unchanged`, at));
    return passThrough('none');
  }
  let parsed: Json;
  try {
    parsed = JSON.parse(stdout) as Json;
  } catch (e) {
    diagnostics.push(
      diag('warning', 'hook.hook_invalid_output', `hook_invalid_output: ${who} printed something that is not JSON (${(e as Error).message}): ${preview(pySlice(stdout, OUTPUT_LOG_CHARS))}; the event passes through unchanged`, at),
    );
    return passThrough('error');
  }
  if (!isObject(parsed)) {
    const kind = Array.isArray(parsed) ? 'a list' : parsed === null ? 'null' : `a ${typeof parsed}`;
    diagnostics.push(diag('warning', 'hook.hook_invalid_output', `hook_invalid_output: ${who} printed ${kind}, but hook stdout must be a JSON object; the event passes through unchanged`, at));
    return passThrough('error');
  }

  const next = withoutConversation(parsed);
  if ('conversation' in parsed) {
    diagnostics.push(diag('info', 'rule.conversation-removed', `open-strix removes "conversation" from ${who}'s answer before the next hook`, at));
  }
  if (deepEqual(next, withoutConversation(current))) {
    diagnostics.push(diag('info', 'rule.chain-unchanged', `${who} printed the event back unchanged: the next step sees the same event`, at));
    return { next, effect: 'none', diagnostics };
  }
  const addsBlock = eventName === 'pre_tool_call' && validBlock(next._block) && !deepEqual(next._block, current._block);
  const dropsType = 'type' in current && !('type' in next) ? '; the next hooks get an empty HOOK_EVENT' : '';
  diagnostics.push(
    diag('info', 'rule.chain-replace', `${who}'s JSON object replaces the event entirely: ${describeChanges(withoutConversation(current), next)}${dropsType}`, at),
  );
  return { next, effect: addsBlock ? 'block' : 'replace', diagnostics };
}

const SIGNALS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGABRT: 6, SIGKILL: 9, SIGSEGV: 11, SIGPIPE: 13, SIGALRM: 14, SIGTERM: 15 };
function signalNumber(signal: string): number | string {
  return SIGNALS[signal] ?? signal;
}

export interface ChainOptions {
  start: JsonObject;
  hooks: PlannedEntry<StrixEntry>[];
  eventName: string;
  conversation: () => JsonObject;
}

/** The sequential chain `runScenario` drives: each hook gets the current event, its object answer replaces it. */
export function createChain({ start, hooks, eventName, conversation }: ChainOptions): StrixChain {
  const steps: ChainStep[] = [];
  const entryOf = (job: Job) => hooks[job.hook]!.entry;
  return {
    start,
    steps,
    before(job, current) {
      const entry = entryOf(job);
      const payload = payloadFor(entry, current, conversation);
      return {
        stdin: `${pyJsonDumps(payload)}\n`,
        env: {
          ...job.env,
          // These three come last, so a hook's own env cannot override them.
          STATE_DIR: job.cwd,
          HOOK_NAME: entry.name,
          HOOK_EVENT: hookEventOf(payload).replaceAll('\0', ''),
        },
      };
    },
    after(job, current, result) {
      const entry = entryOf(job);
      const payload = payloadFor(entry, current, conversation);
      const step = readStep(entry, job.hook, eventName, current, payload, result);
      steps.push({ hook: job.hook, before: current, after: step.next, effect: step.effect, changed: changedKeys(current, step.next) });
      return step;
    },
  };
}
