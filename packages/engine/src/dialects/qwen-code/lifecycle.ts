import type { Outcome, SessionTool } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import { StepCursor } from '../../session/cursor.js';
import { beginStep, diagnostic, fire, modelRequest, notice, recordTool, runTool, type Lifecycle, type LifecycleEnd, type LifecycleRun, type SessionEffect } from '../../session/effects.js';
import { stepKind, stepLabel, type SessionStep } from '../../session/steps.js';
import type { JsonObject } from '../../util/json.js';
import type { QwenCodeEventOut } from './combine.js';
import { MODEL } from './payload.js';
import { approvalModeOf, decideShell, decideTool, permissionRules, readOnlyCommand, refusalText, type CallDecision } from './permission.js';
import { stopBlockCap } from './settings-values.js';
import { recorded } from './evidence.js';
import { wording } from './wording.js';

/**
 * Qwen Code 0.24.4's lifecycle, as the oracle recorded `qwen "do it" --yolo -o stream-json` (oracle/hosts/qwen-code):
 * InstructionsLoaded → SessionStart (its context joins the system prompt) → Notification (auth) → per turn
 * UserPromptSubmit → a model request → per tool call PreToolUse → the tool → PostToolUse, or PostToolUseFailure when
 * the command failed → PostToolBatch → UserPromptSubmit again for the tool result → the next request → … → the
 * answer (MessageDisplay twice) → Stop (a block sends its text as a new user message, 8 Stop runs at most). A
 * one-shot run fires no SessionEnd. Before a call's hooks, its approval mode (host.args, else the harness's --yolo;
 * an untrusted folder forces default) and the settings' permission rules decide whether it may run at all: a refused
 * call gets no PreToolUse, PermissionRequest or PostToolUse, only PostToolBatch (recorded: perm-*, untrusted-*). Where
 * an interactive Qwen Code would ask, an approval step answers that prompt instead (from the docs).
 */
export interface QwenLifecycleOptions {
  /** The oracle's mock model answers `FINAL_TEXT_<request number>` whenever it answers with text. */
  oracleReplies?: boolean;
}

export interface ToolSeen {
  executed: boolean;
  input: JsonObject | null;
  result: string | null;
  isError: boolean | null;
}

export interface Observation {
  requests: number;
  /** The first tool call. */
  tool: ToolSeen | null;
  /** The last request's conversation, minus Qwen Code's own context: `role: text` lines. */
  conversation: string[];
  stopRuns: boolean[];
  /** Hook processes started, per command. */
  hookRuns: Record<string, number>;
  ended: { subtype: string; isError: boolean; result: string } | null;
  /** Every request's conversation, in order. */
  conversations: string[][];
  /** Every tool call, in the order the model made them. */
  tools: ToolSeen[];
  /** Each run's result, when the session has several (a resume starts another `qwen` process). */
  endings?: ({ subtype: string; isError: boolean; result: string } | null)[];
}

export interface QwenLifecycleObservation {
  observed: Observation;
  /** How long the first tool call kept Qwen Code from its next request: hook spans and the command. */
  gapMs?: number;
}

const SHELL = 'run_shell_command';
/** The harness's mock names a message's one call `call_mock_<request>`, the k-th of several `call_mock_<request>_<k>`. */
const callId = (request: number, k: number, of: number) => (of === 1 ? `call_mock_${request}` : `call_mock_${request}_${k + 1}`);
const TOOL_USE_ID = 'toolu_1796067363779_956phwmee';

type ToolStep = Extract<SessionStep, { tool: string }>;
type CallsStep = Extract<SessionStep, { calls: unknown[] }>;

export const qwenLifecycle: Lifecycle<QwenLifecycleOptions> = {
  supports: ['calls', 'resume'],
  check(steps, host) {
    if (approvalModeOf(host) !== 'yolo') return [];
    // --yolo approves every call in a trusted folder: there is no prompt to answer.
    return steps.flatMap((step, i) =>
      stepKind(step) === 'approval'
        ? [{ step: i, field: 'approval', message: 'Qwen Code (--yolo) asks for permission only in another approval mode (host.args) or an untrusted folder (host.trusted false), so there is no prompt to answer' }]
        : [],
    );
  },
  play: (input) => play(input.steps, input.host, input.files, input.paths, input.options ?? {}),
};

