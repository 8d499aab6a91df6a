import { stepLabel, type JsonObject, type SessionScenario, type SessionStep } from '@hookplay/engine';
import type { ModelReply, ModelScript } from '../../mock/reply.js';
import type { CannotExpress } from '../../plan.js';

/** What the mocked model answers one request with (the title agent's requests, which offer no tools, aside). */
export type ScriptedReply = { kind: 'tools'; calls: { tool: string; input: JsonObject }[] } | { kind: 'text'; text: string };

/** One `opencode run PROMPT --format json`: its prompt and the model's replies, in order. */
export interface OpenCodeScript {
  prompt: string;
  replies: ScriptedReply[];
}

/**
 * A session's steps as one real `opencode run`: the prompt, then each tool step (one call or several in one model
 * message) and a final reply. One run takes one prompt; nobody answers a permission prompt in a run (OpenCode
 * rejects it by itself); the CLI runs its tools itself, so a given result cannot be played; nor can an interrupt or
 * an event the harness cannot make the CLI fire.
 */
export function scriptOf(scenario: SessionScenario): OpenCodeScript | CannotExpress {
  const problems: CannotExpress['problems'] = [];
  let prompt: string | null = null;
  const replies: ScriptedReply[] = [];
  scenario.session.steps.forEach((step, i) => {
    const at = `session.steps[${i}]`;
    if ('prompt' in step) {
      if (prompt !== null) problems.push({ path: at, message: '`opencode run` takes one prompt: a second prompt is a second run, which the harness does not play for OpenCode' });
      prompt = step.prompt;
      return;
    }
    if ('tool' in step || 'calls' in step) {
      const calls = 'tool' in step ? [step] : step.calls;
      calls.forEach((c, k) => {
        if (c.result) problems.push({ path: `${'tool' in step ? at : `${at}.calls[${k}]`}.result`, message: `the real CLI runs ${c.tool} itself, so its result cannot be given` });
      });
      replies.push({ kind: 'tools', calls: calls.map((c) => ({ tool: c.tool, input: c.input as JsonObject })) });
      return;
    }
    if ('reply' in step) {
      replies.push({ kind: 'text', text: step.reply });
      return;
    }
    if ('approval' in step) problems.push({ path: at, message: '`opencode run` never asks the user: a permission rule that asks is rejected by the CLI itself' });
    else if ('interrupt' in step) problems.push({ path: at, message: 'the harness cannot interrupt the real OpenCode at a given point of a turn' });
    else problems.push({ path: at, message: `the harness cannot make the real OpenCode play ${stepLabel(step as SessionStep)}` });
  });
  if (prompt === null && !problems.length) problems.push({ path: 'session.steps', message: 'the real OpenCode needs a prompt to start' });
  if (problems.length) return { problems };
  return { prompt: prompt!, replies };
}

/** The id of the k-th call of request n on the wire (OpenCode hands it to plugins as input.callID). */
export const callId = (n: number, k: number) => `call_${n}_${k}`;

/** True for a request of the title agent: it offers the model no tools, and gets a short title. */
export const isTitleRequest = (body: unknown) => !Array.isArray((body as { tools?: unknown })?.tools) || ((body as { tools: unknown[] }).tools.length === 0);

/**
 * The mocked model: the k-th request that offers tools gets the k-th scripted reply; once they are used up it
 * answers `FINAL_TEXT_<n>`. The title agent's requests get "Mock title" and use up nothing.
 */
export function modelScriptOf(script: OpenCodeScript): ModelScript {
  let k = 0;
  return (n, body): ModelReply => {
    if (isTitleRequest(body)) return { kind: 'text', text: 'Mock title' };
    const reply = script.replies[k++];
    if (reply?.kind === 'tools') return { kind: 'tools', calls: reply.calls.map((c, i) => ({ name: c.tool, input: c.input, id: callId(n, i) })) };
    return { kind: 'text', text: reply?.kind === 'text' ? reply.text : `FINAL_TEXT_${n}` };
  };
}
