import { stepLabel, type JsonObject, type SessionScenario, type SessionStep } from '@hookplay/engine';
import type { ModelReply, ModelScript } from '../../mock/reply.js';
import type { CannotExpress } from '../../plan.js';

/** One tool call the mocked model makes: the scenario's view (Bash + its input) and what goes on the wire. */
export interface CodexCall {
  step: number;
  tool: string;
  input: JsonObject;
  /** The call's id on the wire (`call_<n>`, counted over the session, as the engine counts them). */
  id: string;
  /** exec_command and its JSON arguments (`cmd` for the command). */
  wire: { name: string; input: JsonObject };
  /** The reviewer's answer when the call asks to leave the sandbox (`--approve-for-me`). */
  approval: 'allow' | 'deny' | null;
}

export type CodexReply = { kind: 'tools'; calls: CodexCall[] } | { kind: 'text'; text: string; step: number };

/** One `codex exec` process: its prompt, how it picks the conversation up, and the model's replies in its turn. */
export interface CodexTurn {
  prompt: string;
  step: number;
  /** `resume`: `codex exec resume <session id>`; `continue`: `codex exec resume --last`; null: a fresh `codex exec`. */
  resume: 'resume' | 'continue' | null;
  replies: CodexReply[];
}

export interface CodexScript {
  turns: CodexTurn[];
  /** More `codex exec` arguments (the scenario's host.args). */
  args: string[];
  /** `--approve-for-me`: the sandbox on, escalations reviewed; else approvals and sandbox bypassed. */
  reviewed: boolean;
  /**
   * How the mocked model ends a turn once the scripted replies are used up: its last text (or "Done."), as the
   * engine's lifecycle has it; `oracle`: `FINAL_TEXT_<request number>`, as the old oracle's cases were recorded.
   */
  finalText: 'last' | 'oracle';
}

/** `codex exec` arguments the harness can pass through, because the dialect models them. */
export const PASSED_ARGS = new Set(['--approve-for-me']);
/** exec_command's own parameters besides the command (its JSON schema in the request's tool list). */
const EXEC_PARAMS = new Set(['sandbox_permissions', 'justification', 'workdir', 'yield_time_ms', 'max_output_tokens', 'tty', 'shell', 'login', 'prefix_rule']);
/** Host settings of other hosts: Codex has nothing they could be given to. */
const OTHER_HOSTS = ['permissionMode', 'allowedTools', 'plugins', 'engine', 'hookIds'] as const;

/**
 * A session's steps as `codex exec` plays them: one process per prompt (the first a fresh `codex exec`, each later
 * one a `codex exec resume` after a resume step); the model's tool calls and replies become the mock's answers to
 * that turn's requests, in order. What the harness cannot make the real CLI do is listed, naming the step.
 */
