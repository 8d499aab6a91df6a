import { spawn } from 'node:child_process';
import { inspect } from 'node:util';
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Outcome } from '../../outcome.js';
import { runScenario } from '../../run.js';
import { isObject, type JsonObject } from '../../util/json.js';
import { materialize } from '../../workspace.js';
import { loadGeminiSettings, USER_SETTINGS, type GeminiSettings, type RegistryNote } from './config.js';
import { responseText } from './combine.js';
import { formatIssues } from './validate.js';
import { wording } from './wording.js';

const hsoOf = (o: Outcome): JsonObject => (isObject(o.eventOut) && isObject(o.eventOut.hookSpecificOutput) ? o.eventOut.hookSpecificOutput : {});

/**
 * A whole `gemini -p "do it" --yolo` run, played with hookplay's gemini-cli dialect: the same events in the same
 * order as the real CLI (SessionStart, BeforeAgent, then per model turn PreCompress, BeforeModel,
 * BeforeToolSelection, AfterModel, the tool with BeforeTool and AfterTool, AfterAgent and its retries, SessionEnd),
 * each run through `runScenario`. It yields the Observation the oracle reads from the real CLI.
 *
 * Not part of the engine's public API: the oracle (oracle/hosts/gemini-cli/run.mjs) and the replay test use it.
 */
export interface GeminiSessionInput {
  files: Record<string, string>;
  /** The run_shell_command arguments the model asks for first; null: a text answer only. */
  tool?: JsonObject | null;
  trusted?: boolean;
  env?: Record<string, string>;
  prompt?: string;
  /** AfterAgent retries simulated at most (the real CLI has no cap short of its turn limit). */
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
  /** Hook-related lines Gemini CLI printed on stderr. */
  userSaw: string[];
  /** What `gemini -p` printed on stdout: the model's answers. */
  answer: string;
  /** Hook processes started, per event. */
  hookRuns: Record<string, number>;
  /** What chosen hooks received, sorted: event, command, and the fields that show the host's state. */
  hookInputs: { event: string; command: string; input: JsonObject }[];
}

const UNTRUSTED_LINES = [
  'Approval mode overridden to "default" because the current folder is not trusted.',
  'Approval mode overridden to "default" because the current folder is not trusted.',
  'Gemini CLI is not running in a trusted directory. To proceed, either use `--skip-trust`, set the `GEMINI_CLI_TRUST_WORKSPACE=true` environment variable, or trust this directory in interactive mode. For more details, see https://geminicli.com/docs/cli/trusted-folders/#headless-and-automated-environments',
];

/** What hookRegistry prints while it registers settings hooks (debugLogger.warn formats objects with util.inspect). */
function registryLines(note: RegistryNote): string[] {
  const from = 'from project';
  // Parsed settings are plain objects in the CLI (JSON.parse); inspect them as such.
  const show = (value: unknown) => inspect(JSON.parse(JSON.stringify(value)));
  const discard = (value: unknown) => `Discarding invalid hook configuration for ${note.event} ${from}: ${show(value)}`;
  switch (note.kind) {
    case 'invalid-event':
      return [wording.invalidEvent(note.event)];
    case 'not-array':
      return [`Hook definitions for event "${note.event}" from source "project" is not an array. Skipping.`];
    case 'bad-group':
      return [`Discarding invalid hook definition for ${note.event} ${from}: ${show(note.value)}`];
    case 'bad-type':
      return [`Invalid hook ${note.event} ${from} type: ${String(note.type)}`, discard(note.value)];
    case 'no-command':
      return [`Command hook ${note.event} ${from} missing command field`, discard(note.value)];
    case 'no-name':
      return [`Runtime hook ${note.event} ${from} missing name field`, discard(note.value)];
    case 'not-object':
      return [discard(note.value)];
  }
}

export const DEFAULT_TOOL: JsonObject = { command: 'echo original; echo original > .oracle-ran', description: 'run it' };
const RAN_FILE = '.oracle-ran';

/** The fields of a hook's stdin that the oracle compares, per event. */
export function inputOfInterest(event: string, input: JsonObject): JsonObject {
  const pick = (...keys: string[]) => Object.fromEntries(keys.filter((k) => k in input).map((k) => [k, input[k]!])) as JsonObject;
  switch (event) {
    case 'BeforeTool':
      return pick('tool_name', 'tool_input');
    case 'AfterTool':
      return pick('tool_name', 'tool_input');
    case 'BeforeAgent':
      return pick('prompt');
    case 'AfterAgent':
      return pick('prompt', 'prompt_response', 'stop_hook_active');
    case 'SessionStart':
      return pick('source');
    case 'SessionEnd':
      return pick('reason');
    case 'PreCompress':
      return pick('trigger');
    default:
      return {};
  }
}

