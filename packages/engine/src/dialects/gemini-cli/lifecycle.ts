import type { Outcome, SessionTool } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import { StepCursor } from '../../session/cursor.js';
import { beginStep, diagnostic, fire, modelRequest, notice, recordTool, runTool, type Lifecycle, type LifecycleEnd, type LifecycleRun, type SessionEffect } from '../../session/effects.js';
import { stepKind, stepLabel, type SessionStep } from '../../session/steps.js';
import { isObject, type JsonObject } from '../../util/json.js';
import { responseText } from './combine.js';
import { loadGeminiSettings, USER_SETTINGS, type GeminiSettings } from './config.js';
import { formatIssues } from './validate.js';
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
  /** What each history entry is: the first prompt's message (a resume drops it), a tool result (a resume doubles it). */
  const kinds: ('first' | 'result' | 'other')[] = [];
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
    obs.answer = [...printed, answers.join('')].join('\n');
    if (obs.runs) {
      obs.runs.push(obs.requests - requestsBefore);
      obs.exits!.push(obs.exitCode);
    }
    // As the oracle sees it: the model asked for the tool whenever a request was made (its first answer is the call).
    obs.tool = hasTool && obs.requests > 0 ? (obs.tool ?? { executed: false, ran: null }) : null;
    const observation: GeminiLifecycleObservation = { observed: obs, registryLinesAt };
    return { reason, message, step, observation };
  };
  function* finish(reason: LifecycleEnd['reason'], message: string, step: number | null): Generator<SessionEffect, LifecycleEnd, unknown> {
    yield* beginStep(null, 'session end');
    yield* event('SessionEnd', { reason: 'exit' });
    return end(reason, message, step);
  }

  yield* beginStep(null, 'session start');
  const settings = loadGeminiSettings(files, host).settings as unknown as GeminiSettings;
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
      printed.push(answers.splice(0).join(''));
      // The resumed history, as the CLI rebuilds it from its session file: the first prompt's message (with its
      // hook contexts) is gone, and every tool result is there twice (recorded: resume-*).
      const rebuilt = history.flatMap((h, i) => (kinds[i] === 'first' ? [] : kinds[i] === 'result' ? [h, h] : [h]));
      history.splice(0, history.length, ...rebuilt);
      kinds.splice(0, kinds.length, ...rebuilt.map((): 'other' => 'other'));
      yield* diagnostic({ level: 'info', code: 'session.resume', message: 'gemini -p --resume latest: the resumed history drops the first prompt and doubles each tool result (recorded)', evidence: { kind: 'recorded', host: 'Gemini CLI', version: '0.61.0', cases: ['resume-start-context', 'resume-calls-in-both-runs'] } });
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
      const first = obs.requests === 0 && retries === 0 && requestsBefore === 0 && !kinds.length;
      history.push(request);
      for (const c of before.context) history.push(wording.hookContext(c));
      while (kinds.length < history.length) kinds.push(first ? 'first' : 'other');
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
        // Several calls in one message each get BeforeTool, the tool and AfterTool, and their results go back
        // together, in call order, in the next request (recorded: calls-*).
        const list: ToolStep[] = 'calls' in toolStep.step ? (toolStep.step.calls as ToolStep[]) : [toolStep.step as ToolStep];
        let stopped: 'BeforeTool' | 'AfterTool' | null = null;
        for (const call of list) {
          const s = yield* playTool(toolStep.index, call);
          // "ask" under --yolo with -p: nobody can confirm; the tool does not run and the CLI exits quietly, without
          // AfterAgent or SessionEnd (recorded).
          // No hook halted: the ask has nobody to answer it, so the headless run exits there (as a deferred call does).
          if (s === 'ask') return end('deferred', 'a BeforeTool hook asked for confirmation: gemini -p cannot ask, so it exits without AfterAgent or SessionEnd', toolStep.index);
          stopped ??= s;
        }
        if (stopped) return yield* finish('halted', `a ${stopped} hook answered continue: false: the run stops`, toolStep.index);
      }
    }
  }

  /** One tool call; returns the event whose continue: false ends the run, or `ask` (the CLI exits), if one did. */
  function* playTool(index: number, step: ToolStep): Generator<SessionEffect, 'BeforeTool' | 'AfterTool' | 'ask' | null, unknown> {
    yield* beginStep(index, stepLabel(step));
    toolCalls++;
    const asked = step.input as JsonObject;
    const record = (tool: Omit<SessionTool, 'name'>) => recordTool({ name: step.tool, ...tool });
    const pre = yield* event('BeforeTool', { tool_name: step.tool, tool_input: asked });
    obs.tool = { executed: false, ran: null };
    if (pre.halt || pre.verdict === 'block') {
      const result = pre.shown?.model ?? '';
      history.push(JSON.stringify({ error: result }));
      kinds.push('result');
      told.push(result);
      yield* record({ input: asked, ran: false, result, isError: true, decidedBy: 'hook', source: 'none' });
      return pre.halt ? 'BeforeTool' : null;
    }
    if (pre.verdict === 'ask') {
      yield* record({ input: asked, ran: false, result: null, isError: true, decidedBy: 'hook', source: 'none' });
      return 'ask';
    }
    const rewritten = isObject(pre.updatedInput);
    const input: JsonObject = rewritten ? (pre.updatedInput as JsonObject) : asked;
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
      // The recorded result of a command that succeeded; the Exit Code line of one that failed is from Gemini CLI's source.
      const exit = ran.exitCode !== 0 ? `\nExit Code: ${ran.exitCode}` : '';
      llmContent = `<untrusted_context>\nOutput: ${output || '(empty)'}${exit}\nProcess Group PGID: N\n</untrusted_context>`;
      if (ran.exitCode !== 0) yield* diagnostic({ level: 'info', code: 'session.from-docs', message: "how Gemini CLI words a failed command's result (the Exit Code line) is from its source, not recorded", evidence: { kind: 'docs', source: 'gemini-cli packages/core/src/tools/shell.ts' } });
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
    yield* record({ input, ran: true, result, isError: failed || (exitCode !== null && exitCode !== 0), decidedBy: rewritten ? 'hook' : 'host', source: given ? 'given' : 'run', ...(exitCode !== null ? { exitCode } : {}) });
    return after.halt ? 'AfterTool' : null;
  }
}
