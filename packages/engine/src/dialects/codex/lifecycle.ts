import type { Outcome } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import { StepCursor } from '../../session/cursor.js';
import { beginStep, fire, modelRequest, notice, recordTool, runTool, type Lifecycle, type LifecycleEnd, type LifecycleRun, type SessionEffect } from '../../session/effects.js';
import { stepKind, stepLabel, type SessionStep } from '../../session/steps.js';
import { isObject, type JsonObject } from '../../util/json.js';
import { loadCodexConfig, type CodexSettings } from './config.js';
import { approvalModeOf, escalationOf, MODELLED_ARGS, reviewerDenial, toolInputOf } from './approvals.js';
import { wording } from './wording.js';

/**
 * Codex CLI 0.171.0's lifecycle, as the oracle recorded `codex exec "do it"` (oracle/hosts/codex) and the session
 * sweep recorded whole sessions (oracle/sessions/codex.mjs, oracle/recorded/codex):
 * SessionStart → per turn UserPromptSubmit → a model request (PreModelRequest, the request, PostModelRequest) →
 * per tool call PreToolUse → the tool → PostToolUse, also after a command that failed → the next request → … →
 * Stop (a block sends one more request with the reason as a <hook_prompt> user message, and Stop runs again with
 * stop_hook_active; Codex has no cap) → SessionEnd. Hook contexts become developer messages, which stay in the
 * conversation for later turns, across a resume too.
 *
 * `codex exec` plays one prompt per process: a `resume` step ends the process (SessionEnd) and
 * `codex exec resume` starts the next (SessionStart with source "resume"), which carries the whole conversation on
 * (recorded: the sweep's resume-* cases). Several calls in one model message run side by side, each its own
 * PreToolUse → tool → PostToolUse, and one request follows with all their outputs (calls-* cases).
 */
export interface CodexLifecycleOptions {
  /** The oracle's mock model answers `FINAL_TEXT_<request number>` whenever it ends a turn. */
  oracleReplies?: boolean;
  /** hookplay's limit on Stop continuations in one turn (Codex has none); default MAX_CONTINUATIONS. */
  maxContinuations?: number;
  /** The automatic reviewer's rationale for a refusal (`--approve-for-me`), as the harness's mock words it. */
  reviewer?: { deny: string; unanswered: string };
}

/** One tool call as the model lived it: ran or not, the command as executed, its exit code, what the model read. */
export interface CodexCallObservation {
  executed: boolean;
  command: string | null;
  exitCode: number | null;
  result: string | null;
}

