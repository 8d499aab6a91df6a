import { stepLabel, type JsonObject, type SessionScenario, type SessionStep } from '@hookplay/engine';
import type { ModelReply, ModelScript } from '../../mock/reply.js';
import type { CannotExpress } from '../../plan.js';

/** What the mocked model answers one request with, within one `qwen PROMPT` process. */
export type ScriptedReply = { kind: 'tools'; step: number; calls: { tool: string; input: JsonObject }[] } | { kind: 'text'; text: string; step: number };

/** One `qwen PROMPT --yolo -o stream-json` process: a fresh start, or `--continue` / `--resume <id>` of the one before. */
export interface ScriptedRun {
  resume: 'resume' | 'continue' | null;
  prompt: string;
  step: number;
  replies: ScriptedReply[];
}

export interface QwenScript {
  runs: ScriptedRun[];
  /** false: folder trust on and the project not trusted (--yolo then falls back to asking). */
  trusted: boolean;
  /** The permission flags every process gets: `--yolo`, or the scenario's own `host.args` instead. */
  args: string[];
  /** The old oracle's mock ends every turn with `FINAL_TEXT_<request number>` (its recorded fixtures say so). */
  oracleReplies: boolean;
}

/** The launch when a scenario gives no host.args: `qwen PROMPT --yolo`. */
export const DEFAULT_ARGS = ['--yolo'];
/** `--approval-mode` values the dialect models (`auto` asks an LLM classifier, which the mock does not play). */
const APPROVAL_MODES = ['plan', 'default', 'auto-edit', 'yolo'];

function argProblems(args: string[]): CannotExpress['problems'] {
  const problems: CannotExpress['problems'] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--yolo' || arg === '-y') continue;
    if (arg === '--approval-mode') {
      if (!APPROVAL_MODES.includes(args[i + 1] ?? '')) problems.push({ path: `host.args[${i + 1}]`, message: `the harness passes --approval-mode ${APPROVAL_MODES.join('|')} (auto needs a classifier model the mock does not play)` });
      i++;
      continue;
    }
    problems.push({ path: `host.args[${i}]`, message: `the harness passes only the qwen arguments hookplay models (--yolo, --approval-mode MODE), not ${JSON.stringify(arg)}` });
  }
  return problems;
}

/**
 * A session's steps as real `qwen PROMPT` runs: the first prompt starts the CLI; a `resume` step ends that process and
 * starts the next with `--continue` (or `--resume <session id>`) and the prompt after it. A one-shot run takes one
 * prompt, so a second prompt without a resume step before it cannot be played; nor can an approval (nobody answers in
 * a one-shot run: an untrusted folder declines the call), a tool with a given result (the CLI runs its tools itself),
 * an interrupt, or an event the harness cannot make the CLI fire.
 */
export function scriptOf(scenario: SessionScenario, options: { oracleReplies?: boolean } = {}): QwenScript | CannotExpress {
  const steps = scenario.session.steps;
  const args = scenario.host?.args ?? DEFAULT_ARGS;
  const problems: CannotExpress['problems'] = argProblems(args);
  const runs: ScriptedRun[] = [];
  let pendingResume: { mode: 'resume' | 'continue'; index: number } | null = null;
  steps.forEach((step, i) => {
    const at = `session.steps[${i}]`;
    const run = runs[runs.length - 1];
    if ('prompt' in step) {
      if (run && !pendingResume) {
        problems.push({ path: at, message: 'a one-shot `qwen PROMPT` run takes one prompt: put a {"resume": "continue"} step before this prompt (the harness then starts the CLI again with --continue)' });
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
      problems.push({ path: at, message: 'a one-shot qwen run never asks the user: with --yolo in a trusted folder nothing is asked, and an untrusted folder declines the call' });
      return;
    }
    if ('interrupt' in step) {
      problems.push({ path: at, message: 'the harness cannot interrupt the real Qwen Code at a given point of a turn' });
      return;
    }
    problems.push({ path: at, message: `the harness cannot make the real Qwen Code fire ${(step as { event: string }).event} by itself (${stepLabel(step as SessionStep)})` });
  });
  const dangling = pendingResume as { index: number } | null;
  if (dangling) problems.push({ path: `session.steps[${dangling.index}]`, message: 'a resume step must be followed by the prompt the resumed CLI gets' });
  if (!runs.length && !problems.length) problems.push({ path: 'session.steps', message: 'the real Qwen Code needs a prompt to start' });
  if (problems.length) return { problems };
  return { runs, trusted: scenario.host?.trusted !== false, args, oracleReplies: options.oracleReplies ?? false };
}

/** Where the session stands: which run, and how many requests that run has made. */
export interface ScriptState {
  run: number;
  inRun: number;
}

/**
 * The id of a call on the wire, which Qwen Code hands hooks as tool_call_id: `call_mock_<request>` for the one call
 * of a message (as the old oracle's mock named it), `call_mock_<request>_<k>` for the k-th of several.
 */
export const callId = (request: number, k: number, of: number) => (of === 1 ? `call_mock_${request}` : `call_mock_${request}_${k + 1}`);

/**
 * The mocked model: the k-th request of a run gets that run's k-th scripted reply; once they are used up (a Stop hook
 * that blocks, a run without a reply step) it answers with the last text it gave, or "Done." (the old oracle's
 * `FINAL_TEXT_<n>`), as the engine's lifecycle has the model do.
 */
export function modelScriptOf(script: QwenScript, state: ScriptState): ModelScript {
  let lastText: string | null = null;
  return (n): ModelReply => {
    const run = script.runs[state.run];
    const reply = run?.replies[state.inRun++];
    if (reply?.kind === 'tools') return { kind: 'tools', calls: reply.calls.map((c, k) => ({ name: c.tool, input: c.input, id: callId(n, k, reply.calls.length) })) };
    const text = reply?.kind === 'text' ? reply.text : script.oracleReplies ? `FINAL_TEXT_${n}` : (lastText ?? 'Done.');
    lastText = text;
    return { kind: 'text', text };
  };
}
