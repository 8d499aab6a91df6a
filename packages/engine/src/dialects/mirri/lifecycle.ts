import type { Diagnostic, Outcome, SessionTool } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import { StepCursor } from '../../session/cursor.js';
import { beginStep, diagnostic, fire, modelRequest, notice, recordTool, runTool, type Lifecycle, type LifecycleEnd, type LifecycleRun, type SessionEffect } from '../../session/effects.js';
import { stepLabel, type SessionStep } from '../../session/steps.js';
import { isObject, type JsonObject } from '../../util/json.js';
import { loadMirriConfig, MIRRI_CONFIG, REWRITE_ENV, type MirriSettings } from './config.js';

/**
 * Mirri Code CLI's lifecycle, from its documentation only (shared/spec/mirri-code-hooks.md, "the docs" below;
 * no real binary was run): SessionStart → per turn UserPromptSubmit → a model request → per tool call
 * RewriteToolInput (engine v1, with the experimental flag) → PreToolUse (on v2 it carries the rewrite) →
 * PermissionRequest/PermissionResult when the host asks → the tool → PostToolUse or PostToolUseFailure → the next
 * request → … → Stop (one continuation per turn), or Interrupt instead of Stop → SessionEnd.
 * Hook-made texts pile up in conversation order: each request carries all of them so far.
 */
const SPEC = 'spec/mirri-code-hooks.md';
const docs = (section: string) => ({ kind: 'docs' as const, source: `${SPEC} § ${section}` });
const note = (code: string, message: string, section: string, level: Diagnostic['level'] = 'info'): Diagnostic => ({ level, code, message, evidence: docs(section) });

/** The docs: last_assistant_message and tool_output are "truncated to 2000 characters". */
const PAYLOAD_TEXT_CAP = 2000;
/** Mirri's shell tool, as the docs' examples name it. */
const SHELL_TOOL = 'Bash';

type ToolStep = Extract<SessionStep, { tool: string }>;

export const mirriLifecycle: Lifecycle = {
  check(steps, host) {
    if ((host.engine ?? 'v1') !== 'v2') return [];
    // The docs (Event Reference, RewriteToolInput): "Only available on the v1 engine".
    return steps.flatMap((step, i) =>
      'event' in step && step.event === 'RewriteToolInput'
        ? [{ step: i, field: 'event', message: `RewriteToolInput does not exist on engine v2 (${SPEC} § Event Reference): on v2 the rewrite rides on PreToolUse's updatedInput, so a tool step already fires it` }]
        : [],
    );
  },
  play: (input) => play(input.steps, input.host, input.files),
};

