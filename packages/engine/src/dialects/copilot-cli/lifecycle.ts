import type { Outcome, SessionTool } from '../../outcome.js';
import { StepCursor } from '../../session/cursor.js';
import { beginStep, diagnostic, fire, modelRequest, notice, recordTool, runTool, type Lifecycle, type LifecycleEnd, type LifecycleRun, type SessionEffect } from '../../session/effects.js';
import { stepKind, stepLabel, type SessionStep } from '../../session/steps.js';
import { isObject, type JsonObject } from '../../util/json.js';
import type { HostSettings } from '../../scenario.js';
import { byFlags, permissionFlags } from './permissions.js';
import { postToolSuffix, preToolContext, promptReminder } from './shown.js';

/**
 * Copilot CLI 1.0.102's lifecycle, as the oracle recorded `copilot -p "do it" --allow-all`
 * (oracle/hosts/copilot-cli): sessionStart → per turn userPromptSubmitted → userPromptTransformed → a model request
 * → per tool call preToolUse → permissionRequest (unless a preToolUse hook allowed; it fires even with
 * --allow-all) → the tool → postToolUse (a shell command that exits non-zero still counts as success) → the next
 * request → … → agentStop (a block sends its reason as a new user message, up to 8 continuations in a row) →
 * sessionEnd. The conversation (and the hook texts in it) stays for later turns. Several calls in one message, a
 * resume step (`copilot -p --continue`) and the launch's permission flags (host.args, default --allow-all) follow the
 * session sweep's recordings (oracle/sessions/copilot-cli.mjs, oracle/recorded/copilot-cli/).
 */
export interface CopilotLifecycleOptions {
  /** The oracle's mock model answers `FINAL_TEXT_<request number>` whenever it ends a turn. */
  oracleReplies?: boolean;
}

/** One message of the last model request, reduced to what hooks can change. */
export type Message =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string }
  | { role: 'assistant'; tool: string; args: unknown }
  | { role: 'assistant'; calls: { tool: string; args: unknown }[] }
  | { role: 'tool'; content: string };

export interface Observation {
  /** Chat completion requests the CLI made. */
  requests: number;
  /** The last request's messages after the system prompt (dates as <dt>, paths as $PROJECT / $HOME). */
  conversation: Message[];
  /** Every request's messages, in order. */
  conversations: Message[][];
  /** Warnings the CLI showed the user (exit 2's stderr, a blocked prompt's reason), in order. */
  userSaw: string[];
  /** Hook processes per event, counted from the `@hook <event>` lines the oracle's hooks write to $ORACLE_LOG. */
  hookRuns: Record<string, number>;
  /** The CLI's exit code (of the last run, when a resume starts it again). */
  exitCode: number;
  /** Every run's exit code, when the session resumes. */
  exitCodes?: number[];
}

/** Agent-stop continuations in a row before the CLI ends the turn anyway (recorded: 8). */
export const STOP_CONTINUATION_CAP = 8;
const DATETIME = '<current_datetime>2026-12-01T12:00:00.000+00:00</current_datetime>';

type ToolStep = Extract<SessionStep, { tool: string }>;
type CallsStep = Extract<SessionStep, { calls: unknown[] }>;
type Call = { tool: string; input: JsonObject; result?: ToolStep['result'] };


export const copilotLifecycle: Lifecycle<CopilotLifecycleOptions> = {
  supports: ['calls', 'resume'],
  check(steps) {
    // copilot -p --allow-all never asks the user: permissionRequest hooks answer, or the call runs.
    return steps.flatMap((step, i) =>
      stepKind(step) === 'approval'
        ? [{ step: i, field: 'approval', message: 'Copilot CLI (copilot -p --allow-all) never asks the user: permissionRequest hooks answer instead, so there is no prompt to answer' }]
        : [],
    );
  },
  play: (input) => play(input.steps, input.paths, input.options ?? {}, input.host ?? {}),
};

