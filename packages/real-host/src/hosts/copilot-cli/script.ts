import { stepLabel, type JsonObject, type SessionScenario, type SessionStep } from '@hookplay/engine';
import type { ModelReply, ModelScript } from '../../mock/reply.js';
import type { CannotExpress } from '../../plan.js';

/** What the mocked model answers one request with, within one `copilot -p` run. */
export type ScriptedReply = { kind: 'tools'; step: number; calls: { tool: string; input: JsonObject }[] } | { kind: 'text'; text: string; step: number };

/** One `copilot -p` process: a fresh start, or `--continue` / `--resume <id>` of the one before; its one prompt. */
export interface ScriptedRun {
  resume: 'resume' | 'continue' | null;
  prompt: string;
  step: number;
  replies: ScriptedReply[];
}

export interface CopilotScript {
  runs: ScriptedRun[];
  /** The permission flags every run gets: `--allow-all`, or the scenario's own `host.args` instead. */
  args: string[];
  trusted: boolean;
  /** The old oracle's mock ends every turn with `FINAL_TEXT_<request number>` (its recorded fixtures say so). */
  oracleReplies: boolean;
}

/** The default launch, as the oracle recorded it: `copilot -p PROMPT --allow-all`. */
export const DEFAULT_ARGS = ['--allow-all'];

/**
 * A session's steps as real `copilot -p` runs: the first prompt starts the CLI; a `resume` step ends that process
 * and starts the next with `--continue` (or `--resume <session id>`) and the prompt after it. `copilot -p` takes one
 * prompt per process, so a second prompt without a resume step before it cannot be played, nor can an approval (no
 * one is asked in prompt mode), a tool with a given result (the CLI runs its tools itself) or an interrupt.
 */
export function scriptOf(scenario: SessionScenario, options: { oracleReplies?: boolean } = {}): CopilotScript | CannotExpress {
  const steps = scenario.session.steps;
  const problems: CannotExpress['problems'] = [];
  const runs: ScriptedRun[] = [];
  let pendingResume: { mode: 'resume' | 'continue'; index: number } | null = null;
  steps.forEach((step, i) => {
    const at = `session.steps[${i}]`;
    const run = runs[runs.length - 1];
    if ('prompt' in step) {
      if (run && !pendingResume) {
        problems.push({ path: at, message: 'copilot -p takes one prompt per process: put a {"resume": "continue"} step before this prompt (the harness then starts the CLI again with --continue)' });
        return;
      }
      runs.push({ resume: pendingResume?.mode ?? null, prompt: step.prompt, step: i, replies: [] });
      pendingResume = null;
      return;
    }
    if ('resume' in step) {
      if (!run) problems.push({ path: at, message: 'a resume needs an earlier session: start with a prompt' });
      else if (pendingResume) problems.push({ path: at, message: 'two resume steps in a row: put a prompt between them' });
      pendingResume = { mode: step.resume, index: i };
      return;
    }
    if ('tool' in step || 'calls' in step) {
      const calls = 'tool' in step ? [step] : step.calls;
      calls.forEach((c, k) => {
        const where = 'tool' in step ? at : `${at}.calls[${k}]`;
        if (c.result) problems.push({ path: `${where}.result`, message: `the real CLI runs ${c.tool} itself, so its result cannot be given: drop \`result\` to let the call run for real` });
      });
      if (!run || pendingResume) return; // checkSession reports a call before any prompt
      run.replies.push({ kind: 'tools', step: i, calls: calls.map((c) => ({ tool: c.tool, input: c.input as JsonObject })) });
      return;
    }
    if ('reply' in step) {
      run?.replies.push({ kind: 'text', text: step.reply, step: i });
      return;
    }
    if ('approval' in step) {
      problems.push({ path: at, message: 'copilot -p never asks the user: permissionRequest hooks answer, or the permission flags decide (host.args)' });
      return;
    }
    if ('interrupt' in step) {
      problems.push({ path: at, message: 'the harness cannot interrupt the real Copilot CLI at a given point of a turn' });
      return;
    }
    problems.push({ path: at, message: `the harness cannot make the real Copilot CLI fire ${(step as { event: string }).event} by itself (${stepLabel(step as SessionStep)})` });
  });
  const dangling = pendingResume as { index: number } | null;
  if (dangling) problems.push({ path: `session.steps[${dangling.index}]`, message: 'a resume step must be followed by the prompt the resumed CLI gets' });
  if (!runs.length && !problems.length) problems.push({ path: 'session.steps', message: 'the real Copilot CLI needs a prompt to start' });
  if (problems.length) return { problems };
  const host = scenario.host ?? {};
  return { runs, args: host.args ?? DEFAULT_ARGS, trusted: host.trusted !== false, oracleReplies: options.oracleReplies ?? false };
}

/** Where the session stands: which run, and how many requests it has made (numbered across runs, from 1). */
export interface ScriptState {
  run: number;
  inRun: number;
}

/**
 * The mocked model: the k-th request of a run gets that run's k-th scripted reply; once they are used up (an
 * agentStop hook that blocks, a run with no reply step) it answers with the last text it gave, or "Done." (the old
 * oracle's `FINAL_TEXT_<n>`), as the engine's lifecycle has the model do.
 */
export function modelScriptOf(script: CopilotScript, state: ScriptState): ModelScript {
  let lastText: string | null = null;
  let calls = 0;
  return (n): ModelReply => {
    const run = script.runs[state.run];
    const reply = run?.replies[state.inRun++];
    if (reply?.kind === 'tools') return { kind: 'tools', calls: reply.calls.map((c) => ({ name: c.tool, input: c.input, id: `call_${++calls}` })) };
    const text = reply?.kind === 'text' ? reply.text : script.oracleReplies ? `FINAL_TEXT_${n}` : (lastText ?? 'Done.');
    lastText = text;
    return { kind: 'text', text };
  };
}
