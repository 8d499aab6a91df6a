import type { Diagnostic, Outcome, SessionTool } from '../../outcome.js';
import { StepCursor } from '../../session/cursor.js';
import { beginStep, diagnostic, fire, modelRequest, notice, recordTool, runTool, type Lifecycle, type LifecycleEnd, type LifecycleRun, type SessionEffect } from '../../session/effects.js';
import { stepLabel, type SessionStep } from '../../session/steps.js';
import { isObject, type Json, type JsonObject } from '../../util/json.js';
import { loadStrixConfig } from './config.js';
import { LIFECYCLE_EVENTS } from './events.js';

/**
 * open-strix's lifecycle, from its documentation (shared/spec/open-strix-hooks.md, the hook-creator SKILL.md: "the
 * docs") and SEMANTICS.md; no real open-strix was run. pre_startup → post_startup → per incoming message pre_prompt →
 * a model request → per tool call pre_tool_call → the tool (or a `_block`'s synthetic result) → post_tool_call → the
 * next request → … → pre_shutdown → post_shutdown. open-strix has no Stop, permission or interrupt hooks. What hooks
 * put in front of the agent (a changed prompt, a `_block` result, a replaced tool result) stays in its conversation:
 * each request carries all of it so far ("the agent sees the diagnostic next turn").
 */
const SPEC = 'spec/open-strix-hooks.md';
const SEM = 'SEMANTICS.md § open-strix';
const note = (code: string, message: string, source: string, level: Diagnostic['level'] = 'info'): Diagnostic => ({ level, code, message, evidence: { kind: 'docs', source } });

/** The channel and event type every incoming message of a session has (the docs' examples: a Discord message). */
const CHANNEL = '123';
const CURRENT_EVENT = 'discord_message';
/** open-strix's shell tools, as hookplay's gallery names them (`shell` with `cmd`); other tools succeed with no output. */
const SHELL_TOOLS = new Set(['shell', 'bash']);

type ToolStep = Extract<SessionStep, { tool: string }>;

export const openStrixLifecycle: Lifecycle = {
  check(steps) {
    return steps.flatMap((step, i) => {
      if ('approval' in step) {
        return [{ step: i, field: 'approval', message: `open-strix never asks for permission: its hooks (${SPEC}) have no approval, so there is no prompt to answer` }];
      }
      if ('event' in step && LIFECYCLE_EVENTS.has(step.event)) {
        return [{ step: i, field: 'event', message: `${step.event} fires only at open-strix's own startup or shutdown, which the session plays by itself at its start and end` }];
      }
      return [];
    });
  },
  play: (input) => play(input.steps, input.files, input.paths),
};

