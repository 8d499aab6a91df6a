import type { Outcome, SessionTool } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import { StepCursor } from '../../session/cursor.js';
import { beginStep, diagnostic, fire, modelRequest, notice, recordTool, runTool, type Lifecycle, type LifecycleEnd, type LifecycleRun, type SessionEffect } from '../../session/effects.js';
import { stepKind, stepLabel, type SessionStep } from '../../session/steps.js';
import { isObject, type JsonObject } from '../../util/json.js';
import { responseText } from './combine.js';
import { loadGeminiSettings, USER_SETTINGS, type GeminiSettings } from './config.js';
import { declaredTools, decide, needsConfirmation, notFound, policyDenied } from './permission.js';
import { approvalModeOf, loadPolicies, unmodelledArgs } from './policy.js';
import { formatIssues } from './validate.js';
import { recorded } from './verified.js';
import { wording } from './wording.js';

/**
 * Gemini CLI 0.61.0's lifecycle, as the oracle recorded `gemini -p "do it" --yolo` (oracle/hosts/gemini-cli):
 * SessionStart (its context goes in front of the first prompt) → per turn BeforeAgent → per model call PreCompress,
 * BeforeModel, BeforeToolSelection, the request, AfterModel → per tool call BeforeTool → the tool (--yolo: no
 * confirmation) → AfterTool → the next model call → … → AfterAgent (a deny sends its reason back as a new prompt:
 * BeforeAgent and the model calls again, then AfterAgent with stop_hook_active; no cap) → SessionEnd.
 * What the model reads is the user side of the conversation: prompts (with hook context), BeforeAgent contexts and
 * tool results, which stay in the history for later turns.
 */
export interface GeminiLifecycleOptions {
  /** The oracle's mock model answers `FINAL_TEXT_<request number>` whenever it answers with text. */
  oracleReplies?: boolean;
  /** A file the oracle's shell command writes as proof it ran: read back after the tool. */
  proofFile?: string;
  /** AfterAgent retries played at most (the real CLI has no cap short of its turn limit). Default 5. */
  maxRetries?: number;
}

export interface GeminiObservation {
  /** The CLI's exit code. */
  exitCode: number;
  /** streamGenerateContent requests. */
  requests: number;
  tool: { executed: boolean; ran: string | null } | null;
  /** The user-side parts of the last model request (prompt, hook context, tool results), in order. */
  modelSaw: string[];
  /** The user-side parts of every model request, in order. */
  requestsSaw?: string[][];
  /** Requests per `gemini -p` process, when the session has several (a resume). */
  runs?: number[];
  /** Every process's exit code, when the session has several. */
  exits?: number[];
  /** Hook-related lines Gemini CLI printed on stderr. */
  userSaw: string[];
  /** What `gemini -p` printed on stdout: the model's answers. */
  answer: string;
  /** Hook processes started, per event. */
  hookRuns: Record<string, number>;
  /** What chosen hooks received, sorted: event, command, and the fields that show the host's state. */
  hookInputs: { event: string; command: string; input: JsonObject }[];
}

export interface GeminiLifecycleObservation {
  /** Everything but `hookInputs`, which needs each hook's stdin (the oracle reads it off the timeline). */
  observed: GeminiObservation;
  /**
   * Where in `userSaw` the hook registry's own warnings go: Gemini CLI formats them with Node's util.inspect,
   * which a dialect cannot use in the browser, so the oracle adds them.
   */
  registryLinesAt: number | null;
}

const UNTRUSTED_LINES = [
  'Approval mode overridden to "default" because the current folder is not trusted.',
  'Approval mode overridden to "default" because the current folder is not trusted.',
  'Gemini CLI is not running in a trusted directory. To proceed, either use `--skip-trust`, set the `GEMINI_CLI_TRUST_WORKSPACE=true` environment variable, or trust this directory in interactive mode. For more details, see https://geminicli.com/docs/cli/trusted-folders/#headless-and-automated-environments',
];

/** The shell tool, in Gemini CLI's naming; every other tool succeeds with its given result or nothing. */
const SHELL = 'run_shell_command';
const DEFAULT_RETRIES = 5;

