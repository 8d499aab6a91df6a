import type { SessionTool } from '../../outcome.js';
import { StepCursor } from '../../session/cursor.js';
import { beginStep, diagnostic, fire, modelRequest, recordTool, runTool, type Lifecycle, type LifecycleEnd, type LifecycleRun, type SessionEffect } from '../../session/effects.js';
import { stepKind, stepLabel, type SessionStep } from '../../session/steps.js';
import type { HostSettings } from '../../scenario.js';
import { isObject, type Json, type JsonObject } from '../../util/json.js';
import { loadCline } from './config.js';
import { TIMESTAMP } from './payload.js';
import { hookContextBlock, joinBlocks } from './shown.js';

/**
 * Cline CLI 3.0.65's task, as the oracle recorded `cline --json PROMPT` (oracle/hosts/cline, oracle/sessions/cline.mjs):
 * TaskStart (not waited for) → a model request → for the tool calls of one model message, PreToolUse for every call
 * first, then each call runs and gets PostToolUse → the next request carries the results and one user message of
 * hook context → … → the final answer → TaskComplete (not waited for). A hook's cancel aborts the task on the spot:
 * no more requests, SessionShutdown runs. UserPromptSubmit and PreCompact hooks never run.
 */
export type Message =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string }
  | { role: 'assistant'; tool: string; args: unknown }
  | { role: 'assistant'; calls: { tool: string; args: unknown }[] }
  | { role: 'tool'; content: string };

export interface Observation {
  /** Chat completion requests the CLI made. */
  requests: number;
  /** Every request's messages after the system prompt (paths as $PROJECT / $HOME). */
  conversations: Message[][];
  /** The tool calls that started, with the input they ran with. */
  toolsRun: { tool: string; id: string; input: unknown }[];
  /** Hook processes per event that the CLI started with sh or bash (the ones the harness counts). */
  hookRuns: Record<string, number>;
  /** How the task ended: completed (a final answer), aborted (a hook cancelled); the CLI's other finish reasons as it says them. */
  end: string;
  exitCode: number;
}

/** The id the model's k-th call of the n-th request has on the wire (the harness's mock names calls this way). */
export const callId = (request: number, k: number) => `call_${request}_${k}`;

type Call = { tool: string; input: JsonObject; result?: { output: string } | { error: string } };

export const SHELL_TOOL = 'run_commands';

export const clineLifecycle: Lifecycle = {
  supports: ['calls'],
  check(steps) {
    const problems: { step: number; field?: string; message: string }[] = [];
    let prompts = 0;
    let replied = false;
    steps.forEach((step, i) => {
      const kind = stepKind(step);
      if (kind === 'prompt' && ++prompts > 1) problems.push({ step: i, message: 'cline --json PROMPT runs one task with one prompt: a second prompt cannot be played' });
      if (kind === 'approval') problems.push({ step: i, field: 'approval', message: 'Cline CLI approves every tool by itself (--auto-approve defaults to true): there is no prompt to answer' });
      if (kind === 'interrupt') problems.push({ step: i, field: 'interrupt', message: 'hookplay does not model interrupting a Cline task' });
      if (kind === 'resume') problems.push({ step: i, field: 'resume', message: 'hookplay does not model resuming a Cline task (cline --id): the task ends with its final answer' });
      if ((kind === 'tool' || kind === 'reply' || kind === 'calls') && replied) problems.push({ step: i, message: 'the task ended with the reply before this step: nothing follows a final answer' });
      if (kind === 'reply') replied = true;
      const calls = kind === 'tool' ? [step as Call] : kind === 'calls' ? ((step as { calls: Call[] }).calls) : [];
      calls.forEach((c, k) => {
        if (c.tool !== SHELL_TOOL && !c.result) problems.push({ step: i, field: kind === 'calls' ? `calls[${k}].result` : 'result', message: `hookplay runs only ${SHELL_TOOL} for real: give ${c.tool}'s result` });
      });
    });
    return problems;
  },
  play: (input) => play(input.steps, input.paths, input.files, input.host ?? {}),
};