function* play(steps: SessionStep[], host: HostSettings, files: Record<string, string>): LifecycleRun {
  const loaded = loadMirriConfig(files, host);
  const settings = loaded.settings as unknown as MirriSettings;
  const configured = new Set(loaded.entries.map((e) => e.event));
  const cursor = new StepCursor(steps);
  /** Every hook-made text the model has read so far, in conversation order. */
  const told: string[] = [];
  let turn = 0;
  let calls = 0;
  let llmStep = 0;
  let lastReply: string | null = null;

  function* event(name: string, payload: JsonObject): Generator<SessionEffect, Outcome, unknown> {
    const outcome = yield* fire(name, payload);
    if (outcome.shown?.user) yield* notice(outcome.shown.user);
    return outcome;
  }

  /** One model request; PreLlmRequest/PostLlmRequest wrap it ("fires once per loop step"), observation only. */
  function* request(finish: 'tool_use' | 'end_turn'): Generator<SessionEffect, void, unknown> {
    llmStep++;
    // Only fired when a hook listens: they are observation-only, so an unheard event changes nothing.
    if (configured.has('PreLlmRequest')) {
      yield* event('PreLlmRequest', { turn_id: String(turn), step: llmStep, model: 'claude-sonnet-4-20250514', message_count: 1 + told.length + llmStep, tool_count: 8 });
    }
    yield* modelRequest([...told]);
    if (configured.has('PostLlmRequest')) {
      yield* event('PostLlmRequest', { turn_id: String(turn), step: llmStep, model: 'claude-sonnet-4-20250514', finish_reason: finish, usage: { input_other: 344, output: 567, input_cache_read: 0, input_cache_creation: 0 }, duration_ms: 1, tool_call_count: finish === 'tool_use' ? 1 : 0 });
    }
  }
  /** What the model does after a request: call a tool (the next step is one) or end its turn. */
  const nextFinish = (): 'tool_use' | 'end_turn' => (cursor.peek()?.kind === 'tool' ? 'tool_use' : 'end_turn');

  function* finish(reason: LifecycleEnd['reason'], message: string, step: number | null): Generator<SessionEffect, LifecycleEnd, unknown> {
    yield* beginStep(null, 'session end');
    // The docs (SessionEnd): reason "currently always exit".
    yield* event('SessionEnd', { reason: 'exit' });
    return { reason, message, step };
  }

  yield* beginStep(null, 'session start');
  yield* event('SessionStart', { source: 'startup' });

  while (!cursor.done) {
    const next = cursor.next()!;
    if (next.kind === 'event') {
      yield* rawEvent(next.index, next.step as Extract<SessionStep, { event: string }>);
      continue;
    }
    if (next.kind !== 'prompt') continue; // check() lets only event steps stand between turns
    turn++;
    llmStep = 0;
    const prompt = (next.step as { prompt: string }).prompt;
    yield* beginStep(next.index, stepLabel(next.step));
    const submit = yield* event('UserPromptSubmit', { prompt });
    if (submit.verdict === 'block') {
      // The docs (Block Operation): "Turn stops; reason shown to the user as an assistant message"; the model is not called.
      if (!submit.shown?.user) yield* notice(submit.reason ?? 'Blocked by UserPromptSubmit hook');
      yield* diagnostic(note('lifecycle.prompt-blocked', 'a UserPromptSubmit hook blocked the prompt: the turn stops and the model is not called', 'Block Operation'));
      cursor.skipTurn();
      if (cursor.done) return yield* finish('prompt-blocked', 'a UserPromptSubmit hook blocked the prompt: the model never saw it', next.index);
      continue;
    }
    // The docs (Inject Context): each message "is appended to the user's prompt and becomes visible to the LLM".
    told.push(...submit.context);
    yield* request(nextFinish());
    const ended = yield* playTurn();
    if (ended) return ended;
  }
  return yield* finish('completed', 'every step was played', null);

  /** The model's side of a turn: tool calls, then its reply and Stop (or an interrupt). */
  function* playTurn(): Generator<SessionEffect, LifecycleEnd | null, unknown> {
    let continued = false;
    for (;;) {
      const step = cursor.peek();
      if (step?.kind === 'tool') {
        cursor.next();
        yield* playTool(step.index, step.step as ToolStep);
        continue;
      }
      if (step?.kind === 'event') {
        cursor.next();
        yield* rawEvent(step.index, step.step as Extract<SessionStep, { event: string }>);
        continue;
      }
      if (step?.kind === 'approval') {
        cursor.next();
        yield* beginStep(step.index, stepLabel(step.step));
        yield* diagnostic(note('session.approval-not-asked', 'Mirri asked nothing here: the call before this answer never reached the permission check (a PreToolUse hook blocked it), so the answer goes unused', 'Event Reference', 'warning'));
        continue;
      }
      if (step?.kind === 'interrupt') {
        cursor.next();
        yield* beginStep(step.index, stepLabel(step.step));
        // The docs (Event Reference, Interrupt): "Stop does not fire on interrupts, so this event fires instead"; reason "currently always cancelled".
        yield* event('Interrupt', { turn_id: turn, reason: 'cancelled' });
        yield* diagnostic(note('lifecycle.interrupt-not-stop', 'the user interrupted the turn: Interrupt fires instead of Stop, and the turn ends', 'Event Reference'));
        if (cursor.done) return yield* finish('interrupted', 'the user interrupted the turn', step.index);
        return null;
      }
      let text: string;
      if (step?.kind === 'reply') {
        cursor.next();
        yield* beginStep(step.index, stepLabel(step.step));
        text = (step.step as { reply: string }).reply;
      } else {
        yield* beginStep(null, continued ? 'the model answers again' : 'the model ends its turn');
        text = lastReply ?? 'Done.';
      }
      lastReply = text;
      // The docs (Stop payload): stop_hook_active is true "on the second and subsequent triggers" of the turn;
      // hookplay follows the docs, and the one-event flow notes that the real Mirri never sends true.
      const stop = yield* event('Stop', { stop_hook_active: continued, last_assistant_message: text.slice(0, PAYLOAD_TEXT_CAP) });
      if (stop.verdict !== 'block') return null;
      // The docs (Block Operation): a deny on Stop "injected as a user message; conversation continues (one
      // continuation max per turn)". A second block in the turn is ignored by the one-event flow (stop_hook_active).
      continued = true;
      told.push(stop.shown?.model ?? stop.reason ?? 'Blocked by Stop hook');
      yield* request(nextFinish());
    }
  }

  function* rawEvent(index: number, step: Extract<SessionStep, { event: string }>): Generator<SessionEffect, void, unknown> {
    yield* beginStep(index, stepLabel(step));
    yield* event(step.event, step.payload as JsonObject);
  }

  function* playTool(index: number, step: ToolStep): Generator<SessionEffect, void, unknown> {
    yield* beginStep(index, stepLabel(step));
    const tool = step.tool;
    const callId = `call_${String(++calls).padStart(3, '0')}`;
    let input = step.input as JsonObject;
    const record = (t: Omit<SessionTool, 'name'>) => recordTool({ name: tool, ...t });

    // The docs (Command Rewriting, How It Works): RewriteToolInput runs after preparation and before the permission
    // checks, on engine v1 with the experimental flag hook-command-rewrite; the rewritten arguments are validated.
    if (settings.engine === 'v1' && settings.rewrite) {
      const rewrite = yield* event('RewriteToolInput', { tool_name: tool, tool_input: input, tool_call_id: callId });
      if (isObject(rewrite.updatedInput)) input = rewrite.updatedInput;
    } else if (settings.engine === 'v1' && configured.has('RewriteToolInput')) {
      yield* diagnostic(
        note('lifecycle.rewrite-not-fired', `RewriteToolInput hooks are configured, but the experimental flag hook-command-rewrite is off, so Mirri does not fire it: set ${REWRITE_ENV}=true in host.env or [experimental] hook-command-rewrite = true in ${MIRRI_CONFIG}`, 'Rewrite Tool Arguments', 'warning'),
      );
    }

    // The docs (Event Reference, PreToolUse): "before permission checks; the tool will not execute if blocked".
    const pre = yield* event('PreToolUse', { tool_name: tool, tool_input: input, tool_call_id: callId });
    // On engine v2 with the flag the rewrite rides on PreToolUse's updatedInput (the one-event flow decides that).
    if (isObject(pre.updatedInput)) input = pre.updatedInput;
    if (pre.verdict === 'block') {
      const reason = pre.reason ?? 'Blocked by PreToolUse hook';
      // The docs (Example: Blocking…): "writes the blocking reason back into the context" for the model.
      told.push(pre.shown?.model ?? reason);
      yield* record({ input, ran: false, result: reason, isError: true, decidedBy: 'hook', source: 'none' });
      // The docs (Event Reference, PostToolUseFailure): "after a tool fails or is blocked".
      yield* event('PostToolUseFailure', { tool_name: tool, tool_input: input, tool_call_id: callId, error: { message: reason } });
      yield* request(nextFinish());
      return;
    }

    // The docs do not say which calls Mirri asks about; a session says the host asked by answering right after the call.
    let decidedBy = 'host';
    const asked = cursor.peek()?.kind === 'approval';
    if (asked) {
      // The docs (Event Reference): PermissionRequest "just before waiting for user approval", PermissionResult "after approval completes".
      yield* event('PermissionRequest', { turn_id: turn, tool_call_id: callId, tool_name: tool, action: 'allow', tool_input: input, display: display(input, tool) });
      const answer = cursor.next()!;
      const decision = (answer.step as { approval: 'allow' | 'deny' }).approval;
      yield* beginStep(answer.index, stepLabel(answer.step));
      yield* event('PermissionResult', { turn_id: turn, tool_call_id: callId, tool_name: tool, action: 'allow', decision, scope: 'session' });
      decidedBy = 'user';
      if (decision === 'deny') {
        const result = 'The user denied this tool call.';
        yield* record({ input, ran: false, result, isError: true, decidedBy: 'user', source: 'none' });
        // A user's denial blocks the call, which is when PostToolUseFailure fires ("fails or is blocked").
        yield* event('PostToolUseFailure', { tool_name: tool, tool_input: input, tool_call_id: callId, error: { message: result } });
        yield* request(nextFinish());
        return;
      }
    }

    const ran = yield* toolResult(tool, input, step.result);
    yield* record({ input, ran: true, result: ran.content, isError: !ran.ok, decidedBy, source: ran.source, exitCode: ran.code });
    // The docs (Event Reference): PostToolUse "after a tool executes successfully", PostToolUseFailure "after a tool fails"; both observation only.
    if (ran.ok) yield* event('PostToolUse', { tool_name: tool, tool_input: input, tool_call_id: callId, tool_output: ran.content.slice(0, PAYLOAD_TEXT_CAP) });
    else yield* event('PostToolUseFailure', { tool_name: tool, tool_input: input, tool_call_id: callId, error: { message: ran.content } });
    yield* request(nextFinish());
  }
}

function display(input: JsonObject, tool: string): string {
  return typeof input.command === 'string' ? input.command : `${tool} ${JSON.stringify(input)}`;
}

interface ToolOutcome {
  ok: boolean;
  code: number;
  content: string;
  source: SessionTool['source'];
}

/** The tool's result: Bash runs for real unless the step gives its result; another tool succeeds with no output. */
function* toolResult(tool: string, input: JsonObject, given: ToolStep['result']): Generator<SessionEffect, ToolOutcome, unknown> {
  if (given) return 'error' in given ? { ok: false, code: 1, content: given.error, source: 'given' } : { ok: true, code: 0, content: given.output, source: 'given' };
  if (tool !== SHELL_TOOL) return { ok: true, code: 0, content: '', source: 'given' };
  const ran = yield* runTool(String(input.command ?? ''));
  const body = ran.output.replace(/\n+$/, '');
  return { ok: ran.exitCode === 0, code: ran.exitCode, content: ran.exitCode === 0 ? body : `exit code ${ran.exitCode}${body ? `\n${body}` : ''}`, source: 'run' };
}
