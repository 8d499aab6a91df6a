import type { Outcome } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import { StepCursor } from '../../session/cursor.js';
import { beginStep, fire, modelRequest, notice, recordTool, runTool, type Lifecycle, type LifecycleEnd, type LifecycleRun, type SessionEffect } from '../../session/effects.js';
import { stepKind, stepLabel, type SessionStep } from '../../session/steps.js';
import { isObject, type JsonObject } from '../../util/json.js';
import { loadCodexConfig, type CodexSettings } from './config.js';
import { wording } from './wording.js';

/**
 * Codex CLI 0.171.0's lifecycle, as the oracle recorded `codex exec "do it"` (oracle/hosts/codex):
 * SessionStart → per turn UserPromptSubmit → a model request (PreModelRequest, the request, PostModelRequest) →
 * per tool call PreToolUse → the tool (approvals bypassed: Codex never asks) → PostToolUse, also after a command
 * that failed → the next request → … → Stop (a block sends one more request with the reason as a <hook_prompt>
 * user message, and Stop runs again with stop_hook_active; Codex has no cap) → SessionEnd. Hook contexts become
 * developer messages, which stay in the conversation for later turns.
 */
export interface CodexLifecycleOptions {
  /** The oracle's mock model answers `FINAL_TEXT_<request number>` whenever it ends a turn. */
  oracleReplies?: boolean;
}

export interface CodexObservation {
  /** Responses API requests Codex made. */
  requests: number;
  tool: { executed: boolean; command: string | null; exitCode: number | null; result: string | null } | null;
  /** Hook texts the model read in the last request, in order: `developer: …` messages and `user: <hook_prompt…>`. */
  modelSaw: string[];
  /** Codex's own warnings about the hook config (error items of `codex exec --json`). */
  userSaw: string[];
  /** stop_hook_active of each Stop hook process. */
  stopRuns: boolean[];
  /** Hook processes started, per event. */
  hookRuns: Record<string, number>;
  exitCode: number;
}

/** What the lifecycle hands its oracle: the observation, and how long the first tool call kept Codex waiting. */
export interface CodexLifecycleObservation {
  observed: CodexObservation;
  gapMs?: number;
}

/**
 * Codex has no cap on Stop continuations (recorded: stop-block-continues loops as long as the hook blocks); the
 * simulation stops after this many rather than loop forever.
 */
export const MAX_CONTINUATIONS = 20;

type ToolStep = Extract<SessionStep, { tool: string }>;

export const codexLifecycle: Lifecycle<CodexLifecycleOptions> = {
  check(steps) {
    // codex exec runs with approvals bypassed (permission_mode "bypassPermissions" in every recorded payload).
    return steps.flatMap((step, i) =>
      stepKind(step) === 'approval'
        ? [{ step: i, field: 'approval', message: 'Codex (codex exec, approvals bypassed) never asks for permission, so there is no prompt to answer' }]
        : [],
    );
  },
  play: (input) => play(input.steps, input.host, input.files, input.paths, input.options ?? {}),
};