function* play(steps: SessionStep[], host: HostSettings, files: Record<string, string>, paths: { project: string; home: string }, options: QwenLifecycleOptions): LifecycleRun {
  const cap = stopBlockCap(files, host);
  const norm = (s: string) => s.split(paths.project).join('$PROJECT').split(paths.home).join('$HOME');
  const mode = approvalModeOf(host);
  const rules = permissionRules(files, host, mode);
  const hookRuns: Record<string, number> = {};
  const obs: Observation = { requests: 0, tool: null, conversation: [], stopRuns: [], hookRuns, ended: null, conversations: [], tools: [] };
  const endings: Observation['ended'][] = [];
  const cursor = new StepCursor(steps);
  const system: string[] = [];
  const messages: string[] = [];
  /** Indices in `messages` of what the chat's saved history does not keep (gone after a resume). */
  const unsaved = new Set<number>();
  /** Indices in `messages` of the model's text answers: the saved history runs consecutive ones together. */
  const answersAt = new Set<number>();
  /** The hook-made texts of the conversation, in order: what the session's transcript shows. */
  const told: string[] = [];
  let disabled = false;
  /** The model's texts of this prompt: stream-json's result is all of them, run together. */
  let texts: string[] = [];
  let toolCalls = 0;
  let gapMs: number | undefined;
  let lastReply: string | null = null;
  let lastSubmit: Outcome | null = null;

  function* event(name: string, payload: JsonObject): Generator<SessionEffect, { outcome: Outcome; out: QwenCodeEventOut | null }, unknown> {
    // The approval mode, as the hooks read it (an untrusted folder overrides --yolo to default).
    const outcome = yield* fire(name, { permission_mode: mode, ...payload });
    if (outcome.diagnostics.some((d) => d.code === 'config.hooks-disabled')) disabled = true;
    for (const h of outcome.hooks) if (h.ran) hookRuns[h.command] = (hookRuns[h.command] ?? 0) + 1;
    if (outcome.shown?.user) yield* notice(outcome.shown.user);
    return { outcome, out: (outcome.eventOut as QwenCodeEventOut | null) ?? null };
  }
  function* request(): Generator<SessionEffect, number, unknown> {
    obs.requests++;
    obs.conversation = [...system, ...messages].map(norm);
    obs.conversations.push(obs.conversation);
    yield* modelRequest(told.map(norm));
    return obs.requests;
  }
  /** UserPromptSubmit for a send (the prompt, a tool result, a Stop continuation); false when it ends the turn. */
  function* submit(text: string, first: boolean): Generator<SessionEffect, boolean, unknown> {
    const { outcome, out } = yield* event('UserPromptSubmit', first ? { prompt: text, submitted_prompt: text } : { prompt: text });
    lastSubmit = outcome;
    if (out?.promptBlocked !== undefined) {
      obs.ended = { subtype: 'success', isError: false, result: texts.join('') };
      return false;
    }
    if (out?.context) {
      // The context of a tool results' send is not kept in the chat's saved history: a resumed session has it no
      // more (recorded: resume-UserPromptSubmit-plain); the prompt's is kept.
      if (text === '' && !first) unsaved.add(messages.length);
      messages.push(`user: ${out.context}`);
      told.push(out.context);
    }
    return true;
  }
  /** Skips the rest of the turn: up to the next prompt, or the resume step that starts the next process. */
  function skipTurn(): void {
    while (!cursor.done && !['prompt', 'resume'].includes(cursor.peek()!.kind)) cursor.next();
  }
  /** MessageDisplay fires twice for a streamed text answer: while it streams, then once final. */
  function* display(n: number, text: string): Generator<SessionEffect, void, unknown> {
    for (const isFinal of [false, true]) yield* event('MessageDisplay', { message_id: `message-${n}`, displayed_text: text, is_final: isFinal });
  }
  const end = (reason: LifecycleEnd['reason'], message: string, step: number | null): LifecycleEnd => {
    if (endings.length) obs.endings = [...endings, obs.ended];
    const observation: QwenLifecycleObservation = { observed: obs, ...(gapMs !== undefined ? { gapMs } : {}) };
    return { reason, message, step, observation };
  };

  yield* beginStep(null, 'session start');
  // Settings Qwen Code cannot read stop it before anything runs: no hook, no request, no result.
  // Then, before the session starts, it loads its instruction files (a fresh home has output-language.md).
  const loaded = yield* event('InstructionsLoaded', { file_path: '~/.qwen/output-language.md', memory_type: 'extension', load_reason: 'session_start' });
  if (loaded.outcome.diagnostics.some((d) => d.code === 'config.host-refuses-to-start')) {
    disabled = true;
    return end('invalid', 'Qwen Code cannot read its settings and refuses to start: nothing runs', null);
  }
  yield* startSession('startup');

  let endedBy: { reason: LifecycleEnd['reason']; message: string; step: number } | null = null;
  while (!cursor.done) {
    const next = cursor.next()!;
    if (next.kind === 'resume') {
      // Another `qwen --continue` / `--resume <id>` process: the conversation so far is loaded, its own start runs
      // again (recorded: resume-*), and its system prompt holds only this start's SessionStart context.
      yield* beginStep(next.index, stepLabel(next.step));
      endings.push(obs.ended);
      obs.ended = null;
      endedBy = null;
      yield* event('InstructionsLoaded', { file_path: '~/.qwen/output-language.md', memory_type: 'extension', load_reason: 'session_start' });
      system.length = 0;
      const kept = resumedMessages();
      messages.length = 0;
      messages.push(...kept.messages);
      unsaved.clear();
      answersAt.clear();
      for (const i of kept.answers) answersAt.add(i);
      yield* startSession('resume');
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
    texts = [];
    endedBy = null;
    messages.push(`user: ${prompt}`);
    if (!(yield* submit(prompt, true))) {
      // A blocked prompt never reaches the chat's saved history: a resumed session has it no more (recorded:
      // resume-after-blocked-prompt).
      unsaved.add(messages.length - 1);
      // What a later prompt does after a blocked one is not recorded (a one-shot run has one prompt): the next turn starts.
      skipTurn();
      endedBy = { reason: 'prompt-blocked', message: 'a UserPromptSubmit hook blocked the prompt: no model request', step: next.index };
      continue;
    }
    yield* request();
    endedBy = yield* playTurn(next.index);
  }
  // A one-shot run fires no SessionEnd (recorded).
  if (endedBy && cursor.done) return end(endedBy.reason, endedBy.message, endedBy.step);
  return end('completed', 'every step was played', null);

  /** The conversation as a resumed process loads it: what was saved, with answers next to each other run together. */
  function resumedMessages(): { messages: string[]; answers: number[] } {
    const out: string[] = [];
    const answers: number[] = [];
    messages.forEach((m, i) => {
      if (unsaved.has(i)) return;
      if (answersAt.has(i) && answers.includes(out.length - 1)) {
        out[out.length - 1] += m.slice('assistant: '.length);
        return;
      }
      if (answersAt.has(i)) answers.push(out.length);
      out.push(m);
    });
    return { messages: out, answers };
  }

  /** SessionStart (its context joins the system prompt), then the auth Notification. */
  function* startSession(source: 'startup' | 'resume'): Generator<SessionEffect, void, unknown> {
    const start = yield* event('SessionStart', { source, model: MODEL });
    const startContext = start.out?.context;
    if (startContext) {
      system.push(`system: ${startContext.replace(/^<qwen:session-start-context[^>]*>\n/, '').replace(/\n<\/qwen:session-start-context>$/, '')}`);
      told.push(startContext);
    }
    yield* event('Notification', { message: 'Successfully authenticated with openai', notification_type: 'auth_success', title: 'Authentication successful' });
  }

  /** The model's side of a turn; returns how it ended when that was not the model's own answer. */
  function* playTurn(promptIndex: number): Generator<SessionEffect, { reason: LifecycleEnd['reason']; message: string; step: number } | null, unknown> {
    let blocks = 0;
    for (;;) {
      const step = cursor.peek();
      if (step?.kind === 'tool' || step?.kind === 'calls') {
        cursor.next();
        const calls = step.kind === 'tool' ? [step.step as ToolStep] : ((step.step as CallsStep).calls as ToolStep[]);
        if (!(yield* playCalls(step.index, calls))) {
          skipTurn();
          return { reason: 'prompt-blocked', message: 'a UserPromptSubmit hook blocked the send of a tool result: the turn ends', step: step.index };
        }
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
        yield* beginStep(step.index, stepLabel(step.step));
        yield* diagnostic({ level: 'info', code: 'session.from-docs', message: 'an interrupt ends the turn without Stop (from the docs: not recorded)', evidence: { kind: 'docs' } });
        return { reason: 'interrupted', message: 'the user interrupted the turn', step: step.index };
      }
      let text: string;
      if (step?.kind === 'reply') {
        cursor.next();
        yield* beginStep(step.index, stepLabel(step.step));
        text = (step.step as { reply: string }).reply;
      } else {
        yield* beginStep(null, blocks > 0 ? 'the model answers again' : 'the model ends its turn');
        text = options.oracleReplies ? `FINAL_TEXT_${obs.requests}` : (lastReply ?? 'Done.');
      }
      lastReply = text;
      answersAt.add(messages.length);
      messages.push(`assistant: ${text}`);
      texts.push(text);
      yield* display(obs.requests, text);
      obs.ended = { subtype: 'success', isError: false, result: texts.join('') };

      const stop = yield* event('Stop', { stop_hook_active: blocks > 0, last_assistant_message: text, background_tasks: [], crons: [], context_usage: 0.0000762939453125, context_limit: 131072, input_tokens: 10 });
      if (!disabled) obs.stopRuns.push(blocks > 0);
      const more = stop.out?.continueWith;
      if (more === undefined) return null;
      blocks++;
      if (blocks >= cap.cap) {
        const from = cap.from === 'env' ? ' (QWEN_CODE_STOP_HOOK_BLOCK_CAP)' : cap.from === 'setting' ? ' (stopHookBlockingCap)' : '';
        yield* notice(`Stop hooks blocked ${cap.cap} times: Qwen Code ends the turn anyway`);
        yield* diagnostic({ level: 'info', code: 'rule.stop-cap', message: `the cap on Stop blocks in a row is ${cap.cap}${from}: QWEN_CODE_STOP_HOOK_BLOCK_CAP wins when set (a whole number; 0 or text means the default 8), else the stopHookBlockingCap setting (rounded down, at most 100)`, evidence: recorded(['stop-block-always-cap', 'stop-cap-env-2', 'stop-cap-env-0', 'stop-cap-setting-3-env-2', 'stop-cap-setting-1-5'])! });
        return { reason: 'stop-cap', message: `Stop hooks blocked ${cap.cap} times in a row; Qwen Code ended the turn anyway`, step: promptIndex };
      }
      // The continuation is sent as a hook message, which the chat's saved history does not keep: after a resume the
      // answers around it read as one (recorded: resume-stop-block-once-each-run).
      unsaved.add(messages.length);
      messages.push(`user: ${more}`);
      told.push(more);
      if (!(yield* submit(more, false))) {
        skipTurn();
        return { reason: 'prompt-blocked', message: "a UserPromptSubmit hook blocked the Stop hook's continuation: the turn ends", step: promptIndex };
      }
      yield* request();
    }
  }

  /**
   * The calls of one model message, then the send of their results; false when UserPromptSubmit blocks that send.
   * Several calls run one after another, each with its own PreToolUse, PostToolUse and PostToolBatch, and one
   * UserPromptSubmit sends all their results (recorded: calls-*, with commands that write; commands Qwen Code deems
   * read-only run at once instead, and the CLI loses one's output at random: calls-read-only-at-once keeps both answers).
   */
  function* playCalls(index: number, calls: ToolStep[]): Generator<SessionEffect, boolean, unknown> {
    yield* beginStep(index, stepLabel(calls.length === 1 ? calls[0]! : ({ calls } as SessionStep)));
    if (calls.length > 1 && calls.every((c) => c.tool === SHELL && readOnlyCommand(String((c.input as JsonObject).command ?? '')))) {
      yield* diagnostic({
        level: 'warning',
        code: 'session.nondeterministic',
        message: 'Qwen Code runs read-only shell calls of one message at once, and the real CLI is nondeterministic there: of four recorded runs of the same two calls, some lost one call\'s output (Output: (empty)) and some did not. hookplay plays them one after another, each with its output',
        evidence: recorded(['calls-read-only-at-once'])!,
      });
    }
    const first = toolCalls === 0;
    toolCalls += calls.length;
    const asked = obs.requests;
    for (const call of calls) messages.push(`assistant: call ${call.tool} ${JSON.stringify(call.input)}`);
    // stream-json's result is the model's text after its last tool call (recorded: stop-block-then-tool).
    texts = [];
    const spans: Outcome[] = [];
    let toolMs = 0;
    for (const [k, call] of calls.entries()) {
      const ran = yield* playTool(call, callId(asked, k, calls.length));
      spans.push(...ran.spans);
      if (k === 0) toolMs = ran.toolMs;
      messages.push(`tool: ${ran.modelResult}`);
    }
    const sent = yield* submit('', false);
    if (lastSubmit) spans.push(lastSubmit);
    if (first) gapMs = spans.reduce((sum, o) => sum + hookSpan(o), 0) + toolMs;
    if (!sent) return false;
    yield* request();
    return true;
  }

  /** One tool call: its hooks, the command, what the model reads back. */
  function* playTool(step: ToolStep, TOOL_CALL_ID: string): Generator<SessionEffect, { modelResult: string; spans: Outcome[]; toolMs: number }, unknown> {
    const tool = step.input as JsonObject;
    const record = (t: Omit<SessionTool, 'name'>) => recordTool({ name: step.tool, ...t });
    const spans: Outcome[] = [];
    let toolMs = 0;
    const seen = (t: ToolSeen) => {
      obs.tool ??= t;
      obs.tools.push(t);
    };
    let modelResult: string;
    const decision: CallDecision = step.tool === SHELL ? decideShell(String(tool.command ?? ''), mode, rules) : decideTool(step.tool, rules);
    // An interactive Qwen Code asks where the one-shot run declines on its own (its added deny rules, a needed
    // confirmation); a deny rule of the settings never asks.
    const asks = decision.kind === 'needs-confirmation' || (decision.kind !== 'run' && decision.injected);
    const approval = asks ? cursor.take('approval') : null;
    let declined = decision.kind !== 'run';
    if (declined && !approval) yield* diagnostic(refusalNote(decision as Exclude<CallDecision, { kind: 'run' }>));
    if (approval) {
      // From the docs: in the default approval mode Qwen Code asks; PermissionRequest hooks may answer first.
      const permission = yield* event('PermissionRequest', { tool_name: step.tool, tool_input: tool, permission_suggestions: [] });
      // The user's answer is its own entry on the timeline: what follows (the call, or its denial) comes after it.
      yield* beginStep(approval.index, stepLabel(approval.step));
      const verdict = permission.outcome.verdict;
      const answer = (approval.step as { approval: 'allow' | 'deny' }).approval;
      if (verdict === 'allow' || verdict === 'block') {
        yield* diagnostic({ level: 'warning', code: 'session.nothing-to-approve', message: `no permission prompt was pending: a PermissionRequest hook decided (${verdict === 'allow' ? 'allow' : 'deny'}), so this answer changes nothing` });
      } else {
        yield* diagnostic({
          level: 'info',
          code: 'session.user-answer',
          message: `the user answers the permission prompt: ${answer}. Outside --yolo (host.args, or an untrusted folder) an interactive Qwen Code asks after PermissionRequest hooks leave the call undecided; the recorded one-shot run cannot ask (it declines), so this part is from the docs`,
          evidence: { kind: 'docs', source: 'qwen-code docs/users/features/hooks.md (PermissionRequest)' },
        });
      }
      declined = verdict === 'block' || (verdict !== 'allow' && answer === 'deny');
    }
    /**
     * PostToolBatch also follows a call that never ran (declined, or stopped by PreToolUse: recorded
     * untrusted-*, one-call-PreToolUse-continue-false); what its answer does to such a result is not recorded, so
     * it is applied as to a call that failed.
     */
    function* batchForUnrun(result: string): Generator<SessionEffect, string, unknown> {
      const batch = yield* event('PostToolBatch', {
        tool_calls: [{ tool_name: step.tool, tool_input: tool, tool_use_id: TOOL_CALL_ID, tool_call_id: TOOL_CALL_ID, status: 'error', tool_response: { result_display: result, execution_status: 'error' } }],
      });
      spans.push(batch.outcome);
      let out = result;
      if (batch.out?.replaceResult !== undefined) {
        out = batch.out.replaceResult;
        told.push(out);
      }
      if (batch.out?.appendToResult) {
        out = wording.withContext(out, batch.out.appendToResult);
        told.push(batch.out.appendToResult);
      }
      return out;
    }
    if (declined) {
      modelResult = yield* batchForUnrun(refusalText(step.tool, decision as Exclude<CallDecision, { kind: 'run' }>));
      seen({ executed: false, input: null, result: modelResult, isError: true });
      yield* record({ input: tool, ran: false, result: modelResult, isError: true, decidedBy: approval ? 'user' : 'host', source: 'none' });
    } else {
      const pre = yield* event('PreToolUse', { tool_name: step.tool, tool_input: tool, tool_use_id: TOOL_USE_ID, tool_call_id: TOOL_CALL_ID });
      spans.push(pre.outcome);
      if (pre.out?.toolError !== undefined) {
        told.push(pre.out.toolError);
        modelResult = yield* batchForUnrun(pre.out.toolError);
        seen({ executed: false, input: null, result: norm(modelResult), isError: true });
        yield* record({ input: tool, ran: false, result: modelResult, isError: true, decidedBy: 'hook', source: 'none' });
      } else {
        // Qwen Code ignores a PreToolUse updatedInput (recorded): the tool runs with the model's input.
        let code: number;
        let toolOut: { llmContent: string; display: string };
        if (step.result) {
          code = 'error' in step.result ? 1 : 0;
          const text = 'error' in step.result ? step.result.error : step.result.output;
          toolOut = { llmContent: text, display: text };
        } else if (step.tool === SHELL) {
          const command = String(tool.command ?? '');
          const ran = yield* runTool(command);
          code = ran.exitCode;
          toolMs = ran.ms;
          // Plan mode's shell names the project folder as the command's directory; the other modes say "(root)"
          // (recorded: perm-plan-allow-shell-echo beside perm-default-allow-shell-echo).
          toolOut = toolTexts(command, ran.exitCode, ran.stdout, ran.stderr, mode === 'plan' ? paths.project : '(root)');
        } else {
          code = 0;
          toolOut = { llmContent: '', display: '' };
        }
        modelResult = toolOut.llmContent;
        // stream-json shows a successful call's display text, and an error's full text (what the model reads).
        let failed = code !== 0;
        if (code === 0) {
          const post = yield* event('PostToolUse', { tool_name: step.tool, tool_input: tool, tool_response: { llmContent: toolOut.llmContent, returnDisplay: toolOut.display }, tool_use_id: TOOL_USE_ID, tool_call_id: TOOL_CALL_ID, duration_ms: toolMs });
          spans.push(post.outcome);
          if (post.out?.replaceResult !== undefined) {
            modelResult = post.out.replaceResult;
          told.push(modelResult);
            failed = true;
          }
          if (post.out?.appendToResult) {
          modelResult = wording.withContext(modelResult, post.out.appendToResult);
          told.push(post.out.appendToResult);
        }
        } else {
          // A failed command gets PostToolUseFailure, never PostToolUse (recorded).
          const failure = yield* event('PostToolUseFailure', { tool_use_id: TOOL_USE_ID, tool_call_id: TOOL_CALL_ID, tool_name: step.tool, tool_input: tool, error: toolOut.llmContent, is_interrupt: false, duration_ms: toolMs });
          spans.push(failure.outcome);
          if (failure.out?.appendToResult) {
          modelResult = wording.withContext(modelResult, failure.out.appendToResult);
          told.push(failure.out.appendToResult);
        }
        }
        const batch = yield* event('PostToolBatch', {
          tool_calls: [
            {
              tool_name: step.tool,
              tool_input: tool,
              tool_use_id: TOOL_CALL_ID,
              tool_call_id: TOOL_CALL_ID,
              status: code === 0 ? 'success' : 'error',
              tool_response: { result_display: toolOut.display, execution_status: code === 0 ? 'success' : 'error' },
            },
          ],
        });
        spans.push(batch.outcome);
        if (batch.out?.replaceResult !== undefined) {
          modelResult = batch.out.replaceResult;
          told.push(modelResult);
          failed = true;
        }
        if (batch.out?.appendToResult) {
          modelResult = wording.withContext(modelResult, batch.out.appendToResult);
          told.push(batch.out.appendToResult);
        }
        // An empty display (a command with no output) shows the full text too.
        seen({ executed: true, input: tool, result: norm(failed || toolOut.display === '' ? modelResult : toolOut.display), isError: failed });
        yield* record({ input: tool, ran: true, result: modelResult, isError: failed, decidedBy: approval ? 'user' : 'host', source: step.result || step.tool !== SHELL ? 'given' : 'run', exitCode: code });
      }
    }
    return { modelResult, spans, toolMs };
  }
}

/** Why the permission check refused a call, with the recordings that show each kind. */
function refusalNote(d: Exclude<CallDecision, { kind: 'run' }>) {
  if (d.kind === 'needs-confirmation') {
    return { level: 'info' as const, code: 'rule.permission-check', message: `the call needs the user's confirmation${d.rule ? ` (ask rule ${JSON.stringify(d.rule)})` : ''}, which a one-shot run cannot ask for: declined before any tool hook, PermissionRequest included`, evidence: recorded(['perm-default-allow-shell-ask-echo'])! };
  }
  const by = d.injected
    ? `the deny rule ${JSON.stringify(d.rule)} the one-shot run adds in its approval mode unless an allow rule names the tool`
    : `the deny rule ${JSON.stringify(d.rule)} of the settings`;
  const cases = d.kind === 'tool-denied'
    ? (d.injected ? ['perm-mode-default-watch', 'perm-mode-plan-watch', 'perm-mode-auto-edit-watch', 'perm-default-allow-bash-prefix-watch', 'untrusted-PostToolUse-context'] : ['perm-yolo-deny-bash-watch', 'perm-yolo-tools-exclude-watch'])
    : (d.injected ? ['perm-default-allow-shell-watch', 'perm-default-allow-shell-prefix-watch'] : ['perm-yolo-deny-bash-prefix-watch', 'perm-yolo-deny-prefix-two-calls']);
  const what = d.kind === 'tool-denied' ? 'turns the tool off for the run' : 'matches this call';
  return { level: 'info' as const, code: 'rule.permission-check', message: `${by} ${what}: declined before PreToolUse (no PermissionRequest, no PostToolUse); PostToolBatch still runs`, evidence: recorded(cases)! };
}

/** How long an event's hooks kept Qwen Code waiting: from the first start to the last end. */
function hookSpan(outcome: Outcome): number {
  const ran = outcome.hooks.filter((h) => h.startMs !== null && h.durationMs !== null);
  if (!ran.length) return 0;
  return Math.max(...ran.map((h) => h.startMs! + h.durationMs!)) - Math.min(...ran.map((h) => h.startMs!));
}

/** The shell tool's result as the model reads it (llmContent) and as stream-json shows it (returnDisplay). */
export function toolTexts(command: string, code: number, stdout: string, stderr: string, directory = '(root)'): { llmContent: string; display: string } {
  const output = [stdout, stderr].filter((s) => s !== '').join('').replace(/\n+$/, '');
  return {
    llmContent: [`Command: ${command}`, `Directory: ${directory}`, `Output: ${output || '(empty)'}`, 'Error: (none)', `Exit Code: ${code}`, 'Signal: (none)', 'Process Group PGID: (none)'].join('\n'),
    display: output,
  };
}