/** run_commands' result for one command, as the tool reports it (recorded: post-failing-command, tool-shapes). */
function commandRecord(query: string, run: { exitCode: number; stdout: string; stderr: string }): JsonObject {
  const result = `${run.exitCode !== 0 ? `[Command exited with code ${run.exitCode}]\n` : ''}${run.stdout}${run.stderr ? `\n[stderr]\n${run.stderr}` : ''}`;
  return run.exitCode !== 0 ? { query, result, error: `Command exited with code ${run.exitCode}`, success: false } : { query, result, success: true };
}

function* play(steps: SessionStep[], paths: { project: string; home: string }, files: Record<string, string>, host: HostSettings): LifecycleRun {
  const norm = (s: string) => s.split(paths.project).join('$PROJECT').split(paths.home).join('$HOME');
  const obs: Observation = { requests: 0, conversations: [], toolsRun: [], hookRuns: {}, end: 'completed', exitCode: 0 };
  const cursor = new StepCursor(steps);
  const messages: Message[] = [];
  const told: string[] = [];
  const hasHooks = (event: string) => loadCline(files, host).entries.some((e) => e.event === event);

  function* request(): Generator<SessionEffect, void, unknown> {
    obs.requests++;
    obs.conversations.push(messages.map((m) => ({ ...m })));
    yield* modelRequest(told.map(norm));
  }
  /** A hook cancelled: the task is aborted where it stands; SessionShutdown hooks run (not TaskCancel: no reason). */
  function* abort(by: string, step: number): Generator<SessionEffect, LifecycleEnd, unknown> {
    obs.end = 'aborted';
    yield* beginStep(null, 'task aborted');
    yield* fire('SessionShutdown', {});
    return { reason: 'halted', message: `a ${by} hook answered cancel: true: Cline aborted the task (no more model requests)`, step, observation: obs };
  }

  yield* beginStep(null, 'task start');
  yield* fire('TaskStart', { taskStart: { taskMetadata: {} } });
  const first = cursor.next();
  if (!first || first.kind !== 'prompt') return { reason: 'invalid', message: 'a Cline task starts with a prompt', step: first?.index ?? null, observation: obs };
  yield* beginStep(first.index, stepLabel(first.step));
  if (hasHooks('UserPromptSubmit')) {
    yield* fire('UserPromptSubmit', { userPromptSubmit: { prompt: (first.step as { prompt: string }).prompt, attachments: [] } });
  }
  messages.push({ role: 'user', content: norm((first.step as { prompt: string }).prompt) });
  yield* request();

  let finalText = 'Done.';
  for (;;) {
    const step = cursor.peek();
    if (step?.kind === 'tool' || step?.kind === 'calls') {
      cursor.next();
      const calls: Call[] = step.kind === 'tool' ? [step.step as Call] : ((step.step as { calls: Call[] }).calls);
      const ended = yield* playCalls(step.index, step.step, calls);
      if (ended) return ended;
      continue;
    }
    if (step?.kind === 'event') {
      cursor.next();
      yield* beginStep(step.index, stepLabel(step.step));
      yield* fire((step.step as { event: string }).event, ((step.step as { payload?: JsonObject }).payload ?? {}) as JsonObject);
      continue;
    }
    if (step?.kind === 'reply') {
      cursor.next();
      yield* beginStep(step.index, stepLabel(step.step));
      finalText = (step.step as { reply: string }).reply;
    } else yield* beginStep(null, 'the model ends the task');
    break;
  }
  yield* fire('TaskComplete', { iteration: obs.requests, turn: { outputText: finalText, status: 'completed' }, taskComplete: { taskMetadata: {} } });
  return { reason: 'completed', message: 'the model gave its final answer', step: null, observation: obs };

  function* playCalls(index: number, step: SessionStep, calls: Call[]): Generator<SessionEffect, LifecycleEnd | null, unknown> {
    yield* beginStep(index, stepLabel(step));
    const iteration = obs.requests;
    const ids = calls.map((_, k) => callId(iteration, k));
    const pending: string[] = [];
    const inputs: unknown[] = [];
    // Every call's PreToolUse first, in call order; a cancel stops the task before any call runs (recorded: calls-cancel-second).
    for (const [k, call] of calls.entries()) {
      const pre = yield* fire('PreToolUse', { iteration, tool_call: { id: ids[k]!, name: call.tool, input: call.input } });
      if (pre.halt) {
        for (const [j, c] of calls.entries()) if (j >= k) yield* recordTool({ name: c.tool, input: c.input, ran: false, result: null, isError: false, decidedBy: 'hook', source: 'none' });
        return yield* abort('PreToolUse', index);
      }
      if (pre.context.length) pending.push(hookContextBlock('PreToolUse', { name: call.tool, id: ids[k]! }, pre.context[0]!));
      inputs.push(pre.updatedInput ?? call.input);
    }
    const results: string[] = [];
    for (const [k, call] of calls.entries()) {
      const input = inputs[k];
      obs.toolsRun.push({ tool: call.tool, id: ids[k]!, input: normJson(input, norm) });
      const started = Date.parse(TIMESTAMP);
      let output: Json;
      let ms = 0;
      let exitCode: number | undefined;
      if (call.result) output = 'output' in call.result ? call.result.output : { error: call.result.error };
      else {
        const raw = isObject(input) ? input.commands : undefined;
        const commands = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw.map(String) : [];
        const records: JsonObject[] = [];
        for (const command of commands) {
          const ran = yield* runTool(command, { shell: 'bash' });
          ms += ran.ms;
          exitCode = exitCode || ran.exitCode;
          records.push(commandRecord(command, ran));
        }
        output = records;
      }
      const post = yield* fire('PostToolUse', {
        iteration,
        tool_result: { id: ids[k]!, name: call.tool, input: (input ?? null) as Json, output, ...(call.result && 'error' in call.result ? { error: call.result.error } : {}), durationMs: ms, startedAt: new Date(started).toISOString(), endedAt: new Date(started + ms).toISOString() },
      });
      const text = typeof output === 'string' ? output : JSON.stringify(output);
      const tool: SessionTool = { name: call.tool, input: isObject(input) ? input : {}, ran: true, result: text, isError: call.result !== undefined && 'error' in call.result, decidedBy: 'host', source: call.result ? 'given' : 'run', ...(exitCode !== undefined ? { exitCode } : {}) };
      if (post.halt) {
        yield* recordTool({ ...tool, result: null });
        return yield* abort('PostToolUse', index);
      }
      yield* recordTool(tool);
      if (post.context.length) pending.push(hookContextBlock('PostToolUse', { name: call.tool, id: ids[k]! }, post.context[0]!));
      results.push(text);
    }
    // The model's message keeps the arguments it sent, whatever overrideInput ran (recorded: pre-override-input).
    messages.push(calls.length === 1 ? { role: 'assistant', tool: calls[0]!.tool, args: calls[0]!.input } : { role: 'assistant', calls: calls.map((c) => ({ tool: c.tool, args: c.input })) });
    for (const r of results) messages.push({ role: 'tool', content: norm(r) });
    if (pending.length) {
      const text = joinBlocks(pending);
      messages.push({ role: 'user', content: norm(text) });
      told.push(text);
    }
    if (calls.some((c) => c.result)) yield* diagnostic({ level: 'info', code: 'session.given-result', message: 'a given tool result is played as the tool\'s output (the real CLI runs its tools itself)', evidence: { kind: 'docs' } });
    yield* request();
    return null;
  }
}

function normJson(value: unknown, norm: (s: string) => string): unknown {
  return value === undefined ? null : JSON.parse(norm(JSON.stringify(value)));
}
