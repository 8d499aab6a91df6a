import type { Outcome, SessionTool } from '../../outcome.js';
import { StepCursor } from '../../session/cursor.js';
import { beginStep, diagnostic, fire, modelRequest, notice, recordTool, runTool, type Lifecycle, type LifecycleEnd, type LifecycleRun, type SessionEffect } from '../../session/effects.js';
import { stepKind, type SessionStep } from '../../session/steps.js';
import { isObject, type JsonObject } from '../../util/json.js';
import { CALL_ID, MESSAGE_ID, SESSION_ID } from './call.js';
import { recorded } from './evidence.js';
import { permissionOf, REJECTED_TEXT } from './permissions.js';
import { RUN_FAILED_TEXT } from './shown.js';

/**
 * OpenCode 1.18.33's lifecycle as `opencode run PROMPT --format json` plays it (recorded: oracle/recorded/opencode/):
 * event session.created → chat.message (a throw fails the run: exit 1, no request) → a model request → per tool
 * call of the model's message: tool.execute.before (all of the message's calls first; a throw ends that call as an
 * error with the thrown text) → the permission rule (`ask` is rejected in a run, and the turn ends after the
 * message's results) → shell.env (bash) → the tool → tool.execute.after (a throw turns the result into that error)
 * → the results go back in call order in the next request → … → the final text → event session.idle. permission.ask
 * is never called. The `event` hook sees the events listed in BUS_EVENTS (OpenCode sends many more).
 */
export interface OpenCodeLifecycleOptions {
  /** The oracle's mock answers `FINAL_TEXT_<request>` whenever the script has no more replies. */
  oracleReplies?: boolean;
}

/** What an OpenCode session showed, as the real-host harness reads a run (packages/real-host/src/hosts/opencode). */
export interface Observation {
  /** Model requests with tools (the title request is not counted). */
  requests: number;
  /** Each request's messages after the system prompt, as `role: text` lines. */
  conversations: string[][];
  /** Each tool call, in the order the model made them: the input it ran with, and how it ended. */
  tools: { tool: string; input: JsonObject; status: 'completed' | 'error'; text: string }[];
  /** What `opencode run` reported as the run's error, if any. */
  error: string | null;
  exitCode: number;
  /** Lines plugins appended to ~/oracle.log (the oracle's cases write there). */
  log: string[];
}

/** The bus events hookplay delivers to `event` handlers, in the order OpenCode sends them (recorded: event-*). */
export const BUS_EVENTS = ['session.created', 'permission.asked', 'permission.replied', 'session.idle'] as const;

type Call = { tool: string; input: JsonObject; result?: { output: string } | { error: string } };

