// Sessions the harness talks to over stdin: several user turns, and the user's answers to permission prompts.
//
// `claude -p --input-format stream-json --permission-prompt-tool stdio` reads user messages as stream-json lines
// and, when a call needs permission, asks the host with a `control_request` of subtype `can_use_tool` (the SDK's
// control protocol, read from the CLI's bundled schema); the host answers with a `control_response`. That is how
// the oracle answers prompts offline: each case lists the user's answers in order.

export const DEFAULT_TOOL = { command: 'echo original', description: 'run the command' };

/** A case talks over stdin when it has turns or answers: the turns it plays (one `do it` turn by default). */
export function turnsOf(c) {
  if (!c.turns && !c.answers) return null;
  return c.turns ?? [{ prompt: 'do it', tool: c.tool === undefined ? DEFAULT_TOOL : c.tool }];
}

const textOf = (content) => (typeof content === 'string' ? content : Array.isArray(content) ? content.filter((b) => b?.type === 'text').map((b) => b.text).join('\n') : '');

/**
 * The mocked model of a multi-turn session: the first request of a turn that has a tool gets that tool call,
 * every other request a final text. Which turn a request belongs to is read from its messages (the last turn
 * prompt they hold), so Stop continuations and denied calls cannot shift the script.
 */
export function turnScript(turns, toolName = 'Bash') {
  return (n, body) => {
    const messages = Array.isArray(body?.messages) ? body.messages : [];
    let turn = -1;
    let at = -1;
    messages.forEach((m, i) => {
      if (m.role !== 'user') return;
      const text = textOf(m.content);
      turns.forEach((t, k) => {
        if (k >= turn && text.includes(t.prompt)) {
          turn = k;
          at = i;
        }
      });
    });
    const first = turn >= 0 && !messages.slice(at + 1).some((m) => m.role === 'assistant');
    const tool = turn >= 0 ? turns[turn].tool : null;
    return first && tool ? { type: 'tool_use', name: toolName, input: tool } : { type: 'text', text: `FINAL_TEXT_${n}` };
  };
}

/** How an answer of the case's list goes on the wire (`null`: the list ran out, and the harness denies). */
export function answerFor(answer, input) {
  if (answer === 'allow') return { behavior: 'allow', ...(input ? { updatedInput: input } : {}) };
  return { behavior: 'deny', message: answer === 'deny' ? 'USER_SAID_NO' : 'no answer scripted' };
}

/**
 * Drives one CLI process: sends turn 1, answers each permission prompt with the next answer (deny when none is
 * left), sends the next turn after each `result`, closes stdin after the last. `log.asked` lists the prompts.
 */
export function driver(c) {
  const turns = turnsOf(c);
  if (!turns) return { drive: null, log: null };
  const answers = [...(c.answers ?? [])];
  const log = { asked: [], otherRequests: [] };
  const drive = (child) => {
    const send = (o) => {
      if (!child.stdin.destroyed) child.stdin.write(`${JSON.stringify(o)}\n`);
    };
    const sendTurn = (k) => send({ type: 'user', message: { role: 'user', content: turns[k].prompt }, parent_tool_use_id: null, session_id: '' });
    let next = 1;
    let buf = '';
    child.stdin.on('error', () => {});
    child.stdout.on('data', (chunk) => {
      buf += chunk;
      for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        let e;
        try {
          e = JSON.parse(line);
        } catch {
          continue;
        }
        if (e.type === 'control_request' && e.request?.subtype === 'can_use_tool') {
          const answer = answers.shift() ?? null;
          log.asked.push({ tool: e.request.tool_name, input: e.request.input, answer });
          const reply = () => send({ type: 'control_response', response: { subtype: 'success', request_id: e.request_id, response: answerFor(answer, e.request.input) } });
          // A user who takes a while: PermissionRequest hooks run while the prompt is open, and the first answer wins.
          if (c.answerDelayMs) setTimeout(reply, c.answerDelayMs);
          else reply();
        } else if (e.type === 'control_request') {
          log.otherRequests.push(e.request?.subtype ?? null);
          send({ type: 'control_response', response: { subtype: 'error', request_id: e.request_id, error: 'the hookplay oracle does not serve this request' } });
        } else if (e.type === 'result') {
          if (next < turns.length) sendTurn(next++);
          else child.stdin.end();
        }
      }
    });
    sendTurn(0);
  };
  return { drive, log };
}

/** The CLI flags a driven session needs. */
export function driverArgs(c) {
  return turnsOf(c) ? ['--input-format', 'stream-json', '--permission-prompt-tool', 'stdio'] : [];
}
