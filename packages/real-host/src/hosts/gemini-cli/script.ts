import { stepLabel, type JsonObject, type SessionScenario, type SessionStep } from '@hookplay/engine';
import type { ModelReply, ModelScript } from '../../mock/reply.js';
import type { CannotExpress } from '../../plan.js';

/** What the mocked model answers one request with, within one `gemini -p` run. */
export type ScriptedReply = { kind: 'tools'; step: number; calls: { tool: string; input: JsonObject }[] } | { kind: 'text'; text: string; step: number };

/** One `gemini -p` process and its one prompt. */
export interface ScriptedRun {
  prompt: string;
  step: number;
  replies: ScriptedReply[];
}

export interface GeminiScript {
  runs: ScriptedRun[];
  /** `GEMINI_CLI_TRUST_WORKSPACE=true` (the default), or an untrusted folder (`host.trusted: false`). */
  trusted: boolean;
  /** The old oracle's mock ends every turn with `FINAL_TEXT_<request number>`, and its command writes a proof file. */
  oracle: boolean;
}

/** The shell tool, in Gemini CLI's naming. */
export const SHELL = 'run_shell_command';

/**
 * A session's steps as a real `gemini -p PROMPT --yolo` run: its one prompt, then the model's tool calls and its
 * reply, played by the mock. `gemini -p` takes one prompt and never asks the user, so a second prompt, an approval,
 * a tool with a given result (the CLI runs its tools itself) or an interrupt cannot be played; nor can an event the
 * CLI fires on its own schedule (Notification, a manual PreCompress).
 */
export function scriptOf(scenario: SessionScenario, options: { oracle?: boolean } = {}): GeminiScript | CannotExpress {
  const problems: CannotExpress['problems'] = [];
  const runs: ScriptedRun[] = [];
  scenario.session.steps.forEach((step, i) => {
    const at = `session.steps[${i}]`;
    const run = runs[runs.length - 1];
    if ('prompt' in step) {
      if (run) {
        problems.push({ path: at, message: 'gemini -p takes one prompt per process, and the harness does not resume Gemini CLI sessions yet: play each prompt as a scenario of its own' });
        return;
      }
      runs.push({ prompt: step.prompt, step: i, replies: [] });
      return;
    }
    if ('resume' in step) {
      problems.push({ path: at, message: 'the harness does not resume Gemini CLI sessions yet' });
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
  if (!runs.length && !problems.length) problems.push({ path: 'session.steps', message: 'the real Gemini CLI needs a prompt to start' });
  if (problems.length) return { problems };
  return { runs, trusted: scenario.host?.trusted !== false, oracle: options.oracle ?? false };
}

/**
 * The mocked model: the k-th request of the run gets its k-th scripted reply; once they are used up (an AfterAgent
 * hook that denies, a run with no reply step) it answers with the last text it gave, or "Done." (the old oracle's
 * `FINAL_TEXT_<n>`), as the engine's gemini-cli lifecycle has the model do.
 */
export function modelScriptOf(script: GeminiScript): ModelScript {
  let lastText: string | null = null;
  let calls = 0;
  let k = 0;
  return (n): ModelReply => {
    const reply = script.runs[0]?.replies[k++];
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

/** The calls the mock handed the CLI in its first `requests` answers: the ones the CLI could run. */
export function servedCalls(script: GeminiScript, requests: number): { step: number; tool: string; input: JsonObject }[] {
  return (script.runs[0]?.replies ?? []).slice(0, requests).flatMap((reply) => (reply.kind === 'tools' ? reply.calls.map((c) => ({ step: reply.step, ...c })) : []));
}
