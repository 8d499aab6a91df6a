import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Outcome } from '../../outcome.js';
import { runScenario } from '../../run.js';
import { isObject, type JsonObject } from '../../util/json.js';
import { materialize } from '../../workspace.js';
import { preToolContext, postToolSuffix, promptReminder } from './shown.js';

/**
 * A whole `copilot -p "do it" --allow-all` session, played with hookplay's copilot-cli dialect: the steps the real
 * CLI takes (sessionStart, userPromptSubmitted, userPromptTransformed, a model request answered with one bash tool
 * call, preToolUse, permissionRequest, the tool, postToolUse, the next request, agentStop and its continuations,
 * sessionEnd), each event run through `runScenario`. It yields the Observation the oracle reads from the real CLI.
 *
 * Not part of the engine's public API: oracle/hosts/copilot-cli/run.mjs and the replay test use it.
 */
export interface SessionInput {
  files: Record<string, string>;
  /** The bash tool arguments the model asks for; `null`: a text-only answer. Default: `echo original`. */
  tool?: JsonObject | null;
  /** Whether the folder is trusted (`--trust-folder`). Default true. */
  trusted?: boolean;
  env?: Record<string, string>;
  prompt?: string;
}

/** One message of the last model request, reduced to what hooks can change. */
export type Message =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string }
  | { role: 'assistant'; tool: string; args: unknown }
  | { role: 'tool'; content: string };

export interface Observation {
  /** Chat completion requests the CLI made. */
  requests: number;
  /** The last request's messages after the system prompt (dates as <dt>, paths as $PROJECT / $HOME). */
  conversation: Message[];
  /** Warnings the CLI showed the user (exit 2's stderr, a blocked prompt's reason), in order. */
  userSaw: string[];
  /** Hook processes per event, counted from the `@hook <event>` lines the oracle's hooks write to $ORACLE_LOG. */
  hookRuns: Record<string, number>;
  /** The CLI's exit code. */
  exitCode: number;
}

export interface SessionResult {
  observation: Observation;
  steps: { event: string; outcome: Outcome }[];
}

export const DEFAULT_TOOL_ARGS: JsonObject = { command: 'echo original', description: 'run the command' };
/** Agent-stop continuations in a row before the CLI ends the turn anyway (recorded: 8). */
export const STOP_CONTINUATION_CAP = 8;

