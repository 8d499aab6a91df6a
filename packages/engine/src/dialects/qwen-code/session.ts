import { spawn } from 'node:child_process';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Outcome } from '../../outcome.js';
import { runScenario } from '../../run.js';
import type { JsonObject } from '../../util/json.js';
import { materialize } from '../../workspace.js';
import type { QwenCodeEventOut } from './combine.js';
import { MODEL } from './payload.js';
import { STOP_BLOCK_CAP } from './verified.js';
import { wording } from './wording.js';

/**
 * A whole `qwen "do it" --yolo -o stream-json` session, played with hookplay's qwen-code dialect: the same steps
 * the real CLI takes (SessionStart, UserPromptSubmit, a model request answered with one run_shell_command call,
 * PreToolUse, the tool, PostToolUse or PostToolUseFailure, PostToolBatch, UserPromptSubmit again for the tool
 * result, the next request, Stop and its continuations), each event run through `runScenario`. It yields the same
 * Observation the oracle harness (oracle/hosts/qwen-code) reads from the real CLI, so the two can be compared.
 *
 * Not part of the engine's public API: the oracle harness and the replay test use it.
 */
export interface SessionInput {
  files: Record<string, string>;
  /** The run_shell_command input the model asks for; `null`: a text-only answer. Default: `echo original`. */
  tool?: JsonObject | null;
  version?: string;
  env?: Record<string, string>;
  /** false: an untrusted folder (folder trust on, folder not trusted). */
  trusted?: boolean;
  prompt?: string;
}

export interface Observation {
  requests: number;
  tool: { executed: boolean; input: JsonObject | null; result: string | null; isError: boolean | null } | null;
  /** The last request's conversation, minus Qwen Code's own context: `role: text` lines. */
  conversation: string[];
  stopRuns: boolean[];
  /** Hook processes started, per command. */
  hookRuns: Record<string, number>;
  ended: { subtype: string; isError: boolean; result: string } | null;
}

export interface SessionResult {
  observation: Observation;
  gapMs?: number;
  steps: { event: string; outcome: Outcome }[];
}

export const DEFAULT_TOOL_INPUT: JsonObject = { command: 'echo original', description: 'run it' };
const TOOL_CALL_ID = 'call_mock_1';
const TOOL_USE_ID = 'toolu_1796067363779_956phwmee';

