import { stepLabel, type JsonObject, type SessionScenario, type SessionStep } from '@hookplay/engine';
import type { ModelReply, ModelScript } from '../../mock/reply.js';
import type { CannotExpress } from '../../plan.js';

/** One tool call the mocked model makes, and the user's answer if its prompt has an approval step. */
export interface ScriptedCall {
  step: number;
  tool: string;
  input: JsonObject;
  id: string;
  approval: 'allow' | 'deny' | null;
}

/** What the mocked model answers, request after request, within one turn. */
export type ScriptedReply = { kind: 'tools'; calls: ScriptedCall[] } | { kind: 'text'; text: string; step: number };

export interface ScriptedTurn {
  prompt: string;
  step: number;
  replies: ScriptedReply[];
}

/** One CLI process of the session: the first starts it, each `resume` step starts the next on the same conversation. */
export interface ScriptedProcess {
  start: 'startup' | 'resume' | 'continue';
  /** Its turns: `turns[from]` up to (not including) `turns[to]`. */
  from: number;
  to: number;
}

export interface ClaudeScript {
  turns: ScriptedTurn[];
  /**
   * The approval steps that follow each set of calls, by the step of the calls: they answer its prompts in the order
   * the prompts open (a call that needs no permission takes none), as the engine's lifecycle reads them.
   */
  answers?: Record<number, ('allow' | 'deny')[]>;
  /** Whether any prompt has an approval step: the CLI then asks its stdio host, which answers them. */
  approvals: boolean;
  /** The CLI processes, in order (one unless the session has resume steps). */
  processes?: ScriptedProcess[];
  /** host.args: more arguments every process is started with. */
  args?: string[];
}

/**
 * A session's steps as the real CLI gets them: the user's prompts go in over stdin, one turn after another; the
 * model's tool calls and replies become the mock's answers to that turn's requests, in order; approvals answer the
 * prompt of the call they follow. What the harness cannot make the real CLI do is listed, naming the step.
 */
export function scriptOf(scenario: SessionScenario): ClaudeScript | CannotExpress {
  const steps = scenario.session.steps;
  const problems: CannotExpress['problems'] = [];
  const turns: ScriptedTurn[] = [];
  let calls = 0;
  let approvals = false;
  const answers: Record<number, ('allow' | 'deny')[]> = {};
  const processes: ScriptedProcess[] = [{ start: 'startup', from: 0, to: 0 }];
  steps.forEach((step, i) => {
    const at = `session.steps[${i}]`;
    const turn = turns[turns.length - 1];
    if ('prompt' in step) {
      turns.push({ prompt: step.prompt, step: i, replies: [] });
      processes[processes.length - 1]!.to = turns.length;
      return;
    }
    if ('resume' in step) {
      processes.push({ start: step.resume, from: turns.length, to: turns.length });
      return;
    }
    if ('calls' in step) {
      if (!turn) return;
      // The approval steps after a set of calls answer its prompts in the order they open.
      const following = followingApprovals(steps, i);
      if (following.length) {
        approvals = true;
        answers[i] = following;
      }
      turn.replies.push({
        kind: 'tools',
        calls: step.calls.map((c, k) => {
          if (c.result) problems.push({ path: `${at}.calls[${k}].result`, message: `the real CLI runs ${c.tool} itself, so its result cannot be given: drop \`result\` to let the call run for real` });
          return { step: i, tool: c.tool, input: c.input as JsonObject, id: `toolu_mock_${++calls}`, approval: null };
        }),
      });
      return;
    }
    if ('tool' in step) {
      if (step.result) problems.push({ path: `${at}.result`, message: `the real CLI runs ${step.tool} itself, so its result cannot be given: drop \`result\` to let the call run for real` });
      if (!turn) return; // checkSession reports a call before any prompt
      const approval = nextApproval(steps, i);
      if (approval) approvals = true;
      turn.replies.push({ kind: 'tools', calls: [{ step: i, tool: step.tool, input: step.input as JsonObject, id: `toolu_mock_${++calls}`, approval }] });
      return;
    }
    if ('reply' in step) {
      turn?.replies.push({ kind: 'text', text: step.reply, step: i });
      return;
    }
    if ('approval' in step) return;
    if ('interrupt' in step) {
      problems.push({ path: at, message: 'the harness cannot interrupt the real CLI at a given point of a turn yet' });
      return;
    }
    problems.push({ path: at, message: `the harness cannot make the real Claude Code fire ${(step as { event: string }).event} by itself (${stepLabel(step)})` });
  });
  // hookplay cannot make a user's machine root, nor drop root for a run: a scenario about root needs the harness as root.
  if (scenario.host?.root === true && process.getuid?.() !== 0) problems.push({ path: 'host.root', message: 'the scenario is about a CLI run as root, and hookplay runs as another user here' });
  if (problems.length) return { problems };
  const args = scenario.host?.args ?? [];
  return { turns, approvals, ...(Object.keys(answers).length ? { answers } : {}), ...(processes.length > 1 ? { processes } : {}), ...(args.length ? { args } : {}) };
}

/** The approval steps right after step `i`, in order. */
function followingApprovals(steps: SessionStep[], i: number): ('allow' | 'deny')[] {
  const out: ('allow' | 'deny')[] = [];
  for (let k = i + 1; k < steps.length; k++) {
    const s = steps[k]!;
    if (!('approval' in s)) break;
    out.push(s.approval);
  }
  return out;
}

/** The approval step that answers the call at `i`: the next step, when it is one. */
function nextApproval(steps: SessionStep[], i: number): 'allow' | 'deny' | null {
  const next = steps[i + 1];
  return next && 'approval' in next ? next.approval : null;
}

/** Where a session stands, as the stdin driver moves it on: which turn, and how many requests it has made. */
export interface TurnState {
  turn: number;
  inTurn: number;
}

/**
 * The mocked model: the k-th request of a turn gets that turn's k-th scripted reply; once they are used up (a Stop
 * hook that blocks, a turn with no reply step) it answers with the last text it gave, or "Done.", as the engine's
 * lifecycle has the model do.
 */
export function modelScriptOf(script: ClaudeScript, state: TurnState): ModelScript {
  let lastText: string | null = null;
  return (): ModelReply => {
    const turn = script.turns[state.turn];
    const reply = turn?.replies[state.inTurn++];
    if (reply?.kind === 'tools') return { kind: 'tools', calls: reply.calls.map((c) => ({ name: c.tool, input: c.input, id: c.id })) };
    const text = reply?.kind === 'text' ? reply.text : (lastText ?? 'Done.');
    lastText = text;
    return { kind: 'text', text };
  };
}