export function sortInputs(list: GeminiObservation['hookInputs']): GeminiObservation['hookInputs'] {
  const key = (x: GeminiObservation['hookInputs'][number]) => `${x.event}\u0000${x.command}\u0000${JSON.stringify(x.input)}`;
  return [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

export async function simulateGeminiSession(session: GeminiSessionInput): Promise<{ observation: GeminiObservation; steps: { event: string; outcome: Outcome }[] }> {
  const tool = session.tool === undefined ? DEFAULT_TOOL : session.tool;
  const tmp = await realpath(await mkdtemp(join(tmpdir(), 'hookplay-gemini-')));
  const escaped = tmp.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const projectRe = new RegExp(`${escaped}/hookplay-[A-Za-z0-9]+/project`, 'g');
  const homeRe = new RegExp(`${escaped}/hookplay-[A-Za-z0-9]+/home`, 'g');
  const norm = (s: string) => s.replace(projectRe, '$PROJECT').replace(homeRe, '$HOME').replace(/total duration: \d+ms/g, 'total duration: Nms');
  const steps: { event: string; outcome: Outcome }[] = [];
  const obs: GeminiObservation = { exitCode: 0, requests: 0, tool: null, modelSaw: [], userSaw: [], answer: '', hookRuns: {}, hookInputs: [] };
  const answers: string[] = [];
  const host = { ...(session.trusted === false ? { trusted: false } : {}), ...(session.env ? { env: session.env } : {}) };

  const stdins = new Map<number, string>();
  // The oracle's bash probe logs a hook when its shell starts: one killed within a few milliseconds is never seen.
  const seen = (h: Outcome['hooks'][number]) => h.ran && !(h.timedOut && h.timeoutMs < 50);
  const run = async (event: string, payload: JsonObject): Promise<Outcome> => {
    stdins.clear();
    const outcome = await runScenario(
      { hookplay: 1, dialect: 'gemini-cli', host, files: session.files, event, payload },
      { tmpDir: tmp, onEvent: (e) => void (e.type === 'hook-start' && stdins.set(e.hook, e.stdin)) },
    );
    steps.push({ event, outcome });
    for (const h of outcome.hooks) if (seen(h)) obs.hookRuns[event] = (obs.hookRuns[event] ?? 0) + 1;
    if (outcome.shown?.user) obs.userSaw.push(...norm(outcome.shown.user).split('\n'));
    return outcome;
  };
  const record = (event: string, outcome: Outcome, payload: JsonObject) => {
    // The stdin each hook really got: sequential hooks see the previous hooks' changes.
    for (const h of outcome.hooks) {
      if (!seen(h)) continue;
      let input = payload;
      try {
        input = JSON.parse(stdins.get(h.index) ?? '') as JsonObject;
      } catch {}
      obs.hookInputs.push({ event, command: norm(h.command), input: inputOfInterest(event, input) });
    }
  };

  try {
    const loaded = loadGeminiSettings(session.files, host);
    const settings = loaded.settings as unknown as GeminiSettings;
    if (settings.fatals.length) {
      // loadSettings throws a FatalConfigError: every broken file, then one line of advice; exit code 52.
      const where = (file: string) => (file === USER_SETTINGS ? `$HOME/${file.slice(2)}` : `$PROJECT/${file}`);
      for (const f of settings.fatals) obs.userSaw.push(...f.message.replace(`Error in ${f.file}:`, `Error in ${where(f.file)}:`).split('\n'));
      obs.userSaw.push('Please fix the configuration file(s) and try again.');
      obs.exitCode = 52;
      return finish();
    }
    if (!settings.trusted) {
      obs.userSaw.push(...UNTRUSTED_LINES);
      obs.exitCode = 55;
      return finish();
    }
    for (const { file, issues } of settings.schema) obs.userSaw.push(...formatIssues(file === USER_SETTINGS ? `$HOME/${file.slice(2)}` : `$PROJECT/${file}`, issues));
    if (settings.enabled) for (const note of settings.registry) for (const line of registryLines(note)) obs.userSaw.push(...line.split('\n'));
    const prompt = session.prompt ?? 'do it';
    const start = await runRecorded('SessionStart', { source: 'startup' });
    const prefix = start.context.length ? `${wording.hookContext(start.context.join('\n'))}\n\n` : '';
    const history: string[] = [];
    const original = `${prefix}${prompt}`;
    let request = original;
    let stopHookActive = false;
    let retries = 0;
    let first = true;
    let cumulative = '';
    turns: for (;;) {
      // BeforeAgent fires once per request: the prompt, then each AfterAgent retry's reason.
      const before = await runRecorded('BeforeAgent', { prompt: request });
      if (before.halt || before.verdict === 'block') break;
      history.push(request);
      for (const c of before.context) history.push(wording.hookContext(c));
      for (;;) {
        await runRecorded('PreCompress', { trigger: 'auto' });
        const llm = { model: 'gemini-2.5-pro', messages: [{ role: 'user', content: request }], config: { temperature: 1, topP: 0.95, topK: 64 } };
        const bm = await runRecorded('BeforeModel', { llm_request: llm });
        if (bm.halt) break turns;
        let text: string;
        let asksTool = false;
        if (bm.verdict === 'block') {
          // No model call: a synthetic llm_response is the answer, else the turn has no text.
          text = responseText(hsoOf(bm).llm_response) ?? '';
        } else {
          await runRecorded('BeforeToolSelection', { llm_request: llm });
          obs.requests++;
          obs.modelSaw = history.map(norm);
          asksTool = first && tool !== null;
          first = false;
          text = asksTool ? '' : `FINAL_TEXT_${obs.requests}`;
          const am = await runRecorded('AfterModel', { llm_request: llm, llm_response: { text, candidates: [{ content: { role: 'model', parts: text ? [text] : [] }, finishReason: 'STOP', index: 0 }], usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 } } });
          if (am.halt) break turns;
          const replaced = am.verdict === 'block' ? undefined : responseText(hsoOf(am).llm_response);
          if (replaced !== undefined) {
            text = replaced;
            asksTool = false;
          }
        }
        if (!asksTool) {
          if (text) {
            cumulative = cumulative ? `${cumulative}\n${text}` : text;
            answers.push(text);
          }
          break;
        }
        const pre = await runRecorded('BeforeTool', { tool_name: 'run_shell_command', tool_input: tool });
        obs.tool = { executed: false, ran: null };
        if (pre.halt || pre.verdict === 'block') {
          history.push(JSON.stringify({ error: pre.shown?.model ?? '' }));
          if (pre.halt) break turns;
          continue;
        }
        // "ask" under --yolo with -p: nobody can confirm; the tool does not run and the CLI exits quietly, without
        // AfterAgent or SessionEnd.
        if (pre.verdict === 'ask') return finish();
        const rewritten = isObject(pre.updatedInput);
        const input: JsonObject = rewritten ? (pre.updatedInput as JsonObject) : (tool as JsonObject);
        const ran = await runTool(String(input.command ?? ''), session.files, tmp);
        obs.tool = { executed: ran.ranFile !== null, ran: ran.ranFile };
        const llmContent = `<untrusted_context>\nOutput: ${ran.output || '(empty)'}\nProcess Group PGID: N\n</untrusted_context>${rewritten ? `\n\n${wording.inputModified}` : ''}`;
        const after = await runRecorded('AfterTool', { tool_name: 'run_shell_command', tool_input: input, tool_response: { llmContent, returnDisplay: ran.output } });
        if (after.halt) break turns;
        if (after.verdict === 'block') history.push(JSON.stringify({ error: after.shown?.model ?? '' }));
        else history.push(JSON.stringify({ output: `${llmContent}${after.context.length ? `\n\n${wording.hookContext(after.context.join('\n'))}` : ''}` }));
      }
      const afterAgent = await runRecorded('AfterAgent', { prompt: original, prompt_response: cumulative || '[no response text]', stop_hook_active: stopHookActive });
      if (afterAgent.halt || afterAgent.verdict !== 'block') break;
      if (++retries > (session.maxRetries ?? 5)) break;
      request = afterAgent.reason ?? 'No reason provided';
      stopHookActive = true;
    }
    await runRecorded('SessionEnd', { reason: 'exit' });
    return finish();
  } finally {
    await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
  }

  async function runRecorded(event: string, payload: JsonObject): Promise<Outcome> {
    const outcome = await run(event, payload);
    record(event, outcome, payload);
    return outcome;
  }

  function finish() {
    obs.answer = answers.join('');
    // As the oracle sees it: the model asked for the tool whenever a request was made (its first answer is the call).
    obs.tool = tool !== null && obs.requests > 0 ? (obs.tool ?? { executed: false, ran: null }) : null;
    obs.hookInputs = sortInputs(obs.hookInputs.map((h) => ({ ...h, input: JSON.parse(norm(JSON.stringify(h.input))) as JsonObject })));
    return { observation: obs, steps };
  }
}

/** Runs the shell tool's command with bash in a fresh copy of the project; returns its output and the proof file. */
async function runTool(command: string, files: Record<string, string>, tmp: string): Promise<{ output: string; ranFile: string | null }> {
  const ws = await materialize(files, tmp);
  try {
    const output = await new Promise<string>((resolve) => {
      const child = spawn('bash', ['-c', command], { cwd: ws.project, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: ws.home, LANG: 'C.UTF-8' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
      child.stderr.setEncoding('utf8').on('data', (c: string) => (out += c));
      child.on('error', () => resolve(''));
      child.on('close', () => resolve(out.trim()));
    });
    let ranFile: string | null = null;
    try {
      ranFile = (await readFile(join(ws.project, RAN_FILE), 'utf8')).trim();
    } catch {}
    return { output, ranFile };
  } finally {
    await ws.dispose();
  }
}
