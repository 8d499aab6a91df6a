import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import type { ClaudeScript, ScriptedCall, TurnState } from './script.js';

/**
 * What the driver says when the user denies a prompt: the interactive CLI's own words for a rejected call, so the
 * model reads what it would read after a person clicked "No".
 */
export const USER_DENIED =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";
/** A prompt the scenario has no approval step for, when others have one: hookplay's answer, said as hookplay's. */
export const NO_APPROVAL = 'hookplay: the scenario has no approval step for this prompt, so it is denied';

/** After a prompt opens, the driver answers once every PermissionRequest hook has ended, and not before this. */
const SETTLE_MS = 250;

export interface DriveLog {
  asked: { tool: string; input: Record<string, unknown> | null; answer: 'allow' | 'deny' | null; step: number | null }[];
  otherRequests: (string | null)[];
  /** Progress for a watching user: turns sent, prompts answered. */
  notes: string[];
}

/**
 * Drives `claude -p --input-format stream-json`: sends the first turn's prompt, each next one after the previous
 * turn's `result`, and closes stdin after the last. With `--permission-prompt-tool stdio`, a call that needs
 * permission arrives as a `control_request` (`can_use_tool`): it gets the approval step of its call (by the call's
 * id), answered as a person does, after the PermissionRequest hooks had their turn.
 */
export function driver(script: ClaudeScript, state: TurnState, onProgress: (line: string) => void = () => {}, range: { from: number; to: number } = { from: 0, to: script.turns.length }) {
  const log: DriveLog = { asked: [], otherRequests: [], notes: [] };
  const byId = new Map<string, ScriptedCall>();
  for (const t of script.turns) for (const r of t.replies) if (r.kind === 'tools') for (const c of r.calls) byId.set(c.id, c);
  // A set of calls' answers, taken as its prompts open (a copy: the script is read again by the emulation).
  const queues = new Map(Object.entries(script.answers ?? {}).map(([step, list]) => [Number(step), [...list]]));
  const drive = (child: ChildProcessWithoutNullStreams) => {
    const send = (o: unknown) => {
      if (!child.stdin.destroyed) child.stdin.write(`${JSON.stringify(o)}\n`);
    };
    const sendTurn = (k: number) => {
      state.turn = k;
      state.inTurn = 0;
      onProgress(`turn ${k + 1}: ${JSON.stringify(script.turns[k]!.prompt)}`);
      send({ type: 'user', message: { role: 'user', content: script.turns[k]!.prompt }, parent_tool_use_id: null, session_id: '' });
    };
    let running = 0;
    let next = range.from + 1;
    let buf = '';
    child.stdin.on('error', () => {});
    child.stdout.on('data', (chunk: Buffer | string) => {
      buf += chunk.toString();
      for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        let e: Record<string, any>;
        try {
          e = JSON.parse(line);
        } catch {
          continue;
        }
        if (e.type === 'system' && e.hook_event === 'PermissionRequest') running += e.subtype === 'hook_started' ? 1 : e.subtype === 'hook_response' ? -1 : 0;
        if (e.type === 'system' && e.subtype === 'hook_started') onProgress(`hook ${e.hook_name} started`);
        if (e.type === 'control_request' && e.request?.subtype === 'can_use_tool') {
          const call = (e.request.tool_use_id && byId.get(e.request.tool_use_id)) || [...byId.values()].find((c) => JSON.stringify(c.input) === JSON.stringify(e.request.input)) || null;
          const queue = call ? queues.get(call.step) : undefined;
          const answer = queue ? (queue.shift() ?? null) : (call?.approval ?? null);
          log.asked.push({ tool: e.request.tool_name, input: e.request.input ?? null, answer, step: call?.step ?? null });
          const t0 = Date.now();
          const reply = () => {
            if (running > 0 || Date.now() - t0 < SETTLE_MS) return void setTimeout(reply, 25);
            onProgress(`prompt for ${e.request.tool_name} answered: ${answer ?? 'no approval step'}`);
            send({ type: 'control_response', response: { subtype: 'success', request_id: e.request_id, response: answerFor(answer, e.request.input) } });
          };
          reply();
        } else if (e.type === 'control_request') {
          log.otherRequests.push(e.request?.subtype ?? null);
          send({ type: 'control_response', response: { subtype: 'error', request_id: e.request_id, error: 'hookplay does not serve this request' } });
        } else if (e.type === 'result') {
          if (next < range.to) sendTurn(next++);
          else child.stdin.end();
        }
      }
    });
    if (range.from < range.to) sendTurn(range.from);
    else child.stdin.end();
  };
  return { drive, log };
}

/** An answer on the wire: allow with the input as asked, or deny with the words the model then reads. */
export function answerFor(answer: 'allow' | 'deny' | null, input: unknown) {
  if (answer === 'allow') return { behavior: 'allow', ...(input ? { updatedInput: input } : {}) };
  return { behavior: 'deny', message: answer === 'deny' ? USER_DENIED : NO_APPROVAL };
}

/** The CLI flags a driven session needs. */
export const driverArgs = (script: ClaudeScript) => ['--input-format', 'stream-json', ...(script.approvals ? ['--permission-prompt-tool', 'stdio'] : [])];