export async function simulateSession(session: SessionInput): Promise<SessionResult> {
  const prompt = session.prompt ?? 'do it';
  const tool = session.tool === undefined ? DEFAULT_TOOL_INPUT : session.tool;
  const tmp = await realpath(await mkdtemp(join(tmpdir(), 'hookplay-qwen-session-')));
  const escaped = tmp.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const projectRe = new RegExp(`${escaped}/hookplay-[A-Za-z0-9]+/project`, 'g');
  const homeRe = new RegExp(`${escaped}/hookplay-[A-Za-z0-9]+/home`, 'g');
  const norm = (s: string) => s.replace(projectRe, '$PROJECT').replace(homeRe, '$HOME');

  const steps: SessionResult['steps'] = [];
  const hookRuns: Record<string, number> = {};
  const obs: Observation = { requests: 0, tool: null, conversation: [], stopRuns: [], hookRuns, ended: null };
  const system: string[] = [];
  const messages: string[] = [];
  let disabled = false;
  /** The model's texts of this prompt: stream-json's result is all of them, run together. */
  const texts: string[] = [];

  const run = async (event: string, payload: JsonObject): Promise<{ outcome: Outcome; out: QwenCodeEventOut | null }> => {
    const outcome = await runScenario(
      {
        hookplay: 1,
        dialect: 'qwen-code',
        host: { ...(session.version ? { version: session.version } : {}), ...(session.env ? { env: session.env } : {}), ...(session.trusted === false ? { trusted: false } : {}) },
        files: session.files,
        event,
        // An untrusted folder overrides --yolo to the default approval mode.
        payload: { permission_mode: session.trusted === false ? 'default' : 'yolo', ...payload },
      },
      { tmpDir: tmp },
    );
    steps.push({ event, outcome });
    if (outcome.diagnostics.some((d) => d.code === 'config.hooks-disabled')) disabled = true;
    for (const h of outcome.hooks) if (h.ran) hookRuns[h.command] = (hookRuns[h.command] ?? 0) + 1;
    return { outcome, out: (outcome.eventOut as QwenCodeEventOut | null) ?? null };
  };
  /** One model request: what it reads is the system block and the messages so far. */
  const request = (): number => {
    obs.requests++;
    obs.conversation = [...system, ...messages].map(norm);
    return obs.requests;
  };
  /** UserPromptSubmit for a send (the prompt, a tool result, a Stop continuation); false when it ends the turn. */
  const submit = async (text: string, first: boolean): Promise<boolean> => {
    const { out } = await run('UserPromptSubmit', first ? { prompt: text, submitted_prompt: text } : { prompt: text });
    if (out?.promptBlocked !== undefined) {
      obs.ended = { subtype: 'success', isError: false, result: texts.join('') };
      return false;
    }
    if (out?.context) messages.push(`user: ${out.context}`);
    return true;
  };

  /** MessageDisplay fires twice for a streamed text answer: while it streams, then once final. */
  const display = async (n: number): Promise<void> => {
    for (const isFinal of [false, true]) await run('MessageDisplay', { message_id: `message-${n}`, displayed_text: `FINAL_TEXT_${n}`, is_final: isFinal });
  };

  let gapMs: number | undefined;
  try {
    // Settings Qwen Code cannot read stop it before anything runs: no hook, no request, no result.
    // Then, before the session starts, it loads its instruction files (a fresh home has output-language.md).
    const loadedFiles = await run('InstructionsLoaded', { file_path: '~/.qwen/output-language.md', memory_type: 'extension', load_reason: 'session_start' });
    if (loadedFiles.outcome.diagnostics.some((d) => d.code === 'config.host-refuses-to-start')) {
      disabled = true;
      return finish();
    }
    const start = await run('SessionStart', { source: 'startup', model: MODEL });
    const startContext = start.out?.context;
    if (startContext) system.push(`system: ${startContext.replace(/^<qwen:session-start-context[^>]*>\n/, '').replace(/\n<\/qwen:session-start-context>$/, '')}`);

    await run('Notification', { message: 'Successfully authenticated with openai', notification_type: 'auth_success', title: 'Authentication successful' });

    messages.push(`user: ${prompt}`);
    if (!(await submit(prompt, true))) return finish();
    let n = request();
    if (tool) {
      const t1 = performance.now();
      messages.push(`assistant: call run_shell_command ${JSON.stringify(tool)}`);
      let modelResult: string;
      // In an untrusted folder --yolo falls back to asking; nobody can answer a one-shot run, so the call is
      // declined before any tool hook fires.
      const pre = session.trusted === false ? null : await run('PreToolUse', { tool_name: 'run_shell_command', tool_input: tool, tool_use_id: TOOL_USE_ID, tool_call_id: TOOL_CALL_ID });
      if (!pre) {
        modelResult = wording.declined('run_shell_command');
        obs.tool = { executed: false, input: null, result: modelResult, isError: true };
      } else if (pre.out?.toolError !== undefined) {
        modelResult = pre.out.toolError;
        obs.tool = { executed: false, input: null, result: norm(modelResult), isError: true };
      } else {
        const ran = await runTool(String(tool.command ?? ''), session.files, tmp);
        modelResult = ran.llmContent;
        // stream-json shows a successful call's display text, and an error's full text (what the model reads).
        let failed = ran.code !== 0;
        if (ran.code === 0) {
          const post = await run('PostToolUse', {
            tool_name: 'run_shell_command',
            tool_input: tool,
            tool_response: { llmContent: ran.llmContent, returnDisplay: ran.display },
            tool_use_id: TOOL_USE_ID,
            tool_call_id: TOOL_CALL_ID,
            duration_ms: ran.ms,
          });
          if (post.out?.replaceResult !== undefined) {
            modelResult = post.out.replaceResult;
            failed = true;
          }
          if (post.out?.appendToResult) modelResult = wording.withContext(modelResult, post.out.appendToResult);
        } else {
          const failure = await run('PostToolUseFailure', {
            tool_use_id: TOOL_USE_ID,
            tool_call_id: TOOL_CALL_ID,
            tool_name: 'run_shell_command',
            tool_input: tool,
            error: ran.llmContent,
            is_interrupt: false,
            duration_ms: ran.ms,
          });
          if (failure.out?.appendToResult) modelResult = wording.withContext(modelResult, failure.out.appendToResult);
        }
        const batch = await run('PostToolBatch', {
          tool_calls: [
            {
              tool_name: 'run_shell_command',
              tool_input: tool,
              tool_use_id: TOOL_CALL_ID,
              tool_call_id: TOOL_CALL_ID,
              status: ran.code === 0 ? 'success' : 'error',
              tool_response: { result_display: ran.display, execution_status: ran.code === 0 ? 'success' : 'error' },
            },
          ],
        });
        if (batch.out?.replaceResult !== undefined) {
          modelResult = batch.out.replaceResult;
          failed = true;
        }
        if (batch.out?.appendToResult) modelResult = wording.withContext(modelResult, batch.out.appendToResult);
        // An empty display (a command with no output) shows the full text too.
        obs.tool = { executed: true, input: tool, result: norm(failed || ran.display === '' ? modelResult : ran.display), isError: failed };
      }
      messages.push(`tool: ${modelResult}`);
      if (!(await submit('', false))) return finish();
      n = request();
      gapMs = performance.now() - t1;
    }
    messages.push(`assistant: FINAL_TEXT_${n}`);
    texts.push(`FINAL_TEXT_${n}`);
    await display(n);

    let blocks = 0;
    for (;;) {
      const stop = await run('Stop', { stop_hook_active: blocks > 0, last_assistant_message: `FINAL_TEXT_${n}`, background_tasks: [], crons: [], context_usage: 0.0000762939453125, context_limit: 131072, input_tokens: 10 });
      if (!disabled) obs.stopRuns.push(blocks > 0);
      const text = stop.out?.continueWith;
      if (text === undefined) break;
      blocks++;
      if (blocks >= STOP_BLOCK_CAP) break;
      messages.push(`user: ${text}`);
      if (!(await submit(text, false))) return finish();
      n = request();
      messages.push(`assistant: FINAL_TEXT_${n}`);
      texts.push(`FINAL_TEXT_${n}`);
      await display(n);
    }
    obs.ended = { subtype: 'success', isError: false, result: texts.join('') };
    return finish();
  } finally {
    await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
  }

  function finish(): SessionResult {
    return { observation: obs, ...(gapMs !== undefined ? { gapMs } : {}), steps };
  }
}