function* play(steps: SessionStep[], host: HostSettings, files: Record<string, string>, paths: { project: string; home: string }, options: CodexLifecycleOptions): LifecycleRun {
  const norm = (s: string) => s.split(paths.project).join('$PROJECT').split(paths.home).join('$HOME');
  const trusted = host.trusted !== false;
  const settings = loadCodexConfig(files, host).settings as unknown as CodexSettings;
  const filePath = (file: string) => (file.startsWith('~/') ? `$HOME/${file.slice(2)}` : `$PROJECT/${file}`);
  const userSaw = settings.disabledBy
    ? []
    : settings.notices.filter((n) => trusted || n.file.startsWith('~/')).map((n) => n.text.replace(/(~\/)?\.codex\/(hooks\.json|config\.toml)/g, (file) => filePath(file)));
  const hookRuns: Record<string, number> = {};
  const obs: CodexObservation = { requests: 0, tool: null, modelSaw: [], userSaw, stopRuns: [], hookRuns, exitCode: 0 };
  const cursor = new StepCursor(steps);
  /** The conversation's hook-made messages so far, in order. */
  const messages: string[] = [];
  let carried: string[] = [];
  let toolCalls = 0;
  let gapMs: number | undefined;
  let lastReply: string | null = null;

  function* event(name: string, payload: JsonObject): Generator<SessionEffect, Outcome, unknown> {
    const outcome = yield* fire(name, payload);
    const ran = outcome.hooks.filter((h) => h.ran).length;
    if (ran) hookRuns[name] = (hookRuns[name] ?? 0) + ran;
    if (name === 'Stop') for (let i = 0; i < ran; i++) obs.stopRuns.push(payload.stop_hook_active === true);
    return outcome;
  }
  const developer = (outcome: Outcome) => messages.push(...outcome.context.map((c) => `developer: ${norm(c)}`));
  function* request(): Generator<SessionEffect, void, unknown> {
    obs.requests++;
    const lead = { kind: 'sampling', request_id: `request-${obs.requests}`, attempt_number: 1 };
    yield* event('PreModelRequest', lead);
    carried = [...messages];
    yield* modelRequest(carried);
    yield* event('PostModelRequest', { ...lead, status: 'completed', error: null, response_id: `resp_${obs.requests}` });
  }
  const end = (reason: LifecycleEnd['reason'], message: string, step: number | null): LifecycleEnd => {
    obs.modelSaw = obs.requests > 0 ? carried : [];
    const observation: CodexLifecycleObservation = { observed: obs, ...(gapMs !== undefined ? { gapMs } : {}) };
    return { reason, message, step, observation };
  };
  function* finish(reason: LifecycleEnd['reason'], message: string, step: number | null): Generator<SessionEffect, LifecycleEnd, unknown> {
    yield* beginStep(null, 'session end');
    yield* event('SessionEnd', { reason: 'other' });
    return end(reason, message, step);
  }

  yield* beginStep(null, 'session start');
  if (settings.startupError) {
    // "Error loading config.toml": codex exec exits 1 before any hook, request or tool (recorded: config-toml-invalid).
    obs.userSaw = [];
    obs.exitCode = 1;
    yield* notice(`Error loading config.toml: ${settings.startupError.message}`);
    return end('invalid', `Codex cannot load ${settings.startupError.file} and exits 1 before the session starts`, null);
  }
  for (const text of userSaw) yield* notice(text);
  const start = yield* event('SessionStart', { source: 'startup' });
  if (start.halt) return yield* finish('halted', 'a SessionStart hook answered continue: false: the session does nothing', null);
  developer(start);

  while (!cursor.done) {
    const next = cursor.next()!;
    if (next.kind !== 'prompt') {
      // Only event steps can come between turns (the session checks reject the rest).
      if ('event' in next.step) {
        yield* beginStep(next.index, stepLabel(next.step));
        yield* event(next.step.event, next.step.payload as JsonObject);
      }
      continue;
    }
    yield* beginStep(next.index, stepLabel(next.step));
    const submit = yield* event('UserPromptSubmit', { prompt: (next.step as { prompt: string }).prompt });
    if (submit.verdict === 'block' || submit.halt) {
      // The prompt is dropped: no model request (recorded). codex exec has one prompt, so what a later prompt
      // does after it is not recorded; hookplay lets the next turn start.
      cursor.skipTurn();
      if (cursor.done) {
        return yield* finish(submit.halt ? 'halted' : 'prompt-blocked', `a UserPromptSubmit hook ${submit.halt ? 'answered continue: false' : 'blocked the prompt'}: Codex makes no model request`, next.index);
      }
      continue;
    }
    developer(submit);
    yield* request();
    const ended = yield* playTurn(next.index);
    if (ended) return ended;
  }
  return yield* finish('completed', 'every step was played', null);

  /** The model's side of a turn: tool calls and its reply, then Stop and its continuations. */
  function* playTurn(promptIndex: number): Generator<SessionEffect, LifecycleEnd | null, unknown> {
    let continuations = 0;
    for (;;) {
      const step = cursor.peek();
      if (step?.kind === 'tool') {
        cursor.next();
        yield* playTool(step.index, step.step as ToolStep);
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
        // From the docs: Codex fires Interrupt (observation only) and no Stop; the turn just ends.
        yield* beginStep(step.index, stepLabel(step.step));
        yield* event('Interrupt', {});
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
      const stop = yield* event('Stop', { stop_hook_active: continuations > 0, last_assistant_message: text });
      // continue: false wins over a block (recorded): the turn ends.
      if (stop.halt || stop.verdict !== 'block') return null;
      if (continuations >= MAX_CONTINUATIONS) {
        yield* notice(`Codex has no cap on Stop continuations: hookplay stopped after ${MAX_CONTINUATIONS}; the real CLI would go on as long as the hook blocks`);
        if (!cursor.done) return null;
        return yield* finish('stop-cap', `the Stop hook blocked ${MAX_CONTINUATIONS + 1} times; Codex has no cap, hookplay stopped the loop`, promptIndex);
      }
      continuations++;
      const parts = (stop.eventOut as { continuation: { hook: number; source: string; order: number; reason: string }[] }).continuation;
      messages.push(`user: ${parts.map((p) => wording.hookPrompt(`stop:${p.order}:${filePath(p.source)}`, norm(p.reason))).join('')}`);
      yield* request();
    }
  }

  function* playTool(index: number, step: ToolStep): Generator<SessionEffect, void, unknown> {
    yield* beginStep(index, stepLabel(step));
    const asked = step.input as JsonObject;
    const toolUseId = `call_${++toolCalls}`;
    // Codex reports its shell tool (exec_command) to hooks as "Bash".
    const shell = step.tool === 'Bash';
    const pre = yield* event('PreToolUse', { tool_name: step.tool, tool_input: asked, tool_use_id: toolUseId });
    developer(pre);
    const first = toolCalls === 1;
    if (pre.verdict === 'block') {
      const result = pre.shown?.model ?? '';
      obs.tool = { executed: false, command: null, exitCode: null, result: norm(result) };
      yield* recordTool({ name: step.tool, input: asked, ran: false, result, isError: true, decidedBy: 'hook', source: 'none' });
      if (first) gapMs = hookSpan(pre);
    } else {
      // A rewrite counts only through its command (recorded: pre-rewrite-extra-keys).
      const rewritten = isObject(pre.updatedInput) && typeof pre.updatedInput.command === 'string' ? pre.updatedInput.command : null;
      const input: JsonObject = rewritten !== null ? { ...asked, command: rewritten } : asked;
      const command = typeof input.command === 'string' ? input.command : '';
      let output: string;
      let exitCode: number;
      let toolMs = 0;
      if (step.result) {
        output = 'error' in step.result ? step.result.error : step.result.output;
        exitCode = 'error' in step.result ? 1 : 0;
      } else if (shell) {
        // stdout and stderr in one stream, as Codex shows it.
        const ran = yield* runTool(command, { mergeStderr: true });
        output = ran.output;
        exitCode = ran.exitCode;
        toolMs = ran.ms;
      } else {
        output = '';
        exitCode = 0;
      }
      obs.tool = { executed: true, command: shell ? command : null, exitCode, result: norm(output) };
      const post = yield* event('PostToolUse', { tool_name: step.tool, tool_input: input, tool_response: output, tool_use_id: toolUseId });
      developer(post);
      // A PostToolUse block changes what the model reads, not what ran.
      const result = post.verdict === 'block' && post.shown?.model !== undefined ? post.shown.model : output;
      obs.tool.result = norm(result);
      yield* recordTool({ name: step.tool, input, ran: true, result, isError: exitCode !== 0, decidedBy: rewritten !== null ? 'hook' : 'host', source: step.result || !shell ? 'given' : 'run', exitCode });
      if (first) gapMs = hookSpan(pre) + toolMs;
    }
    yield* request();
  }
}

/**
 * How long an event's hooks kept Codex waiting: from the first start to the last end. The oracle's timing bounds
 * (parallel hooks, timeouts) are about this span; hookplay's own workspace set-up is left out, so a loaded machine
 * does not make parallel hooks look sequential.
 */
function hookSpan(outcome: Outcome): number {
  const ran = outcome.hooks.filter((h) => h.startMs !== null && h.durationMs !== null);
  if (!ran.length) return 0;
  return Math.max(...ran.map((h) => h.startMs! + h.durationMs!)) - Math.min(...ran.map((h) => h.startMs!));
}