function* play(steps: SessionStep[], files: Record<string, string>, paths: { project: string; home: string }): LifecycleRun {
  const loaded = loadStrixConfig(files);
  const wantsConversation = loaded.entries.some((e) => e.includeConversation);
  const cursor = new StepCursor(steps);
  /** What hooks put in front of the agent so far, in conversation order. */
  const told: string[] = [];
  /** open-strix's in-memory transcript, for include_conversation hooks (logs/chat-history.jsonl wins when it exists). */
  const messages: JsonObject[] = [];
  const home = paths.project;
  let at = 0;

  const message = (author: string, content: string): JsonObject => ({
    timestamp: `2026-03-01T14:${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at++ % 60).padStart(2, '0')}+00:00`,
    channel_id: CHANNEL,
    author,
    content,
    is_bot: author !== 'user',
  });
  const conversation = (): JsonObject => (wantsConversation ? { conversation: { all_messages: [...messages], current_channel_id: CHANNEL } } : {});

  function* event(name: string, payload: JsonObject): Generator<SessionEffect, Outcome, unknown> {
    return yield* fire(name, payload);
  }
  function* request(): Generator<SessionEffect, void, unknown> {
    yield* modelRequest([...told]);
  }
  function* shutdown(reason: LifecycleEnd['reason'], text: string, step: number | null): Generator<SessionEffect, LifecycleEnd, unknown> {
    yield* beginStep(null, 'shutdown');
    // The docs list pre_shutdown and post_shutdown; SEMANTICS: "Lifecycle events (pre/post_startup, pre/post_shutdown): results are ignored".
    yield* event('pre_shutdown', { home });
    yield* event('post_shutdown', { home });
    return { reason, message: text, step };
  }

  yield* beginStep(null, 'startup');
  yield* event('pre_startup', { home });
  yield* event('post_startup', { home, api_port: 8082, web_ui_port: 8084, scheduler_running: true });

  while (!cursor.done) {
    const next = cursor.next()!;
    switch (next.kind) {
      case 'prompt': {
        const prompt = (next.step as { prompt: string }).prompt;
        yield* beginStep(next.index, stepLabel(next.step));
        // The docs: "For pre_prompt, returning prompt replaces the prompt, and returning append_prompt appends text".
        const pre = yield* event('pre_prompt', { prompt, source_event_type: CURRENT_EVENT, channel_id: CHANNEL, author: 'user', ...conversation() });
        messages.push(message('user', prompt));
        const final = pre.shown?.model ?? prompt;
        if (final !== prompt) told.push(final);
        yield* request();
        break;
      }
      case 'tool':
        yield* playTool(next.index, next.step as ToolStep);
        break;
      case 'reply': {
        const text = (next.step as { reply: string }).reply;
        yield* beginStep(next.index, stepLabel(next.step));
        // No hook event ends an open-strix turn: the reply just joins the conversation.
        messages.push(message('agent', text));
        break;
      }
      case 'interrupt':
        yield* beginStep(next.index, stepLabel(next.step));
        yield* notice('Interrupted by the user');
        yield* diagnostic(note('lifecycle.no-interrupt-hook', 'open-strix has no hook event for an interrupt: the turn just ends', SPEC));
        cursor.skipTurn();
        if (cursor.done) return yield* shutdown('interrupted', 'the user interrupted the turn', next.index);
        break;
      case 'event': {
        const step = next.step as Extract<SessionStep, { event: string }>;
        yield* beginStep(next.index, stepLabel(step));
        yield* event(step.event, step.payload as JsonObject);
        break;
      }
      case 'approval':
        break; // check() rejects approvals: open-strix never asks
    }
  }
  return yield* shutdown('completed', 'every step was played', null);

  function* playTool(index: number, step: ToolStep): Generator<SessionEffect, void, unknown> {
    yield* beginStep(index, stepLabel(step));
    const tool = step.tool;
    let args = step.input as JsonObject;
    const base = { channel_id: CHANNEL, current_event: CURRENT_EVENT };
    const record = (t: Omit<SessionTool, 'name'>) => recordTool({ name: tool, ...t });

    const pre = yield* event('pre_tool_call', { tool, args, ...base });
    if (pre.verdict === 'block') {
      // The docs (Blocking a tool call with _block): "the wrapped tool is not invoked. The agent receives result as if
      // it were the tool's own return value … post_tool_call hooks see status="blocked" with the same synthetic result".
      const result = pre.shown?.model ?? '';
      yield* record({ input: args, ran: false, result, isError: false, decidedBy: 'hook', source: 'none' });
      yield* diagnostic(note('lifecycle.hook_blocked_tool_call', `hook_blocked_tool_call (reason ${JSON.stringify(pre.reason)}): ${tool} is not invoked; post_tool_call sees status "blocked" with the synthetic result`, `${SPEC} § Blocking a tool call with _block`));
      yield* event('post_tool_call', { tool, args, status: 'blocked', result, ...base });
      told.push(result);
      yield* request();
      return;
    }
    // SEMANTICS: "the tool gets the chain's final args" (the one-event flow keeps the original when they are invalid).
    if (isObject(pre.updatedInput)) args = pre.updatedInput;

    const ran = yield* toolResult(tool, args, step.result);
    if (!ran.ok) {
      // SEMANTICS: on error post_tool_call gets `error` and `error_class`, and "the hook cannot suppress the error".
      yield* event('post_tool_call', { tool, args, status: 'error', error: ran.content, error_class: 'RuntimeError', ...base });
      yield* record({ input: args, ran: true, result: ran.content, isError: true, decidedBy: null, source: ran.source, exitCode: ran.code });
      yield* request();
      return;
    }
    const post = yield* event('post_tool_call', { tool, args, status: 'success', result: ran.content, duration_seconds: ran.seconds, ...base });
    // The docs: "For post_tool_call, returning an event with result changes the result shown to the agent after a successful tool call".
    const shown = post.shown?.model ?? ran.content;
    if (shown !== ran.content) told.push(shown);
    yield* record({ input: args, ran: true, result: shown, isError: false, decidedBy: null, source: ran.source, exitCode: ran.code });
    yield* request();
  }
}

interface ToolOutcome {
  ok: boolean;
  code: number;
  content: string;
  seconds: number;
  source: SessionTool['source'];
}

/** The tool's result: the shell tool runs its `cmd` for real unless the step gives its result; another tool succeeds with no output. */
function* toolResult(tool: string, args: JsonObject, given: ToolStep['result']): Generator<SessionEffect, ToolOutcome, unknown> {
  if (given) return 'error' in given ? { ok: false, code: 1, content: given.error, seconds: 0.001, source: 'given' } : { ok: true, code: 0, content: given.output, seconds: 0.001, source: 'given' };
  if (!SHELL_TOOLS.has(tool)) return { ok: true, code: 0, content: '', seconds: 0.001, source: 'given' };
  const command: Json | undefined = args.cmd ?? args.command;
  const ran = yield* runTool(typeof command === 'string' ? command : '', { shell: 'sh', mergeStderr: true });
  const body = ran.output.replace(/\n+$/, '');
  return { ok: ran.exitCode === 0, code: ran.exitCode, content: ran.exitCode === 0 ? body : `exit code ${ran.exitCode}${body ? `\n${body}` : ''}`, seconds: ran.ms / 1000, source: 'run' };
}