export function scriptOf(scenario: SessionScenario): CodexScript | CannotExpress {
  const steps = scenario.session.steps;
  const problems: CannotExpress['problems'] = [];
  const host = scenario.host ?? {};
  for (const key of OTHER_HOSTS) {
    if (host[key] !== undefined) problems.push({ path: `host.${key}`, message: `Codex CLI has no ${key}: it is a setting of another host` });
  }
  const args = host.args ?? [];
  args.forEach((arg, i) => {
    if (!PASSED_ARGS.has(arg)) problems.push({ path: `host.args[${i}]`, message: `the harness passes only the codex exec arguments hookplay models (${[...PASSED_ARGS].join(', ')}), not ${JSON.stringify(arg)}` });
  });
  const reviewed = args.includes('--approve-for-me');
  const turns: CodexTurn[] = [];
  let calls = 0;
  let pendingResume: 'resume' | 'continue' | null = null;
  const call = (at: string, i: number, tool: string, input: JsonObject): CodexCall | null => {
    if (tool !== 'Bash') {
      problems.push({ path: `${at}.tool`, message: `the harness's mock model calls only Codex's shell tool (Bash, exec_command on the wire), not ${tool}` });
      return null;
    }
    if (typeof input.command !== 'string') {
      problems.push({ path: `${at}.input.command`, message: 'a Bash call needs a string command' });
      return null;
    }
    for (const key of Object.keys(input)) {
      if (key !== 'command' && !EXEC_PARAMS.has(key)) problems.push({ path: `${at}.input.${key}`, message: `Codex's exec_command has no parameter ${JSON.stringify(key)} (it takes ${['command', ...EXEC_PARAMS].join(', ')})` });
    }
    const { command, ...rest } = input;
    return { step: i, tool, input, id: `call_${++calls}`, wire: { name: 'exec_command', input: { cmd: command, ...rest } }, approval: null };
  };
  steps.forEach((step, i) => {
    const at = `session.steps[${i}]`;
    const turn = turns[turns.length - 1];
    if ('prompt' in step) {
      if (turn && pendingResume === null) {
        problems.push({ path: at, message: 'codex exec plays one prompt per process: put a resume step before this prompt ({"resume": "continue"} runs `codex exec resume --last`)' });
        return;
      }
      turns.push({ prompt: step.prompt, step: i, resume: turn ? pendingResume : null, replies: [] });
      pendingResume = null;
      return;
    }
    if ('resume' in step) {
      if (!turn) problems.push({ path: at, message: 'there is no session to resume yet: a resume step comes after a first prompt' });
      pendingResume = step.resume;
      return;
    }
    if ('tool' in step) {
      if (step.result) problems.push({ path: `${at}.result`, message: `the real CLI runs ${step.tool} itself, so its result cannot be given: drop \`result\` to let the call run for real` });
      const c = call(at, i, step.tool, step.input as JsonObject);
      if (c && turn) turn.replies.push({ kind: 'tools', calls: [c] });
      return;
    }
    if ('calls' in step) {
      const made: CodexCall[] = [];
      step.calls.forEach((k, j) => {
        if (k.result) problems.push({ path: `${at}.calls[${j}].result`, message: `the real CLI runs ${k.tool} itself, so its result cannot be given` });
        const c = call(`${at}.calls[${j}]`, i, k.tool, k.input as JsonObject);
        if (c) made.push(c);
      });
      if (turn) turn.replies.push({ kind: 'tools', calls: made });
      return;
    }
    if ('reply' in step) {
      turn?.replies.push({ kind: 'text', text: step.reply, step: i });
      return;
    }
    if ('approval' in step) {
      const asking = escalatedCalls(turn);
      const next = asking.find((c) => c.approval === null);
      if (!reviewed || !next) {
        problems.push({ path: `${at}.approval`, message: reviewed ? 'no call before this step asks to leave the sandbox (input.sandbox_permissions "require_escalated"), so Codex asks nothing' : 'codex exec asks for no approval unless started with host.args ["--approve-for-me"]; an approval step then answers as its automatic reviewer' });
        return;
      }
      next.approval = step.approval;
      return;
    }
    if ('interrupt' in step) {
      problems.push({ path: at, message: 'the harness cannot interrupt the real Codex CLI at a given point of a turn' });
      return;
    }
    problems.push({ path: at, message: `the harness cannot make the real Codex CLI fire ${(step as { event: string }).event} by itself (${stepLabel(step as SessionStep)})` });
  });
  if (pendingResume !== null) problems.push({ path: 'session.steps', message: 'the session ends with a resume step: codex exec resume needs a prompt after it' });
  if (problems.length) return { problems };
  return { turns, args, reviewed, finalText: 'last' };
}

/** The calls of a turn's last tools reply that ask to leave the sandbox (the ones a reviewer answers). */
function escalatedCalls(turn: CodexTurn | undefined): CodexCall[] {
  const last = turn?.replies[turn.replies.length - 1];
  if (!last || last.kind !== 'tools') return [];
  return last.calls.filter((c) => c.input.sandbox_permissions === 'require_escalated');
}

/** Where a session stands as the harness moves it on: which process (turn), and how many requests it made. */
export interface TurnState {
  turn: number;
  inTurn: number;
}

/**
 * The mocked model: the k-th request of a turn gets that turn's k-th scripted reply; once they are used up (a Stop
 * hook that blocks, a turn with no reply step) it answers with the last text it gave, or "Done.", as the engine's
 * lifecycle has the model do (or FINAL_TEXT_<n> for the old oracle's cases).
 */
export function modelScriptOf(script: CodexScript, state: TurnState): ModelScript {
  let lastText: string | null = null;
  return (n): ModelReply => {
    const turn = script.turns[state.turn];
    const reply = turn?.replies[state.inTurn++];
    if (reply?.kind === 'tools') return { kind: 'tools', calls: reply.calls.map((c) => ({ name: c.wire.name, input: c.wire.input, id: c.id })) };
    const text = reply?.kind === 'text' ? reply.text : script.finalText === 'oracle' ? `FINAL_TEXT_${n}` : (lastText ?? 'Done.');
    lastText = text;
    return { kind: 'text', text };
  };
}

/** Every call of the session, in order. */
export const callsOf = (script: CodexScript): CodexCall[] => script.turns.flatMap((t) => t.replies.flatMap((r) => (r.kind === 'tools' ? r.calls : [])));