function* play(steps: SessionStep[], paths: { project: string; home: string }, options: CopilotLifecycleOptions, host: HostSettings): LifecycleRun {
  const flags = permissionFlags(host);
  const norm = (s: string) => s.split(paths.project).join('$PROJECT').split(paths.home).join('$HOME');
  const obs: Observation = { requests: 0, conversation: [], conversations: [], userSaw: [], hookRuns: {}, exitCode: 0 };
  /** Each `copilot -p` process's exit code: a resume step ends one and starts the next. */
  const exits: number[] = [];
  const cursor = new StepCursor(steps);
  const messages: Message[] = [];
  /** The hook-made texts among them, in order: what the session's transcript shows. */
  const told: string[] = [];
  let toolCalls = 0;
  let lastReply: string | null = null;

  function* event(name: string, payload: JsonObject): Generator<SessionEffect, Outcome, unknown> {
    const outcome = yield* fire(name, payload);
    if (outcome.shown?.user) {
      obs.userSaw.push(...outcome.shown.user.split('\n').map(norm));
      yield* notice(outcome.shown.user);
    }
    return outcome;
  }
  function* request(): Generator<SessionEffect, void, unknown> {
    obs.requests++;
    obs.conversation = [...messages];
    obs.conversations.push(obs.conversation);
    yield* modelRequest(told.map(norm));
  }
  const end = (reason: LifecycleEnd['reason'], message: string, step: number | null): LifecycleEnd => {
    if (obs.requests === 0) obs.conversation = [];
    obs.exitCode = exits[exits.length - 1] ?? 0;
    if (exits.length > 1) obs.exitCodes = [...exits];
    return { reason, message, step, observation: obs };
  };
  /** The process ends: sessionEnd fires (also after a blocked prompt, recorded: ups-block). */
  function* endProcess(): Generator<SessionEffect, void, unknown> {
    yield* beginStep(null, 'session end');
    yield* event('sessionEnd', { reason: 'complete' });
    exits.push(runExit);
  }
  function* finish(reason: LifecycleEnd['reason'], message: string, step: number | null): Generator<SessionEffect, LifecycleEnd, unknown> {
    yield* endProcess();
    return end(reason, message, step);
  }
  /** The rest of a turn that will not be played (a blocked prompt's): up to the next prompt or resume. */
  const skipTurn = () => {
    while (!cursor.done && cursor.peek()!.kind !== 'prompt' && cursor.peek()!.kind !== 'resume') cursor.next();
  };
  let runExit = 0;

  yield* beginStep(null, 'session start');
  if (flags.unmodelled.length) yield* diagnostic({ level: 'warning', code: 'session.host-args', message: `hookplay does not model these Copilot CLI arguments; the session plays as if they were not given: ${flags.unmodelled.join(' ')}`, evidence: { kind: 'docs' } });
  const firstPrompt = steps.find((s): s is Extract<SessionStep, { prompt: string }> => 'prompt' in s)?.prompt ?? '';
  const start = yield* event('sessionStart', { source: 'new', initialPrompt: firstPrompt });
  /** The session-start context message, the conversation's first: a resumed start replaces it. */
  let startMessage: Message | null = null;
  if (start.context.length) {
    startMessage = { role: 'user', content: norm(start.context.join('\n\n')) };
    messages.push(startMessage);
    told.push(start.context.join('\n\n'));
  }

  while (!cursor.done) {
    const next = cursor.next()!;
    if (next.kind === 'resume') {
      // `copilot -p … --continue` (or --resume <id>): this process ends, the next one loads the conversation and
      // fires sessionStart again with source "resume" and the new prompt (recorded: resume-*).
      yield* endProcess();
      runExit = 0;
      yield* beginStep(next.index, stepLabel(next.step));
      const following = cursor.peek();
      const resumed = following?.kind === 'prompt' ? (following.step as { prompt: string }).prompt : '';
      const again = yield* event('sessionStart', { source: 'resume', initialPrompt: resumed });
      // The resumed conversation is the saved one: preToolUse context messages are not saved with it
      // (recorded: resume-tool-contexts-carry), and the resumed sessionStart's context takes the place of the first
      // start's, or the first start's goes when the resumed one adds none (recorded: resume-sessionStart-context-by-source,
      // resume-by-id-start-context, resume-start-context-only-on-resume, resume-start-context-only-on-new).
      for (let k = messages.length - 1; k >= 0; k--) {
        const m = messages[k]!;
        if (m.role === 'user' && m.content.startsWith(preToolContext(''))) messages.splice(k, 1);
      }
      if (again.context.length) {
        const fresh: Message = { role: 'user', content: norm(again.context.join('\n\n')) };
        if (startMessage) messages[messages.indexOf(startMessage)] = fresh;
        else messages.unshift(fresh);
        startMessage = fresh;
        told.push(again.context.join('\n\n'));
      } else if (startMessage) {
        messages.splice(messages.indexOf(startMessage), 1);
        startMessage = null;
      }
      // A new process numbers its shells from 0 again (recorded: resume-sessionStart-exit-2).
      toolCalls = 0;
      continue;
    }
    if (next.kind !== 'prompt') {
      if ('event' in next.step) {
        yield* beginStep(next.index, stepLabel(next.step));
        yield* event(next.step.event, next.step.payload as JsonObject);
      }
      continue;
    }
    yield* beginStep(next.index, stepLabel(next.step));
    const prompt = (next.step as { prompt: string }).prompt;
    const submit = yield* event('userPromptSubmitted', { prompt });
    if (submit.verdict === 'block' || submit.halt) {
      // A blocked or handled prompt ends the turn without the model; sessionEnd still fires (recorded). What a later
      // prompt does after it is not recorded (copilot -p has one prompt): hookplay lets the next turn start.
      if (submit.verdict === 'block') runExit = 1;
      skipTurn();
      if (cursor.done) {
        return yield* finish('prompt-blocked', submit.verdict === 'block' ? 'a userPromptSubmitted hook blocked the prompt: no model request' : 'a userPromptSubmitted hook handled the prompt itself: no model request', next.index);
      }
      continue;
    }
    const asked = isObject(submit.eventOut) && typeof submit.eventOut.prompt === 'string' ? submit.eventOut.prompt : prompt;
    const transformed = asked === '' ? '<dt>' : `<dt>\n\n${asked}`;
    yield* event('userPromptTransformed', { prompt: asked, transformedPrompt: transformed.replace('<dt>', DATETIME) });
    messages.push({ role: 'user', content: norm(transformed + (submit.context.length ? promptReminder(submit.context[0]!) : '')) });
    if (submit.context.length) told.push(promptReminder(submit.context[0]!).trimStart());
    yield* request();
    const ended = yield* playTurn(next.index);
    if (ended) return ended;
  }
  return yield* finish('completed', 'every step was played', null);

  function* playTurn(promptIndex: number): Generator<SessionEffect, LifecycleEnd | null, unknown> {
    let continuations = 0;
    for (;;) {
      const step = cursor.peek();
      if (step?.kind === 'tool') {
        cursor.next();
        const call = step.step as ToolStep;
        yield* playCalls(step.index, step.step, [{ tool: call.tool, input: call.input as JsonObject, ...(call.result ? { result: call.result } : {}) }]);
        continue;
      }
      if (step?.kind === 'calls') {
        cursor.next();
        yield* playCalls(step.index, step.step, (step.step as CallsStep).calls as Call[]);
        continue;
      }
      if (step?.kind === 'event') {
        cursor.next();
        yield* beginStep(step.index, stepLabel(step.step));
        yield* event((step.step as { event: string }).event, (step.step as { payload: JsonObject }).payload);
        continue;
      }
      if (step?.kind === 'interrupt') {
        cursor.next();
        // From the docs: an interrupted turn ends without agentStop.
        yield* beginStep(step.index, stepLabel(step.step));
        yield* diagnostic({ level: 'info', code: 'session.from-docs', message: 'an interrupt ends the turn without agentStop (from the docs: not recorded)', evidence: { kind: 'docs' } });
        if (cursor.done) return yield* finish('interrupted', 'the user interrupted the turn', step.index);
        return null;
      }
      let text: string;
      if (step?.kind === 'reply') {
        cursor.next();
        yield* beginStep(step.index, stepLabel(step.step));
        text = (step.step as { reply: string }).reply;
      } else {
        yield* beginStep(null, continuations > 0 ? 'the model answers again' : 'the model ends its turn');
        text = options.oracleReplies ? `FINAL_TEXT_${obs.requests}` : (lastReply ?? 'Done.');
      }
      lastReply = text;
      const stop = yield* event('agentStop', { transcriptPath: '$HOME/.copilot/session-state/SESSION/events.jsonl', stopReason: 'end_turn', stop_hook_active: continuations > 0 });
      // The reply is part of the conversation from here on (the next turn's request carries it).
      messages.push({ role: 'assistant', content: text });
      if (stop.verdict !== 'block') return null;
      if (continuations >= STOP_CONTINUATION_CAP) {
        yield* notice(`agentStop blocked ${STOP_CONTINUATION_CAP + 1} times in a row: Copilot CLI ends the turn anyway`);
        if (!cursor.done) return null;
        return yield* finish('stop-cap', `agentStop hooks blocked after ${STOP_CONTINUATION_CAP} continuations in a row; Copilot CLI ended the turn anyway`, promptIndex);
      }
      continuations++;
      // The reason goes back as a user message, and Copilot submits it like a prompt: userPromptSubmitted fires for
      // it (recorded: one-call-agentStop-block-once, stop-block-then-tool). What that hook's answer does to it is not
      // recorded: hookplay runs the hook and does not apply its answer.
      const resubmit = yield* event('userPromptSubmitted', { prompt: stop.reason ?? '' });
      if (resubmit.verdict !== 'proceed' || resubmit.context.length || resubmit.eventOut) {
        yield* diagnostic({ level: 'warning', code: 'session.from-docs', message: 'userPromptSubmitted answered on a continuation agentStop forced: what Copilot CLI does with that answer is not recorded, so hookplay does not apply it', evidence: { kind: 'docs' } });
      }
      messages.push({ role: 'user', content: norm(`<dt>\n\n${stop.reason ?? ''}`) });
      told.push(stop.reason ?? '');
      yield* request();
    }
  }

  /**
   * One model message's tool calls. preToolUse runs for every call first, in order; then each call that is not
   * denied gets permissionRequest, runs, and gets postToolUse. Several calls of one message run at once on the real
   * CLI (their later hooks and shells start in any order, recorded: calls-*): the engine plays them in call order,
   * and the results go back in call order, followed by each call's preToolUse context.
   */
  function* playCalls(index: number, step: SessionStep, calls: Call[]): Generator<SessionEffect, void, unknown> {
    yield* beginStep(index, stepLabel(step));
    const pres: Outcome[] = [];
    for (const call of calls) pres.push(yield* event('preToolUse', { toolName: call.tool, toolArgs: call.input }));
    const results: { args: unknown; result: string }[] = [];
    for (const [k, call] of calls.entries()) results.push(yield* playCall(call, pres[k]!));
    messages.push(calls.length === 1 ? { role: 'assistant', tool: calls[0]!.tool, args: results[0]!.args } : { role: 'assistant', calls: calls.map((c, k) => ({ tool: c.tool, args: results[k]!.args })) });
    for (const r of results) messages.push({ role: 'tool', content: norm(r.result) });
    for (const pre of pres) {
      if (!pre.context.length) continue;
      messages.push({ role: 'user', content: norm(preToolContext(pre.context[0]!)) });
      told.push(preToolContext(pre.context[0]!));
    }
    yield* request();
  }

  function* playCall(call: Call, pre: Outcome): Generator<SessionEffect, { args: unknown; result: string }, unknown> {
    const shellId = toolCalls++;
    const tool = call.input;
    const record = (t: Omit<SessionTool, 'name'>) => recordTool({ name: call.tool, ...t });
    const args = (pre.updatedInput ?? tool) as JsonObject;
    let result: string;
    if (pre.verdict === 'block' || pre.verdict === 'ask') {
      // --allow-all: an ask is a denial too (recorded); the model reads the host's wrapped text, not the bare reason.
      result = pre.shown?.model ?? '';
      told.push(result);
      yield* record({ input: tool, ran: false, result, isError: true, decidedBy: 'hook', source: 'none' });
      return { args, result };
    }
    if (!isObject(args)) {
      // Arguments that are not an object fail the tool's input check (recorded for a string).
      result = 'Invalid input: expected value at line 1 column 1';
      yield* record({ input: tool, ran: false, result, isError: true, decidedBy: 'host', source: 'none' });
      return { args, result };
    }
    let denied: string | null = null;
    let byHost = false;
    if (pre.verdict !== 'allow') {
      // permissionRequest fires for every call no preToolUse hook allowed, before the permission flags: a hook's
      // allow beats a --deny-tool rule; with no answer, the flags decide (recorded: permission-flags-*).
      const permission = yield* event('permissionRequest', { toolName: call.tool, toolInput: call.tool === 'bash' ? { command: args.command ?? '' } : args });
      if (permission.verdict === 'block') denied = permission.shown?.model ?? '';
      else if (permission.verdict !== 'allow') {
        const flagged = byFlags(flags, call.tool, call.tool === 'bash' ? String(args.command ?? '') : null);
        if (!flagged.run) {
          denied = flagged.message;
          byHost = true;
        }
      }
    }
    if (denied !== null) {
      result = denied;
      if (!byHost) told.push(result);
      yield* record({ input: args, ran: false, result, isError: true, decidedBy: byHost ? 'host' : 'hook', source: 'none' });
    } else if (call.result && 'error' in call.result) {
      // A tool that fails as a tool (not a shell exit code): postToolUseFailure instead of postToolUse (from the docs).
      result = call.result.error;
      yield* diagnostic({ level: 'info', code: 'session.from-docs', message: 'a tool that fails gets postToolUseFailure, not postToolUse (from the docs: not recorded)', evidence: { kind: 'docs' } });
      const failure = yield* event('postToolUseFailure', { toolName: call.tool, toolArgs: args, error: result });
      if (failure.context.length) {
        result += `\n\n${failure.context[0]!}`;
        told.push(failure.context[0]!);
      }
      yield* record({ input: args, ran: true, result, isError: true, decidedBy: pre.verdict === 'allow' ? 'hook' : 'host', source: 'given' });
    } else {
      let output: string;
      let exitCode: number | undefined;
      if (call.result) output = call.result.output;
      else if (call.tool === 'bash') {
        const ran = yield* runTool(`{ ${String(args.command ?? '')}\n} 2>&1`);
        exitCode = ran.exitCode;
        output = `${ran.stdout.replace(/\n$/, '')}\n<shellId: ${shellId} completed with exit code ${ran.exitCode}>`;
      } else output = '';
      result = output;
      const post = yield* event('postToolUse', { toolName: call.tool, toolArgs: args, toolResult: { resultType: 'success', textResultForLlm: output } });
      if (post.verdict === 'block') {
        result = post.shown?.model ?? '';
        told.push(result);
      } else if (post.context.length) {
        result += postToolSuffix(call.tool, post.context[0]!);
        told.push(postToolSuffix(call.tool, post.context[0]!).trimStart());
      }
      yield* record({ input: args, ran: true, result, isError: exitCode !== undefined && exitCode !== 0, decidedBy: pre.verdict === 'allow' ? 'hook' : 'host', source: call.result || call.tool !== 'bash' ? 'given' : 'run', ...(exitCode !== undefined ? { exitCode } : {}) });
    }
    return { args, result };
  }
}
