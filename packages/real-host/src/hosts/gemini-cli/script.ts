import { stepLabel, type JsonObject, type SessionScenario, type SessionStep } from '@hookplay/engine';
import type { ModelReply, ModelScript } from '../../mock/reply.js';
import type { CannotExpress } from '../../plan.js';

/** What the mocked model answers one request with, within one `gemini -p` run. */
export type ScriptedReply = { kind: 'tools'; step: number; calls: { tool: string; input: JsonObject }[] } | { kind: 'text'; text: string; step: number };

/** One `gemini -p` process and its one prompt: a fresh start, or `--resume latest` of the one before. */
export interface ScriptedRun {
  resume: boolean;
  prompt: string;
  step: number;
  replies: ScriptedReply[];
}

export interface GeminiScript {
  runs: ScriptedRun[];
  /** `GEMINI_CLI_TRUST_WORKSPACE=true` (the default), or an untrusted folder (`host.trusted: false`). */
  trusted: boolean;
  /** The permission flags every process gets: `--yolo`, or the scenario's own `host.args` instead. */
  args: string[];
  /** The old oracle's mock ends every turn with `FINAL_TEXT_<request number>`, and its command writes a proof file. */
  oracle: boolean;
}

/** The launch when a scenario gives no host.args: `gemini -p … --yolo`. */
export const DEFAULT_ARGS = ['--yolo'];
/** Approval modes `--approval-mode` takes (gemini --help). */
const APPROVAL_MODES = ['default', 'auto_edit', 'yolo', 'plan'];

/** Which host.args the harness passes: only the permission flags the dialect models. */
function argProblems(args: string[]): CannotExpress['problems'] {
  const problems: CannotExpress['problems'] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--yolo' || arg === '-y') continue;
    if (arg === '--approval-mode') {
      if (!APPROVAL_MODES.includes(args[i + 1] ?? '')) problems.push({ path: `host.args[${i + 1}]`, message: `--approval-mode takes one of ${APPROVAL_MODES.join(', ')}` });
      i++;
      continue;
    }
    problems.push({ path: `host.args[${i}]`, message: `the harness passes only the gemini arguments hookplay models (--yolo, --approval-mode MODE), not ${JSON.stringify(arg)}` });
  }
  return problems;
}

/** The shell tool, in Gemini CLI's naming. */
export const SHELL = 'run_shell_command';

/**
 * A session's steps as a real `gemini -p PROMPT --yolo` run (host.args instead of --yolo: the permission flags): its one prompt, then the model's tool calls and its
 * reply, played by the mock. `gemini -p` takes one prompt and never asks the user, so a second prompt, an approval,
 * a tool with a given result (the CLI runs its tools itself) or an interrupt cannot be played; nor can an event the
 * CLI fires on its own schedule (Notification, a manual PreCompress).
 */
export function scriptOf(scenario: SessionScenario, options: { oracle?: boolean } = {}): GeminiScript | CannotExpress {
  const args = scenario.host?.args ?? DEFAULT_ARGS;
  const problems: CannotExpress['problems'] = argProblems(args);
  const runs: ScriptedRun[] = [];
  let pendingResume: number | null = null;
  scenario.session.steps.forEach((step, i) => {
    const at = `session.steps[${i}]`;
    const run = runs[runs.length - 1];
    if ('prompt' in step) {
      if (run && pendingResume === null) {
        problems.push({ path: at, message: 'gemini -p takes one prompt per process: put a {"resume": "continue"} step before this prompt (the harness then starts the CLI again with --resume latest)' });
        return;
      }
      runs.push({ resume: pendingResume !== null, prompt: step.prompt, step: i, replies: [] });
      pendingResume = null;
      return;
    }
    if ('resume' in step) {
      if (!run) problems.push({ path: at, message: 'a resume needs an earlier session: start with a prompt' });
      else if (pendingResume !== null) problems.push({ path: at, message: 'two resume steps in a row: put a prompt between them' });
      pendingResume = i;
      return;
    }
    if ('tool' in step || 'calls' in step) {
      const calls = 'tool' in step ? [step] : step.calls;
      calls.forEach((c, k) => {
        const where = 'tool' in step ? at : `${at}.calls[${k}]`;
        if (c.result) problems.push({ path: `${where}.result`, message: `the real CLI runs ${c.tool} itself, so its result cannot be given: drop \`result\` to let the call run for real` });
      });
      if (!run) return; // checkSession reports a call before any prompt
      run.replies.push({ kind: 'tools', step: i, calls: calls.map((c) => ({ tool: c.tool, input: c.input as JsonObject })) });
      return;
    }
    if ('reply' in step) {
      run?.replies.push({ kind: 'text', text: step.reply, step: i });
      return;
    }
    if ('approval' in step) {
      problems.push({ path: at, message: 'gemini -p --yolo never asks the user: there is no confirmation to answer' });
      return;
    }
    if ('interrupt' in step) {
      problems.push({ path: at, message: 'the harness cannot interrupt the real Gemini CLI at a given point of a turn' });
      return;
    }
    problems.push({ path: at, message: `the harness cannot make the real Gemini CLI fire ${(step as { event: string }).event} by itself (${stepLabel(step as SessionStep)})` });
  });
  if (pendingResume !== null) problems.push({ path: `session.steps[${pendingResume}]`, message: 'a resume step must be followed by the prompt the resumed CLI gets' });
  if (!runs.length && !problems.length) problems.push({ path: 'session.steps', message: 'the real Gemini CLI needs a prompt to start' });
  if (problems.length) return { problems };
  return { runs, trusted: scenario.host?.trusted !== false, args, oracle: options.oracle ?? false };
}

/**
 * The mocked model: the k-th request of the run gets its k-th scripted reply; once they are used up (an AfterAgent
 * hook that denies, a run with no reply step) it answers with the last text it gave, or "Done." (the old oracle's
 * `FINAL_TEXT_<n>`), as the engine's gemini-cli lifecycle has the model do.
 */
export function modelScriptOf(script: GeminiScript, state: ScriptState = { run: 0, inRun: 0 }): ModelScript {
  let lastText: string | null = null;
  let calls = 0;
  return (n): ModelReply => {
    const reply = script.runs[state.run]?.replies[state.inRun++];
    if (reply?.kind === 'tools') return { kind: 'tools', calls: reply.calls.map((c) => ({ name: c.tool, input: c.input, id: `call_${++calls}` })) };
    const text = reply?.kind === 'text' ? reply.text : script.oracle ? `FINAL_TEXT_${n}` : (lastText ?? 'Done.');
    lastText = text;
    return { kind: 'text', text };
  };
}

/** Every tool call the script has the model make, in order, with its step. */
export function callsOf(script: GeminiScript): { step: number; tool: string; input: JsonObject }[] {
  return script.runs.flatMap((r) => r.replies.flatMap((reply) => (reply.kind === 'tools' ? reply.calls.map((c) => ({ step: reply.step, ...c })) : [])));
}

/** Where the session stands: which run, and how many requests that run has made. */
export interface ScriptState {
  run: number;
  inRun: number;
}

/** The calls the mock handed the CLI: of each run, its first `requests[run]` answers (a number: the first run's). */
export function servedCalls(script: GeminiScript, requests: number | number[]): { step: number; tool: string; input: JsonObject }[] {
  const per = typeof requests === 'number' ? [requests] : requests;
  return script.runs.flatMap((run, k) => run.replies.slice(0, per[k] ?? 0).flatMap((reply) => (reply.kind === 'tools' ? reply.calls.map((c) => ({ step: reply.step, ...c })) : [])));
}