export const opencodeLifecycle: Lifecycle<OpenCodeLifecycleOptions> = {
  check(steps) {
    const problems: { step: number; field?: string; message: string }[] = [];
    let prompts = 0;
    steps.forEach((step, i) => {
      const kind = stepKind(step);
      if (kind === 'prompt' && ++prompts > 1) problems.push({ step: i, message: '`opencode run` plays one prompt: a second one is a new run (hookplay does not model --continue for OpenCode yet)' });
      if (kind === 'approval') problems.push({ step: i, message: '`opencode run` never asks the user: a permission rule that would ask is rejected' });
      if (kind === 'interrupt') problems.push({ step: i, message: 'hookplay does not model interrupting an OpenCode run' });
      if (kind === 'resume') problems.push({ step: i, message: 'hookplay does not model --continue for OpenCode yet' });
    });
    return problems;
  },
  play: (input) => play(input.steps, input.files, input.paths, input.options ?? {}),
};

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function* play(steps: SessionStep[], files: Record<string, string>, paths: { project: string; home: string }, _options: OpenCodeLifecycleOptions): LifecycleRun {
  const norm = (s: string) => s.split(paths.project).join('$PROJECT').split(paths.home).join('$HOME');
  const obs: Observation = { requests: 0, conversations: [], tools: [], error: null, exitCode: 0, log: [] };
  const cursor = new StepCursor(steps);
  const messages: string[] = [];
  const told: string[] = [];
  const permission = permissionOf(files);

  function* busEvent(type: (typeof BUS_EVENTS)[number], properties: JsonObject): Generator<SessionEffect, void, unknown> {
    yield* fire('event', { input: { event: { type, properties } } });
  }
  function* request(): Generator<SessionEffect, void, unknown> {
    obs.requests++;
    obs.conversations.push([...messages]);
    yield* modelRequest(told.map(norm));
  }
  function* readLog(): Generator<SessionEffect, void, unknown> {
    const run = yield* runTool(`cat ${q(`${paths.home}/oracle.log`)} 2>/dev/null; true`, { shell: 'sh' });
    obs.log = run.stdout.split('\n').filter((l) => l !== '').map(norm);
  }
  function* end(reason: LifecycleEnd['reason'], message: string, step: number | null): Generator<SessionEffect, LifecycleEnd, unknown> {
    yield* readLog();
    return { reason, message, step, observation: obs };
  }

  yield* beginStep(null, 'session start');
  yield* busEvent('session.created', { sessionID: SESSION_ID, info: { id: SESSION_ID, directory: paths.project } });
  const first = cursor.take('prompt');
  if (!first) return yield* end('completed', 'the session has no prompt', null);
  const prompt = runMessage((first.step as { prompt: string }).prompt);
  yield* beginStep(first.index, `prompt ${JSON.stringify(prompt)}`);
  const chat = yield* fire('chat.message', { input: { sessionID: SESSION_ID }, output: { message: { id: MESSAGE_ID, role: 'user', sessionID: SESSION_ID }, parts: [{ type: 'text', text: prompt }] } });
  if (chat.verdict === 'block') {
    obs.error = RUN_FAILED_TEXT;
    obs.exitCode = 1;
    yield* notice(RUN_FAILED_TEXT);
    return yield* end('prompt-blocked', `a chat.message handler threw: ${chat.reason ?? ''}; the run failed before any request`, first.index);
  }
  const promptParts = isObject(chat.eventOut) && Array.isArray(chat.eventOut.parts) ? (chat.eventOut.parts as string[]) : [prompt];
  if (isObject(chat.eventOut)) told.push(...promptParts);
  for (const t of promptParts) messages.push(`user: ${t}`);
  yield* request();

  let ended: LifecycleEnd | null = null;
  let callNo = 0;
  while (!cursor.done) {
    const next = cursor.next()!;
    if (next.kind === 'reply') {
      // The final answer ends the run: no request carries it.
      yield* beginStep(next.index, `reply ${JSON.stringify((next.step as { reply: string }).reply)}`);
      break;
    }
    if (next.kind === 'event') {
      const e = next.step as { event: string; payload: JsonObject };
      yield* beginStep(next.index, `event ${e.event}`);
      yield* fire(e.event, e.payload);
      continue;
    }
    if (next.kind !== 'tool' && next.kind !== 'calls') continue;
    const calls: Call[] = next.kind === 'tool' ? [next.step as Call] : (next.step as { calls: Call[] }).calls;
    yield* beginStep(next.index, next.kind === 'tool' ? `${calls[0]!.tool}: ${String(calls[0]!.input.command ?? '')}` : `${calls.length} calls`);
    const ids = calls.map(() => `${CALL_ID.replace(/_1$/, '')}_${++callNo}`);
    // Every call's tool.execute.before runs before any of them executes (recorded: calls-*).
    const befores: Outcome[] = [];
    for (const [k, c] of calls.entries()) {
      befores.push(yield* fire('tool.execute.before', { input: { tool: c.tool, sessionID: SESSION_ID, callID: ids[k]! }, output: { args: c.input } }));
    }
    const results: { text: string; error: boolean }[] = [];
    let rejected = false;
    for (const [k, c] of calls.entries()) {
      const before = befores[k]!;
      const args = (isObject(before.updatedInput) ? before.updatedInput : c.input) as JsonObject;
      const seen: Observation['tools'][number] = { tool: c.tool, input: args, status: 'completed', text: '' };
      if (before.verdict === 'block') {
        const text = before.reason ?? '';
        results.push({ text, error: true });
        obs.tools.push({ ...seen, status: 'error', text: norm(text) });
        yield* recordTool(tool(c.tool, args, false, text, true, 'hook', 'none'));
        continue;
      }
      const rule = permission(c.tool, args);
      if (rule === 'ask' || rule === 'deny') {
        if (rule === 'ask') {
          yield* busEvent('permission.asked', { sessionID: SESSION_ID, permission: c.tool, patterns: [String(args.command ?? '')] });
          yield* busEvent('permission.replied', { sessionID: SESSION_ID, reply: 'reject' });
          yield* notice(`permission requested: ${c.tool} (${String(args.command ?? '')}); auto-rejecting`);
          yield* diagnostic({ level: 'info', code: 'rule.run-rejects-ask', message: '`opencode run` rejects a permission it would ask for, and the turn ends after this message\'s calls; the permission.ask hook is not called', evidence: recorded('permission-ask-with-ask-rule') });
        }
        rejected = true;
        results.push({ text: REJECTED_TEXT, error: true });
        obs.tools.push({ ...seen, status: 'error', text: REJECTED_TEXT });
        yield* recordTool(tool(c.tool, args, false, REJECTED_TEXT, true, 'rule', 'none'));
        continue;
      }
      let output: string;
      let ran = true;
      let source: SessionTool['source'] = 'run';
      let exitCode: number | null = null;
      if (c.result) {
        source = 'given';
        output = 'output' in c.result ? c.result.output : c.result.error;
      } else if (c.tool === 'bash' && typeof args.command === 'string') {
        const env = yield* fire('shell.env', { input: { cwd: paths.project, sessionID: SESSION_ID, callID: ids[k]! }, output: { env: {} } });
        const vars = isObject(env.eventOut) && isObject(env.eventOut.env) ? env.eventOut.env : {};
        const exports = Object.entries(vars).map(([key, v]) => `export ${key}=${q(String(v))}`).join('; ');
        const run = yield* runTool(`${exports ? `${exports}\n` : ''}${args.command}`, { shell: 'bash', mergeStderr: true });
        exitCode = run.exitCode;
        output = run.output;
      } else {
        ran = false;
        source = 'none';
        output = '';
      }
      const after = yield* fire('tool.execute.after', { input: { tool: c.tool, sessionID: SESSION_ID, callID: ids[k]!, args }, output: { title: String(args.command ?? c.tool), output, metadata: { output, exit: exitCode, truncated: false } } });
      if (after.verdict === 'block') {
        const text = after.reason ?? '';
        results.push({ text, error: true });
        obs.tools.push({ ...seen, status: 'error', text: norm(text) });
        yield* recordTool({ ...tool(c.tool, args, ran, text, true, 'hook', source), exitCode });
        continue;
      }
      const shownOut = isObject(after.eventOut) && typeof after.eventOut.output === 'string' ? after.eventOut.output : output;
      if (shownOut !== output) told.push(shownOut);
      results.push({ text: shownOut, error: false });
      obs.tools.push({ ...seen, text: norm(shownOut) });
      yield* recordTool({ ...tool(c.tool, args, ran, shownOut, false, null, source), exitCode });
    }
    calls.forEach((c, k) => {
      const args = (isObject(befores[k]!.updatedInput) ? befores[k]!.updatedInput : c.input) as JsonObject;
      messages.push(`assistant: call ${c.tool} ${JSON.stringify(args)}`);
    });
    for (const r of results) messages.push(`tool: ${r.text}`);
    if (rejected) {
      ended = { reason: 'deferred', message: 'a permission rule asked, and `opencode run` rejected it: the turn ended', step: next.index };
      break;
    }
    yield* request();
  }
  yield* beginStep(null, 'session end');
  yield* busEvent('session.idle', { sessionID: SESSION_ID });
  if (ended) return yield* end(ended.reason, ended.message, ended.step);
  return yield* end('completed', 'the run ended after the final answer', null);
}

/**
 * The message `opencode run PROMPT` sends: it joins its arguments back into one line and puts double quotes around
 * an argument that holds a space, so a prompt of several words reaches plugins and the model quoted (recorded: every
 * case's prompt "do it" arrives as `"do it"`, chat-sees-prompt).
 */
export const runMessage = (prompt: string) => (prompt.includes(' ') ? `"${prompt}"` : prompt);

function tool(name: string, input: JsonObject, ran: boolean, result: string, isError: boolean, decidedBy: string | null, source: SessionTool['source']): SessionTool {
  return { name, input, ran, result, isError, decidedBy, source };
}