export async function simulateSession(session: SessionInput): Promise<SessionResult> {
  const prompt = session.prompt ?? 'do it';
  const tool = session.tool === undefined ? DEFAULT_TOOL_ARGS : session.tool;
  const tmp = await realpath(await mkdtemp(join(tmpdir(), 'hookplay-copilot-')));
  const escaped = tmp.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const projectRe = new RegExp(`${escaped}/hookplay-[A-Za-z0-9]+/project`, 'g');
  const homeRe = new RegExp(`${escaped}/hookplay-[A-Za-z0-9]+/home`, 'g');
  const norm = (s: string) => s.replace(projectRe, '$PROJECT').replace(homeRe, '$HOME');
  // The oracle's hooks log `@hook <event>` lines to $ORACLE_LOG: the simulation counts them the same way.
  const hookLog = join(tmp, 'hooks.log');
  const host = { trusted: session.trusted !== false, env: { ...session.env, ORACLE_LOG: hookLog } };

  const steps: SessionResult['steps'] = [];
  const hookRuns: Record<string, number> = {};
  const obs: Observation = { requests: 0, conversation: [], userSaw: [], hookRuns, exitCode: 0 };
  const messages: Message[] = [];

  const run = async (event: string, payload: JsonObject): Promise<Outcome> => {
    const outcome = await runScenario({ hookplay: 1, dialect: 'copilot-cli', host, files: session.files, event, payload }, { tmpDir: tmp });
    steps.push({ event, outcome });
    if (outcome.shown?.user) obs.userSaw.push(...outcome.shown.user.split('\n').map(norm));
    return outcome;
  };

  try {
    const start = await run('sessionStart', { source: 'new', initialPrompt: prompt });
    if (start.context.length) messages.push({ role: 'user', content: norm(start.context.join('\n\n')) });

    const submit = await run('userPromptSubmitted', { prompt });
    if (submit.verdict === 'block' || submit.halt) {
      // A blocked or handled prompt ends the turn without the model; sessionEnd still fires (recorded).
      if (submit.verdict === 'block') obs.exitCode = 1;
      await run('sessionEnd', { reason: 'complete' });
      return await finish();
    }
    const asked = isObject(submit.eventOut) && typeof submit.eventOut.prompt === 'string' ? submit.eventOut.prompt : prompt;
    const transformed = asked === '' ? '<dt>' : `<dt>\n\n${asked}`;
    await run('userPromptTransformed', { prompt: asked, transformedPrompt: transformed.replace('<dt>', '<current_datetime>2026-12-01T12:00:00.000+00:00</current_datetime>') });
    messages.push({ role: 'user', content: norm(transformed + (submit.context.length ? promptReminder(submit.context[0]!) : '')) });

    obs.requests = 1;
    if (tool) {
      const pre = await run('preToolUse', { toolName: 'bash', toolArgs: tool });
      const args = (pre.updatedInput ?? tool) as JsonObject;
      let result: string;
      if (pre.verdict === 'block' || pre.verdict === 'ask') {
        result = pre.reason ?? '';
      } else if (!isObject(args)) {
        // Arguments that are not an object fail the tool's input check (recorded for a string).
        result = 'Invalid input: expected value at line 1 column 1';
      } else {
        let denied: string | null = null;
        if (pre.verdict !== 'allow') {
          const permission = await run('permissionRequest', { toolName: 'bash', toolInput: { command: args.command ?? '' } });
          if (permission.verdict === 'block') denied = permission.reason ?? '';
        }
        if (denied !== null) result = denied;
        else {
          const output = await runTool(String(args.command ?? ''), session.files, tmp);
          result = output;
          const post = await run('postToolUse', { toolName: 'bash', toolArgs: args, toolResult: { resultType: 'success', textResultForLlm: output } });
          if (post.verdict === 'block') result = post.reason ?? '';
          else if (post.context.length) result += postToolSuffix('bash', post.context[0]!);
        }
      }
      messages.push({ role: 'assistant', tool: 'bash', args });
      messages.push({ role: 'tool', content: norm(result) });
      if (pre.context.length) messages.push({ role: 'user', content: norm(preToolContext(pre.context[0]!)) });
      obs.requests++;
    }

    let continuations = 0;
    for (;;) {
      const stop = await run('agentStop', { transcriptPath: '$HOME/.copilot/session-state/SESSION/events.jsonl', stopReason: 'end_turn', stop_hook_active: continuations > 0 });
      if (stop.verdict !== 'block' || continuations >= STOP_CONTINUATION_CAP) break;
      continuations++;
      messages.push({ role: 'assistant', content: `FINAL_TEXT_${obs.requests}` });
      messages.push({ role: 'user', content: norm(`<dt>\n\n${stop.reason ?? ''}`) });
      obs.requests++;
    }
    await run('sessionEnd', { reason: 'complete' });
    return await finish();
  } finally {
    await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
  }

  async function finish(): Promise<SessionResult> {
    obs.conversation = obs.requests > 0 ? messages : [];
    const lines = existsSync(hookLog) ? (await readFile(hookLog, 'utf8')).split('\n') : [];
    for (const line of lines) {
      const m = /^@hook (\S+)/.exec(line);
      if (m) hookRuns[m[1]!] = (hookRuns[m[1]!] ?? 0) + 1;
    }
    return { observation: obs, steps };
  }
}

/** Runs the bash tool's command in a fresh copy of the project and words its result as Copilot CLI does. */
async function runTool(command: string, files: Record<string, string>, tmp: string): Promise<string> {
  const ws = await materialize(files, tmp);
  try {
    const { code, out } = await new Promise<{ code: number; out: string }>((resolve) => {
      const child = spawn('bash', ['-c', `{ ${command}\n} 2>&1`], { cwd: ws.project, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: ws.home, LANG: 'C.UTF-8' }, stdio: ['ignore', 'pipe', 'ignore'] });
      let text = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (text += c));
      child.on('error', (e) => resolve({ code: 127, out: e.message }));
      child.on('close', (c) => resolve({ code: c ?? 1, out: text }));
    });
    return `${out.replace(/\n$/, '')}\n<shellId: 0 completed with exit code ${code}>`;
  } finally {
    await ws.dispose();
  }
}
