import { CLINE_SHELL_TOOL, clineCallId, stepLabel, type JsonObject, type SessionScenario, type SessionStep } from '@hookplay/engine';
import type { ModelReply, ModelScript } from '../../mock/reply.js';
import type { CannotExpress } from '../../plan.js';

/** What the mocked model answers one request with. */
export type ScriptedReply = { kind: 'tools'; calls: { tool: string; input: JsonObject }[] } | { kind: 'text'; text: string };

/** One `cline --json PROMPT` task: its prompt, the replies the mock gives in order, the scenario's extra arguments. */
export interface ClineScript {
  prompt: string;
  replies: ScriptedReply[];
  args: string[];
}

/**
 * A session's steps as one `cline --json PROMPT` task: one prompt, then the model's tool calls and final reply. The
 * CLI approves every tool by itself and runs it, so an approval, a given tool result, an interrupt, a resume or a
 * second prompt cannot be played, nor an event the harness cannot make the CLI fire.
 */
export function scriptOf(scenario: SessionScenario): ClineScript | CannotExpress {
  const problems: CannotExpress['problems'] = [];
  let prompt: string | null = null;
  const replies: ScriptedReply[] = [];
  scenario.session.steps.forEach((step: SessionStep, i) => {
    const at = `session.steps[${i}]`;
    if ('prompt' in step) {
      if (prompt !== null) problems.push({ path: at, message: 'cline --json PROMPT takes one prompt: the task ends with the final answer' });
      prompt = step.prompt;
      return;
    }
    if ('tool' in step || 'calls' in step) {
      const calls = 'tool' in step ? [step] : step.calls;
      calls.forEach((c, k) => {
        const where = 'tool' in step ? at : `${at}.calls[${k}]`;
        if (c.result) problems.push({ path: `${where}.result`, message: `the real CLI runs ${c.tool} itself, so its result cannot be given: drop \`result\` to let the call run for real` });
        else if (c.tool !== CLINE_SHELL_TOOL) problems.push({ path: `${where}.tool`, message: `the harness plays ${CLINE_SHELL_TOOL} calls only (hookplay cannot run ${c.tool} beside the real one)` });
      });
      replies.push({ kind: 'tools', calls: calls.map((c) => ({ tool: c.tool, input: c.input as JsonObject })) });
      return;
    }
    if ('reply' in step) {
      replies.push({ kind: 'text', text: step.reply });
      return;
    }
    if ('approval' in step) problems.push({ path: at, message: 'Cline CLI approves every tool by itself: nobody is asked' });
    else if ('interrupt' in step) problems.push({ path: at, message: 'the harness cannot interrupt the real Cline CLI at a given point of a task' });
    else if ('resume' in step) problems.push({ path: at, message: 'the harness does not resume Cline tasks (cline --id)' });
    else problems.push({ path: at, message: `the harness cannot make the real Cline CLI fire ${(step as { event: string }).event} by itself (${stepLabel(step)})` });
  });
  if (prompt === null && !problems.length) problems.push({ path: 'session.steps', message: 'the real Cline CLI needs a prompt to start' });
  if (problems.length) return { problems };
  return { prompt: prompt!, replies, args: scenario.host?.args ?? [] };
}

/**
 * The mocked model: the n-th request gets the n-th scripted reply; once they are used up it answers with the last
 * text it gave, or "Done." — as the engine's lifecycle has the model do. Call ids are the engine's (`call_<n>_<k>`),
 * since the model reads them back in its hook context.
 */
export function modelScriptOf(script: ClineScript): ModelScript {
  let lastText: string | null = null;
  return (n): ModelReply => {
    const reply = script.replies[n - 1];
    if (reply?.kind === 'tools') return { kind: 'tools', calls: reply.calls.map((c, k) => ({ name: c.tool, input: c.input, id: clineCallId(n, k) })) };
    const text = reply?.kind === 'text' ? reply.text : (lastText ?? 'Done.');
    lastText = text;
    return { kind: 'text', text };
  };
}
