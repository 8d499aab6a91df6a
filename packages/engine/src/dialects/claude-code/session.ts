import { spawn } from 'node:child_process';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Diagnostic, Outcome } from '../../outcome.js';
import { runScenario } from '../../run.js';
import { isObject, type Json, type JsonObject } from '../../util/json.js';
import { materialize } from '../../workspace.js';
import { TIMING_RULES, withEvidence } from './evidence.js';
import { checkPermission, readPermissions, settlePrompt, type PermissionDecision, type PromptAnswer } from './permissions.js';
import { rulesFor, stopBlockCap } from './version.js';
import { wording } from './wording.js';

/**
 * A whole `claude -p "do it"` session, played with hookplay's claude-code dialect: the same steps the real CLI
 * takes (SessionStart, UserPromptSubmit, a model request answered with one Bash tool call, PreToolUse, permission,
 * the tool, PostToolUse, the next request, Stop and its continuations), each event run through `runScenario`.
 * It yields the same Observation the oracle harness reads from the real CLI, so the two can be compared.
 *
 * Not part of the engine's public API: the oracle harness (oracle/run.mjs) and the replay test use it.
 */
export interface SessionInput {
  files: Record<string, string>;
  /** The Bash tool input the model asks for; `null`: the model answers with text only. Default: `echo original`. */
  tool?: JsonObject | null;
  /** The tool the model calls (default Bash). Only Bash really runs; another tool's result is not simulated. */
  toolName?: string;
  /** `--allowedTools` of the CLI run: `Bash` (everything) or rules like `Bash(echo:*)`; null: not given. Default `Bash`. */
  allowedTools?: string | null;
  /** `--permission-mode`. */
  permissionMode?: string;
  /** Local plugin directories (`--plugin-dir`), as in host.plugins. */
  plugins?: string[];
  /**
   * The user's answers to permission prompts, in order. Given (even empty): the host answers prompts (stream-json
   * with `--permission-prompt-tool stdio`), so a call that asks reaches the user; absent: plain `-p`, where nobody
   * can be asked and an ask is a denial.
   */
  answers?: PromptAnswer[];
  /** The answer when the list has run out. Default: a denial. */
  unanswered?: PromptAnswer;
  /** The user answers this late (ms): PermissionRequest hooks that answer sooner win. Default: at once (0). */
  answerDelayMs?: number;
  /** Several user turns in one session, each with the tool call its first model reply makes (null: text only). */
  turns?: { prompt: string; tool?: JsonObject | null }[];
  /** What the session's API requests go through, as Claude Code names it in the auto-mode notice. */
  apiVia?: string;
  version?: string;
  env?: Record<string, string>;
  prompt?: string;
}

export interface Observation {
  /** Messages API requests the host made. */
  requests: number;
  tool: { executed: boolean; input: JsonObject | null; result: string | null; isError: boolean | null; decidedBy: string | null } | null;
  /** Every hook-made text the model read, in conversation order (as in the last request). */
  modelSaw: string[];
  /** Notices the host printed for the user. */
  userSaw: string[];
  /** One entry per Stop event: its stop_hook_active. */
  stopRuns: boolean[];
  /** A hook's `continue: false` ended the session. */
  halted: boolean;
  /** Hook processes started, per event. */
  hookRuns: Record<string, number>;
  /** How each hook process ended, per event: `success`, `error:<exit code>` or `cancelled`, sorted. */
  hookEnds?: Record<string, string[]>;
  /** Events whose hooks finished too close together for the order of their answers to be fixed (see RACE_MS). */
  racy?: string[];
  /** Sessions whose host answers prompts: each prompt the user saw, with the answer given. */
  asked?: { tool: string; command: string | null; answer: PromptAnswer }[];
  /** Sessions whose host answers prompts: the permission decision of each tool call, in order. */
  decisions?: (PermissionDecision | null)[];
  /** Several turns: the hook texts of every model request. */
  requestsSaw?: string[][];
}

export interface SessionResult {
  observation: Observation;
  /** Milliseconds from the first model answer to the second request (hooks and tool in between). */
  gapMs?: number;
  steps: { event: string; outcome: Outcome }[];
  /** What the permission rules and modes decided, per tool call (codes with evidence, like the steps' own). */
  diagnostics: Diagnostic[];
}

