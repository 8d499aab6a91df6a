import { spawn } from 'node:child_process';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Outcome } from '../../outcome.js';
import { runScenario } from '../../run.js';
import { isObject, type JsonObject } from '../../util/json.js';
import { materialize } from '../../workspace.js';
import { loadCodexConfig, type CodexSettings } from './config.js';
import { wording } from './wording.js';

/**
 * A whole `codex exec "do it"` turn, played with hookplay's codex dialect: the steps the real CLI takes
 * (SessionStart, UserPromptSubmit, a model request around PreModelRequest/PostModelRequest, one exec_command
 * call with PreToolUse and PostToolUse, the next request, Stop and its continuations, SessionEnd), each event run
 * through `runScenario`. It yields the Observation the oracle (oracle/hosts/codex) reads from the real CLI.
 *
 * Not part of the engine's public API: the oracle harness and the replay test use it.
 */
export interface CodexSessionInput {
  files: Record<string, string>;
  /** The shell command the model runs; `null`: a text-only answer. */
  tool: string | null;
  trusted?: boolean;
  prompt?: string;
  /** Codex's own environment, which its hooks inherit (the oracle runs it with a dummy OPENAI_API_KEY). */
  env?: Record<string, string>;
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

export interface CodexSessionResult {
  observation: CodexObservation;
  /** Milliseconds from the first model answer to the second request (hooks and tool in between). */
  gapMs?: number;
  steps: { event: string; outcome: Outcome }[];
}

/** Codex has no cap on Stop continuations; the simulation stops after this many rather than loop forever. */
const MAX_CONTINUATIONS = 20;

export async function simulateCodexSession(session: CodexSessionInput): Promise<CodexSessionResult> {
  const prompt = session.prompt ?? 'do it';
  const trusted = session.trusted ?? true;
  const tmp = await realpath(await mkdtemp(join(tmpdir(), 'hookplay-codex-session-')));
  const escaped = tmp.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const projectRe = new RegExp(`${escaped}/hookplay-[A-Za-z0-9]+/project`, 'g');
  const homeRe = new RegExp(`${escaped}/hookplay-[A-Za-z0-9]+/home`, 'g');
  const norm = (s: string) => s.replace(projectRe, '$PROJECT').replace(homeRe, '$HOME');

  const steps: CodexSessionResult['steps'] = [];
  const hookRuns: Record<string, number> = {};
  const loaded = loadCodexConfig(session.files, { trusted });
  const settings = loaded.settings as unknown as CodexSettings;
  const filePath = (file: string) => (file.startsWith('~/') ? `$HOME/${file.slice(2)}` : `$PROJECT/${file}`);
  const userSaw = settings.disabledBy
    ? []
    : settings.notices.filter((n) => trusted || n.file.startsWith('~/')).map((n) => n.text.replace(/(~\/)?\.codex\/(hooks\.json|config\.toml)/g, (file) => filePath(file)));
  const obs: CodexObservation = { requests: 0, tool: null, modelSaw: [], userSaw, stopRuns: [], hookRuns, exitCode: 0 };
  const messages: string[] = [];

  const run = async (event: string, payload: JsonObject): Promise<Outcome> => {
    const outcome = await runScenario({ hookplay: 1, dialect: 'codex', host: { trusted, ...(session.env ? { env: session.env } : {}) }, files: session.files, event, payload }, { tmpDir: tmp });
    steps.push({ event, outcome });
    const ran = outcome.hooks.filter((h) => h.ran).length;
    if (ran) hookRuns[event] = (hookRuns[event] ?? 0) + ran;
    if (event === 'Stop') for (let i = 0; i < ran; i++) obs.stopRuns.push(payload.stop_hook_active === true);
    return outcome;
  };
  const developer = (outcome: Outcome) => messages.push(...outcome.context.map((c) => `developer: ${norm(c)}`));
  const modelRequest = async () => {
    obs.requests++;
    const lead = { kind: 'sampling', request_id: `request-${obs.requests}`, attempt_number: 1 };
    await run('PreModelRequest', lead);
    await run('PostModelRequest', { ...lead, status: 'completed', error: null, response_id: `resp_${obs.requests}` });
  };

  let gapMs: number | undefined;
  let toolMs = 0;
  if (settings.startupError) {
    // "Error loading config.toml": codex exec exits 1 before any hook, request or tool.
    await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
    return { observation: { ...obs, userSaw: [], exitCode: 1 }, steps };
  }
  try {
    const start = await run('SessionStart', { source: 'startup' });
    if (start.halt) return await finish();
    developer(start);
    const submit = await run('UserPromptSubmit', { prompt });
    if (submit.verdict === 'block' || submit.halt) return await finish();
    developer(submit);

    await modelRequest();
    if (session.tool !== null) {
      const original = session.tool;
      const pre = await run('PreToolUse', { tool_name: 'Bash', tool_input: { command: original }, tool_use_id: 'call_1' });
      developer(pre);
      if (pre.verdict === 'block') {
        obs.tool = { executed: false, command: null, exitCode: null, result: norm(pre.shown?.model ?? '') };
      } else {
        const command = isObject(pre.updatedInput) && typeof pre.updatedInput.command === 'string' ? pre.updatedInput.command : original;
        const t0 = performance.now();
        const ran = await runTool(command, session.files, tmp);
        toolMs = performance.now() - t0;
        obs.tool = { executed: true, command, exitCode: ran.code, result: norm(ran.output) };
        const post = await run('PostToolUse', { tool_name: 'Bash', tool_input: { command }, tool_response: ran.output, tool_use_id: 'call_1' });
        developer(post);
        if (post.verdict === 'block' && post.shown?.model !== undefined) obs.tool.result = norm(post.shown.model);
      }
      gapMs = hookSpan(pre) + toolMs;
      await modelRequest();
    }

    for (let continuations = 0; ; continuations++) {
      const stop = await run('Stop', { stop_hook_active: continuations > 0, last_assistant_message: `FINAL_TEXT_${obs.requests}` });
      if (stop.halt || stop.verdict !== 'block' || continuations >= MAX_CONTINUATIONS) break;
      const parts = (stop.eventOut as { continuation: { hook: number; source: string; order: number; reason: string }[] }).continuation;
      messages.push(`user: ${parts.map((p) => wording.hookPrompt(`stop:${p.order}:${filePath(p.source)}`, norm(p.reason))).join('')}`);
      await modelRequest();
    }
    return await finish();
  } finally {
    await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
  }

  async function finish(): Promise<CodexSessionResult> {
    await run('SessionEnd', { reason: 'other' });
    obs.modelSaw = obs.requests > 0 ? messages : [];
    return { observation: obs, ...(gapMs !== undefined ? { gapMs } : {}), steps };
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

/** Runs the shell tool's command with bash in a fresh copy of the project: stdout and stderr in one stream, as Codex shows it. */
async function runTool(command: string, files: Record<string, string>, tmp: string): Promise<{ code: number; output: string }> {
  const ws = await materialize(files, tmp);
  try {
    return await new Promise((resolve) => {
      const child = spawn('/bin/bash', ['-c', `exec 2>&1\n${command}`], { cwd: ws.project, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: ws.home, LANG: 'C.UTF-8' }, stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
      child.on('error', (e) => resolve({ code: 127, output: e.message }));
      child.on('close', (c) => resolve({ code: c ?? 1, output: out }));
    });
  } finally {
    await ws.dispose();
  }
}