export interface CodexObservation {
  /** Responses API requests Codex made. */
  requests: number;
  /** The first tool call (the oracle's one-call cases compare this one). */
  tool: CodexCallObservation | null;
  /** Hook texts the model read in the last request, in order: `developer: …` messages and `user: <hook_prompt…>`. */
  modelSaw: string[];
  /** Codex's own warnings about the hook config (error items of `codex exec --json`). */
  userSaw: string[];
  /** stop_hook_active of each Stop hook process. */
  stopRuns: boolean[];
  /** Hook processes started, per event. */
  hookRuns: Record<string, number>;
  /** The last `codex exec` process's exit code. */
  exitCode: number;
  /** Every tool call, in the order the model made them. */
  tools?: CodexCallObservation[];
  /** The hook texts of every request, in order. */
  requestsSaw?: string[][];
  /** Each `codex exec` process's exit code (a resumed session is several). */
  exits?: number[];
  /**
   * From this request on, developer messages of calls that ran side by side are in the order their hooks finished,
   * which the engine cannot fix: compare those requests' texts in any order.
   */
  racyFrom?: number;
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

interface Call {
  index: number;
  tool: string;
  input: JsonObject;
  given?: { output: string } | { error: string };
}

export const codexLifecycle: Lifecycle<CodexLifecycleOptions> = {
  supports: ['calls', 'resume'],
  check(steps, host) {
    const mode = approvalModeOf(host);
    return steps.flatMap((step, i) => {
      if (stepKind(step) !== 'approval') return [];
      if (mode === 'never') return [{ step: i, field: 'approval', message: 'Codex (codex exec, approvals bypassed) never asks for permission, so there is no prompt to answer; with host.args ["--approve-for-me"] a call that asks to leave the sandbox is reviewed, and an approval step answers as the reviewer' }];
      return [];
    });
  },
  play: (input) => play(input.steps, input.host, input.files, input.paths, input.options ?? {}),
};

function* play(steps: SessionStep[], host: HostSettings, files: Record<string, string>, paths: { project: string; home: string }, options: CodexLifecycleOptions): LifecycleRun {
  const norm = (s: string) => s.split(paths.project).join('$PROJECT').split(paths.home).join('$HOME');
  const trusted = host.trusted !== false;
  const mode = approvalModeOf(host);
  const settings = loadCodexConfig(files, host).settings as unknown as CodexSettings;
  const filePath = (file: string) => (file.startsWith('~/') ? `$HOME/${file.slice(2)}` : `$PROJECT/${file}`);
  const configNotices = settings.disabledBy
    ? []
    : settings.notices.filter((n) => trusted || n.file.startsWith('~/')).map((n) => n.text.replace(/(~\/)?\.codex\/(hooks\.json|config\.toml)/g, (file) => filePath(file)));
  const hookRuns: Record<string, number> = {};
  const tools: CodexCallObservation[] = [];
  const requestsSaw: string[][] = [];
  const exits: number[] = [];
  const obs: CodexObservation = { requests: 0, tool: null, modelSaw: [], userSaw: [], stopRuns: [], hookRuns, exitCode: 0, tools, requestsSaw, exits };
  const cursor = new StepCursor(steps);
  /** The conversation's hook-made messages so far, in order. */
  const messages: string[] = [];
  let carried: string[] = [];
  let toolCalls = 0;
  let gapMs: number | undefined;
  let lastReply: string | null = null;
  /** Whether a `codex exec` process is running (a SessionStart continue: false ends it before its prompt). */
  let open = false;
  // Every payload says how the session was launched: approvals bypassed, or reviewed (recorded: approve-* cases).
  const permissionMode = mode === 'reviewed' ? 'default' : 'bypassPermissions';
  const maxContinuations = options.maxContinuations ?? MAX_CONTINUATIONS;

  function* event(name: string, payload: JsonObject): Generator<SessionEffect, Outcome, unknown> {
    const withMode = name === 'SessionEnd' || name === 'PreModelRequest' || name === 'PostModelRequest' ? payload : { ...payload, permission_mode: permissionMode };
    const outcome = yield* fire(name, mode === 'reviewed' ? withMode : payload);
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
    requestsSaw.push(carried);
    yield* modelRequest(carried);
    yield* event('PostModelRequest', { ...lead, status: 'completed', error: null, response_id: `resp_${obs.requests}` });
  }
  const end = (reason: LifecycleEnd['reason'], message: string, step: number | null): LifecycleEnd => {
    obs.modelSaw = obs.requests > 0 ? carried : [];
    obs.tool = tools[0] ?? null;
    obs.exitCode = exits[exits.length - 1] ?? 0;
    const observation: CodexLifecycleObservation = { observed: obs, ...(gapMs !== undefined ? { gapMs } : {}) };
    return { reason, message, step, observation };
  };
  /** The running process ends: SessionEnd (reason "other" in codex exec), exit 0. */
  function* endProcess(): Generator<SessionEffect, void, unknown> {
    if (!open) return;
    open = false;
    yield* beginStep(null, 'session end');
    yield* event('SessionEnd', { reason: 'other' });
    exits.push(0);
  }
  function* finish(reason: LifecycleEnd['reason'], message: string, step: number | null): Generator<SessionEffect, LifecycleEnd, unknown> {
    yield* endProcess();
    return end(reason, message, step);
  }
  /**
   * Whether the session is listed among the saved ones: a session whose first process ended at SessionStart got
   * no prompt and is not, so `codex exec resume --last` finds nothing and starts a new session, SessionStart source
   * "startup" (x-start-halt-then-resume); resumed by its id it still resumes (x-start-halt-then-resume-by-id), and
   * a session whose prompt a hook dropped is listed (x-prompt-halt-then-resume).
   */
  let persisted = false;
  /** A `codex exec` process starts: its config warnings, then SessionStart. */
  function* startProcess(requested: 'startup' | 'resume' | 'continue'): Generator<SessionEffect, void, unknown> {
    const fresh = requested === 'continue' && !persisted;
    const source = requested === 'startup' || fresh ? 'startup' : 'resume';
    if (fresh) {
      yield* notice('no earlier session was saved (it ended before its first prompt): codex exec resume --last starts a new one');
      messages.length = 0;
    }
    open = true;
    obs.userSaw.push(...configNotices);
    for (const text of configNotices) yield* notice(text);
    const start = yield* event('SessionStart', { source });
    developer(start);
    if (start.halt) {
      // continue: false: this process does nothing more (recorded: session-start-continue-false).
      yield* endProcess();
    }
  }
  /** After a process ended early, the steps up to the next resume are never reached. */
  const skipToResume = () => {
    while (!cursor.done && cursor.peek()!.kind !== 'resume') cursor.next();
  };

  yield* beginStep(null, 'session start');
  for (const arg of host.args ?? []) {
    if (!MODELLED_ARGS.has(arg)) yield* notice(`hookplay does not model codex exec's ${JSON.stringify(arg)}: the session is played as if it were not given`);
  }
  if (settings.startupError) {
    // "Error loading config.toml": codex exec exits 1 before any hook, request or tool (recorded: config-toml-invalid).
    exits.push(1);
    yield* notice(`Error loading config.toml: ${settings.startupError.message}`);
    return end('invalid', `Codex cannot load ${settings.startupError.file} and exits 1 before the session starts`, null);
  }
  yield* startProcess('startup');
  let halted = !open;
  let lastEnd: { reason: LifecycleEnd['reason']; message: string; step: number | null } | null = halted ? { reason: 'halted', message: 'a SessionStart hook answered continue: false: the session does nothing', step: null } : null;
  if (halted) skipToResume();

  while (!cursor.done) {
    const next = cursor.next()!;
    if (next.kind === 'resume') {
      yield* endProcess();
      yield* beginStep(next.index, stepLabel(next.step));
      lastEnd = null;
      yield* startProcess((next.step as { resume: 'resume' | 'continue' }).resume);
      if (!open) {
        lastEnd = { reason: 'halted', message: 'a SessionStart hook answered continue: false: the resumed session does nothing', step: next.index };
        skipToResume();
      }
      continue;
    }
    if (next.kind !== 'prompt') {
      // Only event steps can come between turns (the session checks reject the rest).
      if ('event' in next.step) {
        yield* beginStep(next.index, stepLabel(next.step));
        yield* event(next.step.event, next.step.payload as JsonObject);
      }
      continue;
    }
    yield* beginStep(next.index, stepLabel(next.step));
    persisted = true;
    const submit = yield* event('UserPromptSubmit', { prompt: (next.step as { prompt: string }).prompt });
    if (submit.verdict === 'block' || submit.halt) {
      // The prompt is dropped: no model request (recorded). In codex exec the process then ends; a later prompt
      // comes in a resumed process, or (in the interactive CLI) as the next turn.
      while (!cursor.done && cursor.peek()!.kind !== 'prompt' && cursor.peek()!.kind !== 'resume') cursor.next();
      lastEnd = { reason: submit.halt ? 'halted' : 'prompt-blocked', message: `a UserPromptSubmit hook ${submit.halt ? 'answered continue: false' : 'blocked the prompt'}: Codex makes no model request`, step: next.index };
      continue;
    }
    lastEnd = null;
    developer(submit);
    yield* request();
    const ended = yield* playTurn(next.index);
    if (ended) return ended;
  }
  halted = lastEnd !== null;
  if (halted) return yield* finish(lastEnd!.reason, lastEnd!.message, lastEnd!.step);
  return yield* finish('completed', 'every step was played', null);

  /** The model's side of a turn: tool calls and its reply, then Stop and its continuations. */
  function* playTurn(promptIndex: number): Generator<SessionEffect, LifecycleEnd | null, unknown> {
    let continuations = 0;
    for (;;) {
      const step = cursor.peek();
      if (step?.kind === 'tool') {
        cursor.next();
        const s = step.step as { tool: string; input: JsonObject; result?: Call['given'] };
        yield* beginStep(step.index, stepLabel(step.step));
        yield* playCalls([{ index: step.index, tool: s.tool, input: s.input, ...(s.result ? { given: s.result } : {}) }]);
        continue;
      }
      if (step?.kind === 'calls') {
        cursor.next();
        const s = step.step as { calls: { tool: string; input: JsonObject; result?: Call['given'] }[] };
        // Each call gets its own timeline entry (playCalls), all of this step.
        yield* playCalls(s.calls.map((c) => ({ index: step.index, tool: c.tool, input: c.input, ...(c.result ? { given: c.result } : {}) })));
        continue;
      }
      if (step?.kind === 'approval') {
        // An approval answers the reviewer of the call before it; playCalls took it already when it was asked.
        cursor.next();
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
      const parts = (stop.eventOut as { continuation: { hook: number; source: string; order: number; reason: string }[] }).continuation;
      // Codex writes the continuation prompt into the conversation before it asks the model (a resumed session
      // carries the last one: x-stop-always-blocks-then-resume).
      messages.push(`user: ${parts.map((p) => wording.hookPrompt(`stop:${p.order}:${filePath(p.source)}`, norm(p.reason))).join('')}`);
      if (continuations >= maxContinuations) {
        // hookplay's own limit, not Codex's: the process is stopped there (no SessionEnd), as the harness stops
        // the real CLI when the mock is asked for one continuation more (x-stop-always-blocks).
        yield* notice(`hookplay's limit: Codex has no cap on Stop continuations, so hookplay stopped this codex process after ${maxContinuations}; the real CLI would go on as long as the hook blocks`);
        open = false;
        exits.push(-1);
        skipToResume();
        if (!cursor.done) return null;
        return end('limit', `the Stop hook blocked ${maxContinuations + 1} times; Codex has no cap, so hookplay stopped the loop (its own limit)`, promptIndex);
      }
      continuations++;
      yield* request();
    }
  }

  /**
   * One model message's tool calls. Each call is its own pipeline (PreToolUse → the tool → PostToolUse) and Codex
   * runs them side by side (recorded: calls-*): hookplay plays them one after the other, and says that the
   * developer messages they add reach the next request in the order their hooks finished.
   */
  function* playCalls(calls: Call[]): Generator<SessionEffect, void, unknown> {
    if (calls.length > 1 && obs.racyFrom === undefined) obs.racyFrom = obs.requests;
    for (const [k, call] of calls.entries()) {
      if (calls.length > 1) {
        yield* beginStep(call.index, `call ${k + 1} of ${calls.length}: ${stepLabel({ tool: call.tool, input: call.input })}`);
        if (k === 0) yield* notice(`Codex runs these ${calls.length} calls side by side: the developer messages their hooks add reach the model in the order the hooks finish, which hookplay does not fix`);
      }
      yield* playCall(call);
    }
    yield* request();
  }

  function* playCall(call: Call): Generator<SessionEffect, void, unknown> {
    const asked = call.input;
    const toolUseId = `call_${++toolCalls}`;
    // Codex reports its shell tool (exec_command) to hooks as "Bash", with the command alone as tool_input.
    const shell = call.tool === 'Bash';
    const hookInput = toolInputOf(call.tool, asked);
    const first = toolCalls === 1;
    const pre = yield* event('PreToolUse', { tool_name: call.tool, tool_input: hookInput, tool_use_id: toolUseId });
    developer(pre);
    const notRun = function* (result: string, decidedBy: 'hook' | 'host' | 'user') {
      tools.push({ executed: false, command: null, exitCode: null, result: norm(result) });
      yield* recordTool({ name: call.tool, input: asked, ran: false, result, isError: true, decidedBy, source: 'none' });
    };
    if (pre.verdict === 'block') {
      yield* notRun(pre.shown?.model ?? '', 'hook');
      if (first) gapMs = hookSpan(pre);
      return;
    }
    // A rewrite counts only through its command (recorded: pre-rewrite-extra-keys).
    const rewritten = isObject(pre.updatedInput) && typeof pre.updatedInput.command === 'string' ? pre.updatedInput.command : null;
    const escalation = shell ? escalationOf(asked) : null;
    let decidedBy: 'hook' | 'host' | 'user' = rewritten !== null ? 'hook' : 'host';
    if (escalation) {
      if (mode === 'never') {
        // codex exec's approval policy is never: a call asking to leave the sandbox is refused before it runs, with
        // no PostToolUse (recorded: approve-never-escalation).
        yield* notRun(wording.escalationNever, 'host');
        if (first) gapMs = hookSpan(pre);
        return;
      }
      const command = rewritten ?? (typeof asked.command === 'string' ? asked.command : '');
      const permission = yield* event('PermissionRequest', { tool_name: call.tool, tool_input: { command, ...(escalation.justification !== null ? { description: escalation.justification } : {}) } });
      if (permission.verdict === 'block') {
        yield* notRun(wording.rejected(permission.reason ?? wording.permissionDenied), 'hook');
        return;
      }
      if (permission.verdict === 'allow') decidedBy = 'hook';
      else {
        // No hook decided: Codex's automatic reviewer does (an approval step of the scenario answers as it).
        const answer = cursor.peek()?.kind === 'approval' ? (cursor.next()!.step as { approval: 'allow' | 'deny' }).approval : null;
        if (answer !== 'allow') {
          yield* notRun(wording.rejected(reviewerDenial(answer, options.reviewer)), 'user');
          return;
        }
        decidedBy = 'user';
      }
    }
    const input: JsonObject = rewritten !== null ? { ...hookInput, command: rewritten } : hookInput;
    const command = typeof input.command === 'string' ? input.command : '';
    let output: string;
    let exitCode: number;
    let toolMs = 0;
    if (call.given) {
      output = 'error' in call.given ? call.given.error : call.given.output;
      exitCode = 'error' in call.given ? 1 : 0;
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
    const seen: CodexCallObservation = { executed: true, command: shell ? command : null, exitCode, result: norm(output) };
    tools.push(seen);
    const post = yield* event('PostToolUse', { tool_name: call.tool, tool_input: input, tool_response: output, tool_use_id: toolUseId });
    developer(post);
    // A PostToolUse block changes what the model reads, not what ran.
    const result = post.verdict === 'block' && post.shown?.model !== undefined ? post.shown.model : output;
    seen.result = norm(result);
    yield* recordTool({ name: call.tool, input, ran: true, result, isError: exitCode !== 0, decidedBy, source: call.given || !shell ? 'given' : 'run', exitCode });
    if (first) gapMs = hookSpan(pre) + toolMs;
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