/** Every rule the engine stated while playing the session: diagnostic codes, and the matcher rules behind "why". */
export function ruleCodes(result: SessionResult): Set<string> {
  const codes = new Set<string>();
  for (const { outcome } of result.steps) {
    for (const d of outcome.diagnostics) codes.add(d.code);
    for (const h of outcome.hooks) if (h.whyRule) codes.add(h.whyRule);
  }
  for (const d of result.diagnostics) codes.add(d.code);
  for (const code of Object.keys(TIMING_RULES)) codes.delete(code);
  return codes;
}

export const DEFAULT_TOOL_INPUT: JsonObject = { command: 'echo original', description: 'run the command' };

const DENIED_BY_NOBODY: PromptAnswer = { behavior: 'deny', message: 'nobody answered the permission prompt' };

export async function simulateSession(session: SessionInput): Promise<SessionResult> {
  const version = rulesFor(session.version);
  if (!version.rules) throw new Error(version.diagnostics.map((d) => d.message).join('; '));
  const rules = version.rules;
  const turns = session.turns ?? [{ prompt: session.prompt ?? 'do it', tool: session.tool === undefined ? DEFAULT_TOOL_INPUT : session.tool }];
  const tmp = await realpath(await mkdtemp(join(tmpdir(), 'hookplay-session-')));
  const escaped = tmp.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const projectRe = new RegExp(`${escaped}/hookplay-[A-Za-z0-9]+/project`, 'g');
  const homeRe = new RegExp(`${escaped}/hookplay-[A-Za-z0-9]+/home`, 'g');
  const norm = (s: string) => s.replace(projectRe, '$PROJECT').replace(homeRe, '$HOME');

  const steps: SessionResult['steps'] = [];
  const diagnostics: Diagnostic[] = [];
  const hookRuns: Record<string, number> = {};
  const hookEnds: Record<string, string[]> = {};
  const obs: Observation = { requests: 0, tool: null, modelSaw: [], userSaw: [], stopRuns: [], halted: false, hookRuns, hookEnds };
  const hostAnswers = session.answers !== undefined;
  const answers = [...(session.answers ?? [])];
  if (hostAnswers) {
    obs.asked = [];
    obs.decisions = [];
  }
  if (session.turns) obs.requestsSaw = [];
  const permissions = readPermissions(session.files, { ...(session.permissionMode !== undefined ? { permissionMode: session.permissionMode } : {}), allowedTools: session.allowedTools === undefined ? 'Bash' : session.allowedTools });
  diagnostics.push(...withEvidence(permissions).diagnostics);
  const toolName = session.toolName ?? 'Bash';
  /** Every hook-made text of the conversation so far, in the order the model reads them. */
  const texts: string[] = [];
  /** What the latest model request carried: texts added after it (a session that halts) never reach the model. */
  let carried: string[] = [];
  const request = () => {
    obs.requests++;
    carried = [...texts];
    obs.requestsSaw?.push(carried);
  };

  const host = {
    ...(session.version ? { version: session.version } : {}),
    ...(session.env ? { env: session.env } : {}),
    ...(session.plugins ? { plugins: session.plugins } : {}),
  };
  const run = async (event: string, payload: JsonObject): Promise<Outcome> => {
    const outcome = await runScenario({ hookplay: 1, dialect: 'claude-code', host, files: session.files, event, payload }, { tmpDir: tmp });
    steps.push({ event, outcome });
    if (outcome.diagnostics.some((d) => d.code === 'rule.finish-order-racy')) (obs.racy ??= []).push(event);
    const ran = outcome.hooks.filter((h) => h.ran);
    if (ran.length) hookRuns[event] = (hookRuns[event] ?? 0) + ran.length;
    for (const h of ran) (hookEnds[event] ??= []).push(h.hostReport ?? (h.timedOut ? 'cancelled' : h.exitCode === 0 ? 'success' : `error:${h.exitCode ?? 1}`));
    hookEnds[event]?.sort();
    if (outcome.shown?.user) obs.userSaw.push(norm(outcome.shown.user));
    return outcome;
  };
  const decide = (decision: PermissionDecision | null, found: Diagnostic[] = []) => {
    obs.decisions?.push(decision);
    diagnostics.push(...withEvidence({ diagnostics: found }).diagnostics);
  };

  /** PostToolBatch after the batch (denied or not): its context reaches the model; true when it halts the session. */
  const batchHalts = async (input: JsonObject, response: Json, id: string): Promise<boolean> => {
    const batch = await run('PostToolBatch', { tool_calls: [{ tool_name: toolName, tool_input: input, tool_use_id: id, tool_response: response }] });
    texts.push(...batch.context.map(norm));
    if (batch.halt) obs.halted = true;
    return batch.halt;
  };

  /**
   * One tool call of the model: PreToolUse, the permission check (rules, mode, the hook's verdict), the prompt with
   * its PermissionRequest hooks and the user's answer, the tool, PostToolUse or PostToolUseFailure, PostToolBatch.
   * `end`: the session is over (a halt, a deferred or interrupted call).
   */
  const toolCall = async (tool: JsonObject, first: boolean): Promise<'end' | 'next'> => {
    const id = `toolu_mock_${obs.requests}`;
    const record = (t: NonNullable<Observation['tool']>) => {
      if (first) obs.tool = t;
    };
    const pre = await run('PreToolUse', { tool_name: toolName, tool_input: tool, tool_use_id: id });
    let input: JsonObject = isObject(pre.updatedInput) ? pre.updatedInput : tool;
    let run_ = false;
    let denied: { result: string; decidedBy: string } | null = null;
    let decidedBy = 'config';
    if (pre.diagnostics.some((d) => d.code === 'rule.defer')) {
      record({ executed: false, input: null, result: null, isError: null, decidedBy: null });
      return 'end';
    }
    const hookVerdict = pre.verdict === 'allow' ? 'allow' : pre.verdict === 'ask' ? 'ask' : null;
    const check = pre.verdict === 'block' ? null : checkPermission(permissions, { toolName, input }, hookVerdict, session.apiVia);
    if (pre.verdict === 'block') {
      denied = { result: pre.shown?.toolResult ?? '', decidedBy: 'hook' };
      decide({ decision: 'reject', source: 'hook', reason_type: 'hook' });
    } else if (check!.outcome === 'deny') {
      denied = { result: check!.result, decidedBy: 'config' };
      if (check!.notice) obs.userSaw.push(check!.notice);
      decide(check!.decision, check!.diagnostics);
    } else if (check!.outcome === 'run') {
      run_ = true;
      decidedBy = check!.decision.source === 'hook' ? 'hook' : 'config';
      decide(check!.decision, check!.diagnostics);
    } else if (!hostAnswers && pre.verdict === 'ask') {
      // Plain -p: nobody can be asked, so a hook's ask is a denial, and no PermissionRequest hook runs.
      denied = { result: pre.shown?.toolResult ?? '', decidedBy: 'config' };
      decide(null, check!.diagnostics);
    } else {
      const permission = await run('PermissionRequest', {
        tool_name: toolName,
        tool_input: input,
        permission_suggestions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
      });
      if (permission.diagnostics.some((d) => d.code === 'rule.permission-interrupt')) {
        // Claude Code rejects the call and stops the turn there ("aborted_tools").
        record({ executed: false, input: null, result: permission.shown?.toolResult ?? '', isError: true, decidedBy: null });
        decide(null, check!.diagnostics);
        return 'end';
      }
      const prVerdict = permission.verdict === 'allow' ? 'allow' : permission.verdict === 'block' ? 'block' : null;
      if (hostAnswers) {
        const answer = answers.shift() ?? session.unanswered ?? DENIED_BY_NOBODY;
        obs.asked!.push({ tool: toolName, command: typeof input.command === 'string' ? norm(input.command) : null, answer });
        const answeredIn = permission.hooks.filter((h) => h.ran).map((h) => h.durationMs ?? Infinity);
        const settled = settlePrompt(prVerdict, answer, session.answerDelayMs ?? 0, answeredIn.length ? Math.min(...answeredIn) : null);
        decide(settled.decision, [...check!.diagnostics, ...settled.diagnostics]);
        if (settled.winner === 'hook' && prVerdict === 'allow' && isObject(permission.updatedInput)) input = permission.updatedInput;
        if (settled.run) {
          run_ = true;
          decidedBy = settled.winner === 'hook' ? 'hook' : 'user';
        } else {
          denied = { result: settled.winner === 'hook' ? (permission.shown?.toolResult ?? '') : answer.behavior === 'deny' ? answer.message : '', decidedBy: settled.winner === 'hook' ? 'hook' : 'user' };
        }
      } else {
        decide(null, check!.diagnostics);
        if (prVerdict === 'allow') {
          run_ = true;
          decidedBy = 'hook';
          if (isObject(permission.updatedInput)) input = permission.updatedInput;
        } else if (prVerdict === 'block') denied = { result: permission.shown?.toolResult ?? '', decidedBy: 'hook' };
        else denied = { result: 'Claude Code asks before running this command, and nobody can answer in -p mode', decidedBy: 'config' };
      }
    }

    if (run_) {
      const ranTool = toolName === 'Bash' ? await runTool(String(input.command ?? ''), session.files, tmp) : otherTool();
      record({ executed: true, input, result: norm(ranTool.content), isError: ranTool.code !== 0, decidedBy });
      const after = ranTool.code === 0 ? 'PostToolUse' : 'PostToolUseFailure';
      const post = await run(
        after,
        ranTool.code === 0
          ? { tool_name: toolName, tool_input: input, tool_response: ranTool.response, tool_use_id: id, duration_ms: ranTool.ms }
          : { tool_name: toolName, tool_input: input, tool_use_id: id, error: ranTool.content, is_interrupt: false, duration_ms: ranTool.ms },
      );
      // PostToolUse's context holds its blocking texts, then its additionalContext.
      texts.push(...pre.context.map(norm), ...post.context.map(norm));
      if (pre.halt || post.halt) {
        obs.halted = true;
        return 'end';
      }
      if (await batchHalts(input, ranTool.code === 0 ? (ranTool.response.stdout ?? '') : ranTool.content, id)) return 'end';
    } else {
      record({ executed: false, input: null, result: norm(denied!.result), isError: true, decidedBy: denied!.decidedBy });
      texts.push(...pre.context.map(norm));
      if (pre.halt) {
        obs.halted = true;
        return 'end';
      }
      // The batch ended too, with the denial as its result.
      if (await batchHalts(input, denied!.result, id)) return 'end';
    }
    return 'next';
  };

  let gapMs: number | undefined;
  try {
    const start = await run('SessionStart', { source: 'startup' });
    texts.push(...start.context.map(norm));
    const cap = stopBlockCap(rules, session.env);
    let calls = 0;

    for (const turn of turns) {
      const submit = await run('UserPromptSubmit', { prompt: turn.prompt });
      if (submit.halt) return finish();
      // A blocked prompt never reaches the model; the next prompt starts a new turn.
      if (submit.verdict === 'block') continue;
      texts.push(...submit.context.map(norm));

      request();
      const tool = turn.tool === undefined ? null : turn.tool;
      if (tool) {
        const t1 = performance.now();
        if ((await toolCall(tool, calls++ === 0)) === 'end') return finish();
        request();
        if (calls === 1) gapMs = performance.now() - t1;
      }

      let blocks = 0;
      for (;;) {
        const stop = await run('Stop', { stop_hook_active: blocks > 0, last_assistant_message: `FINAL_TEXT_${obs.requests}`, background_tasks: [], session_crons: [] });
        // With disableAllHooks no event reaches any hook (the oracle's probes included).
        if (!stop.diagnostics.some((d) => d.code === 'config.hooks-disabled')) obs.stopRuns.push(blocks > 0);
        // continue: false on Stop ends the turn ("stop_hook_prevented"), which is no halt of the session by a hook.
        if (stop.halt) break;
        if (stop.verdict !== 'block') break;
        blocks++;
        if (blocks >= cap) {
          obs.userSaw.push(wording.stopCapReached(cap, rules.stopBlockCapEnv));
          break;
        }
        // Stop's context holds everything the model reads: the feedback messages, then the system notes.
        texts.push(...stop.context.map(norm));
        request();
      }
    }
    return finish();
  } finally {
    await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
  }

  function finish(): SessionResult {
    obs.modelSaw = obs.requests > 0 ? carried : [];
    return { observation: obs, ...(gapMs !== undefined ? { gapMs } : {}), steps, diagnostics };
  }
}

/** A tool hookplay does not run (Glob, Read, ...): it succeeds, and its output is not compared. */
function otherTool(): ToolRun {
  return { code: 0, content: '', response: {}, ms: 1 };
}

interface ToolRun {
  code: number;
  content: string;
  response: JsonObject;
  ms: number;
}

/** Runs the Bash tool's command with bash in a fresh copy of the project, and words its result as Claude Code does. */
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
    const body = [stdout.replace(/\n+$/, ''), stderr.replace(/\n+$/, '')].filter(Boolean).join('\n');
    return {
      code,
      content: code === 0 ? body || wording.bashNoOutput : `Exit code ${code}\n${body}`,
      response: { stdout: stdout.replace(/\n+$/, ''), stderr: stderr.replace(/\n+$/, ''), interrupted: false, isImage: false, noOutputExpected: false },
      ms: Math.round(performance.now() - t0),
    };
  } finally {
    await ws.dispose();
  }
}