type ToolStep = Extract<SessionStep, { tool: string }>;
/** A call once the scheduler checked it: it runs, fails with an error the model reads, stops the run, or asks. */
interface Checked {
  step: ToolStep;
  input: JsonObject;
  rewritten: boolean;
  outcome: 'run' | 'error' | 'halt' | 'ask';
  error?: string;
  decidedBy: SessionTool['decidedBy'];
}
const hsoOf = (o: Outcome): JsonObject => (isObject(o.eventOut) && isObject(o.eventOut.hookSpecificOutput) ? o.eventOut.hookSpecificOutput : {});

export const geminiLifecycle: Lifecycle<GeminiLifecycleOptions> = {
  supports: ['calls', 'resume'],
  check(steps) {
    // gemini -p runs with --yolo: no confirmation is ever shown, and a BeforeTool "ask" ends the run (recorded).
    return steps.flatMap((step, i) =>
      stepKind(step) === 'approval'
        ? [{ step: i, field: 'approval', message: 'Gemini CLI (gemini -p --yolo) never shows a confirmation: there is no prompt to answer (a BeforeTool "ask" ends the run instead)' }]
        : [],
    );
  },
  play: (input) => play(input.steps, input.host, input.files, input.paths, input.options ?? {}),
};

function* play(steps: SessionStep[], host: HostSettings, files: Record<string, string>, paths: { project: string; home: string }, options: GeminiLifecycleOptions): LifecycleRun {
  const norm = (s: string) => s.split(paths.project).join('$PROJECT').split(paths.home).join('$HOME').replace(/total duration: \d+ms/g, 'total duration: Nms');
  const where = (file: string) => (file === USER_SETTINGS ? `$HOME/${file.slice(2)}` : `$PROJECT/${file}`);
  const obs: GeminiObservation = { exitCode: 0, requests: 0, tool: null, modelSaw: [], userSaw: [], answer: '', hookRuns: {}, hookInputs: [] };
  const cursor = new StepCursor(steps);
  const hasTool = steps.some((s) => stepKind(s) === 'tool');
  const answers: string[] = [];
  /** Each earlier process's answers, when the session was resumed: each process prints its own. */
  const printed: string[] = [];
  /**
   * What each history entry is: part of a user message (its number: a prompt with its BeforeAgent contexts is one
   * message, an AfterAgent reason another), or a tool result. A resume rebuilds the history from the session file,
   * where both read differently (resumedHistory).
   */
  const kinds: ({ message: number } | 'result')[] = [];
  let messages = 0;
  let requestsBefore = 0;
  /** The user side of the conversation so far (what the oracle compares). */
  const history: string[] = [];
  /** The hook-made texts among it, in order: what the session's transcript shows. */
  const told: string[] = [];
  let registryLinesAt: number | null = null;
  let toolCalls = 0;
  let lastReply: string | null = null;

  // The oracle's bash probe logs a hook when its shell starts: one killed within a few milliseconds is never seen.
  const seen = (h: Outcome['hooks'][number]) => h.ran && !(h.timedOut && h.timeoutMs < 50);
  function* event(name: string, payload: JsonObject): Generator<SessionEffect, Outcome, unknown> {
    const outcome = yield* fire(name, payload);
    for (const h of outcome.hooks) if (seen(h)) obs.hookRuns[name] = (obs.hookRuns[name] ?? 0) + 1;
    if (outcome.shown?.user) {
      obs.userSaw.push(...norm(outcome.shown.user).split('\n'));
      yield* notice(outcome.shown.user);
    }
    return outcome;
  }
  const end = (reason: LifecycleEnd['reason'], message: string, step: number | null): LifecycleEnd => {
    obs.answer = [...printed, answers.join('').trim()].join('\n');
    if (obs.runs) {
      obs.runs.push(obs.requests - requestsBefore);
      obs.exits!.push(obs.exitCode);
    }
    // As the oracle sees it: the model asked for the tool whenever a request was made (its first answer is the call).
    obs.tool = hasTool && obs.requests > 0 ? (obs.tool ?? { executed: false, ran: null }) : null;
    const observation: GeminiLifecycleObservation = { observed: obs, registryLinesAt };
    return { reason, message, step, observation };
  };
  /**
   * The history a resumed process sends, as the CLI rebuilds it from its session file (convertSessionToClientHistory
   * in the bundle): each tool result twice, and no user message whose text starts with <hook_context>, "/", "?" or
   * <session_context>, or is empty (recorded: resume-start-context and resume-twice drop the prompt that carried a
   * SessionStart context, resume-text-only and resume-calls-in-both-runs keep one that did not). Returns how many
   * messages it left out.
   */
  function resumedHistory(): number {
    const ignored = (text: string) => /^(\/|\?|<session_context>|<hook_context>|$)/.test(text.trim());
    const left = new Set<number>();
    kinds.forEach((k, i) => {
      if (k !== 'result' && kinds.findIndex((x) => x !== 'result' && x.message === k.message) === i && ignored(history[i]!)) left.add(k.message);
    });
    const rebuilt: string[] = [];
    const rebuiltKinds: typeof kinds = [];
    history.forEach((h, i) => {
      const k = kinds[i]!;
      if (k === 'result') {
        // Read back from the file, a result is no longer doubled by the next resume.
        rebuilt.push(h, h);
        rebuiltKinds.push({ message: ++messages }, { message: ++messages });
      } else if (!left.has(k.message)) {
        rebuilt.push(h);
        rebuiltKinds.push(k);
      }
    });
    history.splice(0, history.length, ...rebuilt);
    kinds.splice(0, kinds.length, ...rebuiltKinds);
    return left.size;
  }
  function* finish(reason: LifecycleEnd['reason'], message: string, step: number | null): Generator<SessionEffect, LifecycleEnd, unknown> {
    yield* beginStep(null, 'session end');
    yield* event('SessionEnd', { reason: 'exit' });
    return end(reason, message, step);
  }

  yield* beginStep(null, 'session start');
  const settings = loadGeminiSettings(files, host).settings as unknown as GeminiSettings;
  const mode = approvalModeOf(host);
  const policies = loadPolicies(files, settings.trusted);
  const declared = declaredTools(mode, policies.rules);
  if (settings.fatals.length) {
    // loadSettings throws a FatalConfigError: every broken file, then one line of advice; exit code 52.
    for (const f of settings.fatals) obs.userSaw.push(...f.message.replace(`Error in ${f.file}:`, `Error in ${where(f.file)}:`).split('\n'));
    obs.userSaw.push('Please fix the configuration file(s) and try again.');
    obs.exitCode = 52;
    for (const line of obs.userSaw) yield* notice(line);
    return end('invalid', 'Gemini CLI cannot read its settings and exits (code 52) before the session starts', null);
  }
  if (!settings.trusted) {
    obs.userSaw.push(...UNTRUSTED_LINES);
    obs.exitCode = 55;
    for (const line of UNTRUSTED_LINES) yield* notice(line);
    return end('invalid', 'gemini -p refuses to run in an untrusted folder (exit code 55)', null);
  }
  for (const { file, issues } of settings.schema) obs.userSaw.push(...formatIssues(where(file), issues));
  obs.userSaw.push(...policies.warnings);
  const unmodelled = unmodelledArgs(host);
  if (unmodelled.length) yield* diagnostic({ level: 'warning', code: 'session.host-args', message: `hookplay does not model these Gemini CLI arguments; the session plays as if they were not given: ${unmodelled.join(' ')}` });
  if (policies.ignoredWorkspace.length) {
    yield* diagnostic({ level: 'info', code: 'config.workspace-policies', message: `${policies.ignoredWorkspace.join(', ')}: Gemini CLI 0.61.0 loads no workspace policy (its docs say the tier is disabled), so these rules change nothing`, evidence: recorded('perm-workspace-policy-ignored-watch', 'perm-workspace-policy-ignored-beforetool-ask') });
  }
  if (mode !== 'yolo' || policies.rules.length) {
    yield* diagnostic({ level: 'info', code: 'session.approval-mode', message: `the ${mode} approval mode${policies.rules.length ? ` and ${policies.rules.length} policy rule${policies.rules.length > 1 ? 's' : ''} of the user` : ''}: gemini -p declares ${declared.join(', ')} to the model, and asks nobody: what the policy would ask about fails`, evidence: recorded('perm-mode-default-watch', 'perm-policy-allow-shell-default-watch') });
  }
  if (settings.enabled && settings.registry.length) registryLinesAt = obs.userSaw.length;
  for (const line of obs.userSaw) yield* notice(line);

  const start = yield* event('SessionStart', { source: 'startup' });
  let prefix = start.context.length ? `${wording.hookContext(start.context.join('\n'))}\n\n` : '';
  let startContext = start.context.length ? [wording.hookContext(start.context.join('\n'))] : [];

  while (!cursor.done) {
    const next = cursor.next()!;
    if (next.kind === 'resume') {
      yield* beginStep(next.index, stepLabel(next.step));
      // The process ends (SessionEnd), and `gemini -p --resume latest` starts again with SessionStart "resume".
      yield* event('SessionEnd', { reason: 'exit' });
      (obs.runs ??= []).push(obs.requests - requestsBefore);
      (obs.exits ??= []).push(obs.exitCode);
      requestsBefore = obs.requests;
      printed.push(answers.splice(0).join('').trim());
      const dropped = resumedHistory();
      yield* diagnostic({
        level: 'info',
        code: 'session.resume',
        message: `gemini -p --resume latest rebuilds the history from its session file: every tool result is there twice, and a user message that starts with <hook_context> (a SessionStart context in front of its prompt), "/", "?" or <session_context> is left out${dropped ? ` (here ${dropped} of them)` : ''}`,
        evidence: recorded('resume-start-context', 'resume-twice', 'resume-text-only', 'resume-calls-in-both-runs'),
      });
      const resumed = yield* event('SessionStart', { source: 'resume' });
      prefix = resumed.context.length ? `${wording.hookContext(resumed.context.join('\n'))}\n\n` : '';
      startContext = resumed.context.length ? [wording.hookContext(resumed.context.join('\n'))] : [];
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
    // SessionStart's context goes in front of the first prompt only.
    const original = `${prefix}${(next.step as { prompt: string }).prompt}`;
    prefix = '';
    told.push(...startContext);
    startContext = [];
    const ended = yield* playTurn(next.index, original);
    if (ended) return ended;
  }
  return yield* finish('completed', 'every step was played', null);

  /** One prompt: BeforeAgent, the model calls and tools, AfterAgent and its retries. */
  function* playTurn(promptIndex: number, original: string): Generator<SessionEffect, LifecycleEnd | null, unknown> {
    let request = original;
    let stopHookActive = false;
    let retries = 0;
    let cumulative = '';
    for (;;) {
      // BeforeAgent fires once per request: the prompt, then each AfterAgent retry's reason.
      const before = yield* event('BeforeAgent', { prompt: request });
      if (before.halt) return yield* finish('halted', 'a BeforeAgent hook answered continue: false: the run stops', promptIndex);
      if (before.verdict === 'block') {
        if (retries > 0) return null;
        // What a later prompt does after a blocked one is not recorded (gemini -p has one prompt); the next turn starts.
        cursor.skipTurn();
        if (cursor.done) return yield* finish('prompt-blocked', 'a BeforeAgent hook blocked the prompt: no model request', promptIndex);
        return null;
      }
      const message = ++messages;
      history.push(request);
      for (const c of before.context) history.push(wording.hookContext(c));
      while (kinds.length < history.length) kinds.push({ message });
      for (const c of before.context) told.push(wording.hookContext(c));
      const looped = yield* modelLoop(promptIndex, request);
      if (looped === 'interrupt') {
        // From the docs: an interrupted turn ends without AfterAgent.
        const interrupted = cursor.next()!;
        yield* beginStep(interrupted.index, stepLabel(interrupted.step));
        yield* diagnostic({ level: 'info', code: 'session.from-docs', message: 'an interrupt ends the turn without AfterAgent (from the docs: not recorded)', evidence: { kind: 'docs' } });
        if (cursor.done) return yield* finish('interrupted', 'the user interrupted the turn', interrupted.index);
        return null;
      }
      if (looped) return looped;

      // The model's answer ends the agent loop: a reply step gives its text.
      const reply = cursor.take('reply');
      if (reply) yield* beginStep(reply.index, stepLabel(reply.step));
      else yield* beginStep(null, retries > 0 ? 'the model answers again' : 'the model ends its turn');
      const after = yield* event('AfterAgent', { prompt: original, prompt_response: cumulative || '[no response text]', stop_hook_active: stopHookActive });
      if (after.halt) return yield* finish('halted', 'an AfterAgent hook answered continue: false: the run stops', promptIndex);
      if (after.verdict !== 'block') return null;
      if (++retries > (options.maxRetries ?? DEFAULT_RETRIES)) {
        const cap = options.maxRetries ?? DEFAULT_RETRIES;
        yield* notice(`Gemini CLI has no cap on AfterAgent retries short of its turn limit: hookplay stopped after ${cap}`);
        if (!cursor.done) return null;
        return yield* finish('limit', `the AfterAgent hook denied ${cap + 1} times; Gemini CLI has no cap, so hookplay stopped the loop (its own limit)`, promptIndex);
      }
      request = after.reason ?? 'No reason provided';
      told.push(request);
      stopHookActive = true;
    }

    /** Model calls until the model answers with text; tool steps in between. Returns how the session ended, if it did. */
    function* modelLoop(index: number, text0: string): Generator<SessionEffect, LifecycleEnd | 'interrupt' | null, unknown> {
      for (;;) {
        // Steps the host fires by itself, or the user's interrupt, come before the next model call.
        for (let raw = cursor.peek(); raw?.kind === 'event'; raw = cursor.peek()) {
          cursor.next();
          yield* beginStep(raw.index, stepLabel(raw.step));
          yield* event((raw.step as { event: string }).event, (raw.step as { payload: JsonObject }).payload);
        }
        if (cursor.peek()?.kind === 'interrupt') return 'interrupt';
        yield* event('PreCompress', { trigger: 'auto' });
        const llm = { model: 'gemini-2.5-pro', messages: [{ role: 'user', content: text0 }], config: { temperature: 1, topP: 0.95, topK: 64 } };
        const bm = yield* event('BeforeModel', { llm_request: llm });
        if (bm.halt) return yield* finish('halted', 'a BeforeModel hook answered continue: false: the run stops', index);
        let text: string;
        let toolStep: { index: number; step: SessionStep } | null = null;
        if (bm.verdict === 'block') {
          // No model call: a synthetic llm_response is the answer, else the turn has no text.
          text = responseText(hsoOf(bm).llm_response) ?? '';
        } else {
          yield* event('BeforeToolSelection', { llm_request: llm });
          obs.requests++;
          obs.modelSaw = history.map(norm);
          (obs.requestsSaw ??= []).push(obs.modelSaw);
          yield* modelRequest(told.map(norm));
          const peek = cursor.peek();
          if (peek?.kind === 'tool' || peek?.kind === 'calls') {
            toolStep = peek;
            text = '';
          } else {
            text = peek?.kind === 'reply' ? (peek.step as { reply: string }).reply : options.oracleReplies ? `FINAL_TEXT_${obs.requests}` : (lastReply ?? 'Done.');
            lastReply = text;
          }
          const am = yield* event('AfterModel', { llm_request: llm, llm_response: { text, candidates: [{ content: { role: 'model', parts: text ? [text] : [] }, finishReason: 'STOP', index: 0 }], usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 } } });
          if (am.halt) return yield* finish('halted', 'an AfterModel hook answered continue: false: the run stops', index);
          const replaced = am.verdict === 'block' ? undefined : responseText(hsoOf(am).llm_response);
          if (replaced !== undefined) {
            text = replaced;
            // The model's tool call was replaced by text: that call never happens.
            if (toolStep) cursor.next();
            toolStep = null;
          }
        }
        if (!toolStep) {
          if (text) {
            cumulative = cumulative ? `${cumulative}\n${text}` : text;
            answers.push(text);
          }
          return null;
        }
        cursor.next();
        const list: ToolStep[] = 'calls' in toolStep.step ? (toolStep.step.calls as ToolStep[]) : [toolStep.step as ToolStep];
        // The scheduler checks every call of a message (BeforeTool, then the policy) before it runs any, and runs
        // the checked ones together; their results go back in call order (recorded: several-calls-*). So a call
        // that asks stops the whole message: gemini -p cannot ask and exits quietly, without AfterAgent or
        // SessionEnd, and no call of it has run (recorded: several-calls-BeforeTool-ask, before-tool-ask-yolo).
        // The CLI starts the checks (and then the calls) of a message together; hookplay plays them in call order,
        // so hooks that race each other across calls are not modelled.
        const checked: Checked[] = [];
        for (const call of list) checked.push(yield* checkTool(toolStep.index, call));
        const asked = checked.findIndex((c) => c.outcome === 'ask');
        if (asked >= 0) {
          for (const c of checked) yield* recordTool({ name: c.step.tool, input: c.input, ran: false, result: null, isError: true, decidedBy: 'hook', source: 'none' });
          return end('deferred', 'a BeforeTool hook asked for confirmation: gemini -p cannot ask, so it exits without AfterAgent or SessionEnd', toolStep.index);
        }
        let stopped: 'BeforeTool' | 'AfterTool' | null = null;
        for (const c of checked) {
          if (list.length > 1) yield* beginStep(toolStep.index, `${stepLabel(c.step)}: result`);
          const s = yield* finishTool(c);
          stopped ??= s;
          // gemini -p ends a line of the model's text before what follows a tool's response.
          const out = answers.join('');
          if (out && !out.endsWith('\n')) answers.push('\n');
        }
        // The tool results go back as a new message of the turn: a later AfterAgent is no retry any more
        // (recorded: loop-after-agent-then-tool).
        stopHookActive = false;
        if (stopped) return yield* finish('halted', `a ${stopped} hook answered continue: false: the run stops`, toolStep.index);
      }
    }
  }

  /**
   * A call as the scheduler checks it: a tool the run does not declare errors at once, with no hook; then BeforeTool,
   * then the policy engine on the arguments BeforeTool left (permission.ts).
   */
  function* checkTool(index: number, step: ToolStep): Generator<SessionEffect, Checked, unknown> {
    yield* beginStep(index, stepLabel(step));
    toolCalls++;
    const asked = step.input as JsonObject;
    obs.tool = { executed: false, ran: null };
    const failed = (error: string, decidedBy: SessionTool['decidedBy'], input = asked): Checked => ({ step, input, rewritten: false, outcome: 'error', error, decidedBy });
    if (!declared.includes(step.tool)) {
      const error = notFound(step.tool, declared);
      yield* toolErrorLine(step.tool, error);
      yield* diagnostic({
        level: 'info',
        code: 'rule.tool-not-declared',
        message: `${step.tool} is not among the tools gemini -p declares ${mode === 'yolo' ? 'here' : `in the ${mode} approval mode`} (${declared.length} of them${mode === 'yolo' ? ', minus what the policy rules take away' : ''}): the call fails as "${error}", and no BeforeTool or AfterTool hook runs`,
        evidence: recorded('perm-mode-default-watch', 'perm-mode-auto-edit-watch', 'perm-mode-plan-watch', 'perm-exclude-shell-watch'),
      });
      return failed(error, 'host');
    }
    const pre = yield* event('BeforeTool', { tool_name: step.tool, tool_input: asked });
    if (pre.halt || pre.verdict === 'block') return { step, input: asked, rewritten: false, outcome: pre.halt ? 'halt' : 'error', error: pre.shown?.model ?? '', decidedBy: 'hook' };
    const rewritten = isObject(pre.updatedInput);
    const input: JsonObject = rewritten ? (pre.updatedInput as JsonObject) : asked;
    const policy = decide(step.tool, input, mode, policies.rules);
    const by = policy.rule ? `the rule of ${policy.rule.source}` : `the ${mode} approval mode`;
    const evidence = recorded('perm-policy-deny-echo-watch', 'perm-allowed-echo-other-command', 'perm-policy-ask-echo-watch', 'perm-policy-deny-echo-beforetool-ask');
    // checkPolicy runs before the hook's "ask" is read: a policy that asks fails the call even then.
    if (policy.decision === 'ask_user') {
      const error = needsConfirmation(step.tool);
      yield* toolErrorLine(step.tool, error);
      yield* diagnostic({ level: 'info', code: 'rule.policy-asks', message: `${by} asks for confirmation${policy.part ? ` (for "${policy.part}")` : ''}${policy.redirection ? ' (an allowed command with a redirection asks)' : ''}: gemini -p cannot ask, so the call fails as "${error}"`, evidence });
      return failed(error, 'rule', input);
    }
    if (pre.verdict === 'ask') {
      if (policy.decision === 'deny') yield* diagnostic({ level: 'info', code: 'rule.hook-ask-beats-policy', message: `${by} denies the call, but the hook's "ask" comes after the policy and turns it into a confirmation, which gemini -p cannot show`, evidence: recorded('perm-policy-deny-echo-beforetool-ask') });
      return { step, input, rewritten, outcome: 'ask', decidedBy: 'hook' };
    }
    if (policy.decision === 'deny') {
      const error = policyDenied(policy.rule, mode);
      yield* toolErrorLine(step.tool, error);
      yield* diagnostic({ level: 'info', code: 'rule.policy-denies', message: `${by} denies the call${policy.part ? ` (its part "${policy.part}")` : ''}${rewritten ? ', as the hook rewrote it' : ''}, after BeforeTool ran: the model reads "${error}" and no AfterTool hook runs`, evidence });
      return failed(error, 'rule', input);
    }
    return { step, input, rewritten, outcome: 'run', decidedBy: rewritten ? 'hook' : 'host' };
  }

  function* toolErrorLine(tool: string, error: string): Generator<SessionEffect, void, unknown> {
    const line = wording.toolError(tool, error);
    obs.userSaw.push(norm(line));
    yield* notice(line);
  }

  /** A checked call's end: its error goes back to the model, or it runs and AfterTool follows; returns a halt, if one. */
  function* finishTool(c: Checked): Generator<SessionEffect, 'BeforeTool' | 'AfterTool' | null, unknown> {
    const { step, input, rewritten } = c;
    const record = (tool: Omit<SessionTool, 'name'>) => recordTool({ name: step.tool, ...tool });
    if (c.outcome !== 'run') {
      const result = c.error ?? '';
      history.push(JSON.stringify({ error: result }));
      kinds.push('result');
      told.push(result);
      yield* record({ input, ran: false, result, isError: true, decidedBy: c.decidedBy, source: 'none' });
      return c.outcome === 'halt' ? 'BeforeTool' : null;
    }
    let output: string;
    let llmContent: string;
    let failed = false;
    let exitCode: number | null = null;
    if (step.result) {
      failed = 'error' in step.result;
      output = 'error' in step.result ? step.result.error : step.result.output;
      llmContent = output;
    } else if (step.tool === SHELL) {
      const ran = yield* runTool(String(input.command ?? ''), { mergeStderr: true });
      output = ran.output.trim();
      exitCode = ran.exitCode;
      if (options.proofFile) {
        // Read (and remove) the proof the oracle's command writes: what really ran, a rewrite included.
        const f = options.proofFile;
        const proof = yield* runTool(`if [ -f ${f} ]; then cat ${f}; rm -f ${f}; else exit 3; fi`);
        obs.tool = proof.exitCode === 0 ? { executed: true, ran: proof.stdout.trim() } : { executed: false, ran: null };
      } else obs.tool = { executed: true, ran: String(input.command ?? '') };
      // The recorded result of a command that succeeded and of one that failed (failing-call-*, resume-after-failing-call).
      const exit = ran.exitCode !== 0 ? `\nExit Code: ${ran.exitCode}` : '';
      llmContent = `<untrusted_context>\nOutput: ${output || '(empty)'}${exit}\nProcess Group PGID: N\n</untrusted_context>`;
    } else {
      output = '';
      llmContent = '';
    }
    if (step.result || step.tool !== SHELL) obs.tool = { executed: true, ran: null };
    if (rewritten) llmContent = `${llmContent}\n\n${wording.inputModified}`;
    if (failed) yield* diagnostic({ level: 'info', code: 'session.from-docs', message: 'a tool that fails still gets AfterTool, with the error as its result (from the docs: not recorded)', evidence: { kind: 'docs' } });
    const after = yield* event('AfterTool', { tool_name: step.tool, tool_input: input, tool_response: failed ? { llmContent, returnDisplay: output, error: { message: output } } : { llmContent, returnDisplay: output } });
    const given = step.result !== undefined || step.tool !== SHELL;
    let result: string;
    if (after.verdict === 'block') result = JSON.stringify({ error: after.shown?.model ?? '' });
    else if (failed) result = JSON.stringify({ error: output });
    else result = JSON.stringify({ output: `${llmContent}${after.context.length ? `\n\n${wording.hookContext(after.context.join('\n'))}` : ''}` });
    if (!after.halt) {
      history.push(result);
      kinds.push('result');
      if (rewritten) told.push(wording.inputModified);
      if (after.verdict === 'block') told.push(after.shown?.model ?? '');
      else if (after.context.length) told.push(wording.hookContext(after.context.join('\n')));
    }
    yield* record({ input, ran: true, result, isError: failed || (exitCode !== null && exitCode !== 0), decidedBy: c.decidedBy, source: given ? 'given' : 'run', ...(exitCode !== null ? { exitCode } : {}) });
    return after.halt ? 'AfterTool' : null;
  }
}