interface ToolRun {
  code: number;
  llmContent: string;
  display: string;
  ms: number;
}

/** Runs the shell tool's command with bash in a fresh copy of the project, and words its result as Qwen Code does. */
async function runTool(command: string, files: Record<string, string>, tmp: string): Promise<ToolRun> {
  const ws = await materialize(files, tmp);
  const t0 = performance.now();
  try {
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = spawn('bash', ['-c', command], { cwd: ws.project, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: ws.home, LANG: 'C.UTF-8' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
      child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
      child.on('error', (e) => resolve({ code: 127, stdout: '', stderr: e.message }));
      child.on('close', (c) => resolve({ code: c ?? 1, stdout: out, stderr: err }));
    });
    return { code, ...toolTexts(command, code, stdout, stderr), ms: Math.round(performance.now() - t0) };
  } finally {
    await ws.dispose();
  }
}

/** The shell tool's result as the model reads it (llmContent) and as stream-json shows it (returnDisplay). */
export function toolTexts(command: string, code: number, stdout: string, stderr: string): { llmContent: string; display: string } {
  const output = [stdout, stderr].filter((s) => s !== '').join('').replace(/\n+$/, '');
  return {
    llmContent: [`Command: ${command}`, 'Directory: (root)', `Output: ${output || '(empty)'}`, 'Error: (none)', `Exit Code: ${code}`, 'Signal: (none)', 'Process Group PGID: (none)'].join('\n'),
    display: output,
  };
}
