/**
 * The Codex adapter's plan of a real run, without the CLI: how a session becomes `codex exec` processes and the
 * mock's replies, how a one-event scenario becomes the session that reaches its event, and every part the real
 * CLI cannot be made to play, named by its path in the scenario. Then the Responses mock on a real socket.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventScenario, SessionScenario } from '@hookplay/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { codexAdapter } from '../src/hosts/codex/index.js';
import { isReview, reviewerAnswer } from '../src/hosts/codex/review.js';
import { execArgs } from '../src/hosts/codex/run.js';
import { modelScriptOf, type CodexScript } from '../src/hosts/codex/script.js';
import { responsesApi } from '../src/mock/responses.js';
import { startMockServer } from '../src/mock/server.js';
import { cannotExpress, type CannotExpress } from '../src/plan.js';

const session = (steps: SessionScenario['session']['steps'], host: SessionScenario['host'] = {}): SessionScenario =>
  ({ hookplay: 1, dialect: 'codex', host, files: {}, payload: {}, session: { steps } }) as SessionScenario;
const event = (name: string, payload: Record<string, unknown> = {}): EventScenario => ({ hookplay: 1, dialect: 'codex', files: {}, event: name, payload }) as EventScenario;
const script = (s: SessionScenario) => {
  const out = codexAdapter.script(s);
  if (cannotExpress(out)) throw new Error(JSON.stringify(out.problems));
  return out as CodexScript;
};
const problems = (out: unknown) => {
  expect(cannotExpress(out), 'expected a CannotExpress').toBe(true);
  return (out as CannotExpress).problems;
};

describe('the codex adapter plans a session', () => {
  it('as one codex exec per prompt: the first fresh, each one after a resume step resumed', () => {
    const s = script(session([{ prompt: 'one' }, { tool: 'Bash', input: { command: 'echo a' } }, { reply: 'A.' }, { resume: 'resume' }, { prompt: 'two' }, { resume: 'continue' }, { prompt: 'three' }]));
    expect(s.turns.map((t) => [t.prompt, t.resume])).toEqual([
      ['one', null],
      ['two', 'resume'],
      ['three', 'continue'],
    ]);
    expect(execArgs(s, 0, null).slice(0, 2)).toEqual(['exec', '--json']);
    expect(execArgs(s, 0, null).at(-1)).toBe('one');
    expect(execArgs(s, 0, null)).toContain('--dangerously-bypass-approvals-and-sandbox');
    const resumed = execArgs(s, 1, 'thread-1');
    expect(resumed.slice(0, 2)).toEqual(['exec', 'resume']);
    expect(resumed.slice(-2)).toEqual(['thread-1', 'two']);
    expect(execArgs(s, 2, 'thread-1').slice(-2)).toEqual(['--last', 'three']);
  });

  it('with Bash calls as exec_command on the wire, several calls in one reply, ids counted over the session', () => {
    const s = script(
      session([
        { prompt: 'go' },
        { tool: 'Bash', input: { command: 'echo a', sandbox_permissions: 'require_escalated', justification: 'why' } },
        { calls: [{ tool: 'Bash', input: { command: 'echo b' } }, { tool: 'Bash', input: { command: 'echo c' } }] },
        { reply: 'Done.' },
      ]),
    );
    const state = { turn: 0, inTurn: 0 };
    const model = modelScriptOf(s, state);
    expect(model(1, {})).toEqual({ kind: 'tools', calls: [{ name: 'exec_command', input: { cmd: 'echo a', sandbox_permissions: 'require_escalated', justification: 'why' }, id: 'call_1' }] });
    expect(model(2, {})).toEqual({
      kind: 'tools',
      calls: [
        { name: 'exec_command', input: { cmd: 'echo b' }, id: 'call_2' },
        { name: 'exec_command', input: { cmd: 'echo c' }, id: 'call_3' },
      ],
    });
    // The scripted reply, then (a Stop hook that blocks) the same text again, as the engine's model does.
    expect(model(3, {})).toEqual({ kind: 'text', text: 'Done.' });
    expect(model(4, {})).toEqual({ kind: 'text', text: 'Done.' });
  });

  it('with the reviewer answering an escalated call under --approve-for-me, from its approval step', () => {
    const s = script(
      session(
        [
          { prompt: 'go' },
          { calls: [{ tool: 'Bash', input: { command: 'echo one', sandbox_permissions: 'require_escalated' } }, { tool: 'Bash', input: { command: 'echo two', sandbox_permissions: 'require_escalated' } }] },
          { approval: 'deny' },
          { approval: 'allow' },
        ],
        { args: ['--approve-for-me'] },
      ),
    );
    expect(s.reviewed).toBe(true);
    expect(execArgs(s, 0, null)).not.toContain('--dangerously-bypass-approvals-and-sandbox');
    const calls = s.turns[0]!.replies.flatMap((r) => (r.kind === 'tools' ? r.calls : []));
    expect(calls.map((c) => c.approval)).toEqual(['deny', 'allow']);
    const review = (command: string) => JSON.parse(reviewerAnswer({ input: [{ type: 'message', content: [{ text: `the action: ${command}` }] }] }, calls));
    expect(review('echo one')).toMatchObject({ outcome: 'deny', rationale: 'hookplay: the approval step denies this call' });
    expect(review('echo two')).toMatchObject({ outcome: 'allow' });
    expect(isReview({ text: { format: { type: 'json_schema', schema: { properties: { outcome: {} } } } } })).toBe(true);
    expect(isReview({ input: [] })).toBe(false);
  });
});

describe('the codex adapter says what codex exec cannot play, naming the part', () => {
  it('a second prompt without a resume step, a resume with no prompt after it', () => {
    expect(problems(codexAdapter.script(session([{ prompt: 'one' }, { prompt: 'two' }])))).toEqual([{ path: 'session.steps[1]', message: expect.stringMatching(/one prompt per process.*resume/) }]);
    expect(problems(codexAdapter.script(session([{ prompt: 'one' }, { resume: 'continue' }])))[0]!.message).toMatch(/needs a prompt after it/);
  });

  it('a given tool result, a tool other than Bash, an exec_command parameter that does not exist', () => {
    const out = problems(
      codexAdapter.script(
        session([
          { prompt: 'go' },
          { tool: 'Bash', input: { command: 'x' }, result: { output: 'y' } },
          { tool: 'Read', input: { file_path: 'a' } },
          { calls: [{ tool: 'Bash', input: { command: 'a', description: 'no such' } }, { tool: 'Bash', input: { cmd: 'b' } }] },
        ]),
      ),
    );
    expect(out.map((p) => p.path)).toEqual(['session.steps[1].result', 'session.steps[2].tool', 'session.steps[3].calls[0].input.description', 'session.steps[3].calls[1].input.command']);
  });

  it('an approval without --approve-for-me or without an escalated call, an interrupt, an event step', () => {
    expect(problems(codexAdapter.script(session([{ prompt: 'go' }, { tool: 'Bash', input: { command: 'x' } }, { approval: 'allow' }])))[0]).toMatchObject({ path: 'session.steps[2].approval', message: expect.stringMatching(/--approve-for-me/) });
    expect(problems(codexAdapter.script(session([{ prompt: 'go' }, { tool: 'Bash', input: { command: 'x' } }, { approval: 'allow' }], { args: ['--approve-for-me'] })))[0]).toMatchObject({ path: 'session.steps[2].approval', message: expect.stringMatching(/asks nothing/) });
    expect(problems(codexAdapter.script(session([{ prompt: 'go' }, { interrupt: true }])))[0]!.path).toBe('session.steps[1]');
    expect(problems(codexAdapter.script(session([{ prompt: 'go' }, { event: 'PreCompact', payload: { trigger: 'auto' } }])))[0]).toMatchObject({ path: 'session.steps[1]', message: expect.stringMatching(/PreCompact/) });
  });

  it('host settings of other hosts and codex exec arguments hookplay does not model', () => {
    const out = problems(codexAdapter.script(session([{ prompt: 'go' }], { permissionMode: 'plan', plugins: ['p'], args: ['--approve-for-me', '--sandbox'] })));
    expect(out.map((p) => p.path)).toEqual(['host.permissionMode', 'host.plugins', 'host.args[1]']);
  });
});

describe('the codex adapter wraps a one-event scenario', () => {
  it('as the session that reaches the event, listing the payload fields codex fills itself', () => {
    const pre = codexAdapter.wrap(event('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /tmp/x' }, tool_use_id: 'call_9' }));
    expect(cannotExpress(pre)).toBe(false);
    const wrapped = pre as Exclude<typeof pre, CannotExpress>;
    expect(wrapped.focus).toBe('PreToolUse');
    expect(wrapped.session.session.steps).toEqual([{ prompt: 'do it' }, { tool: 'Bash', input: { command: 'rm -rf /tmp/x' } }]);
    expect(wrapped.notes).toEqual(['payload.tool_use_id: the real CLI fills it itself']);
    const stop = codexAdapter.wrap(event('Stop', { last_assistant_message: 'All done.', stop_hook_active: false })) as Exclude<typeof pre, CannotExpress>;
    expect(stop.session.session.steps).toEqual([{ prompt: 'do it' }, { reply: 'All done.' }]);
  });

  it('PermissionRequest as an escalated call under --approve-for-me, the one way codex exec asks', () => {
    const wrapped = codexAdapter.wrap(event('PermissionRequest', { tool_name: 'Bash', tool_input: { command: 'curl x', description: 'network' } })) as { session: SessionScenario; notes: string[] };
    expect(wrapped.session.host?.args).toEqual(['--approve-for-me']);
    expect(wrapped.session.session.steps[1]).toEqual({ tool: 'Bash', input: { command: 'curl x', sandbox_permissions: 'require_escalated', justification: 'network' } });
    expect(wrapped.notes.join('\n')).toMatch(/--approve-for-me/);
  });

  it('or says which part it cannot play: an event codex exec does not fire, another tool, another source', () => {
    expect(problems(codexAdapter.wrap(event('PreCompact', { trigger: 'auto' })))[0]).toMatchObject({ path: 'event', message: expect.stringMatching(/PreCompact/) });
    expect(problems(codexAdapter.wrap(event('SubagentStop')))[0]!.path).toBe('event');
    expect(problems(codexAdapter.wrap(event('PreToolUse', { tool_name: 'view_image', tool_input: { path: 'a.png' } })))[0]!.path).toBe('payload.tool_name');
    expect(problems(codexAdapter.wrap(event('PostToolUse', { tool_name: 'Bash', tool_input: { cmd: 'x' } })))[0]!.path).toBe('payload.tool_input.command');
    expect(problems(codexAdapter.wrap(event('SessionStart', { source: 'compact' })))[0]).toMatchObject({ path: 'payload.source', message: expect.stringMatching(/startup/) });
  });
});

describe('the Responses API mock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hookplay-responses-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const post = (socket: string, path: string, body: unknown) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request({ socketPath: socket, path, method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
  const events = (sse: string) => sse.split('\n\n').filter(Boolean).map((f) => JSON.parse(f.split('\n')[1]!.slice('data: '.length)) as { type: string; item?: Record<string, unknown> });

  it('streams function calls and messages as Responses events, and keeps the reviewer out of the count', async () => {
    const mock = await startMockServer(
      join(dir, 'mock.sock'),
      responsesApi((n) => (n === 1 ? { kind: 'tools', calls: [{ name: 'exec_command', input: { cmd: 'ls' }, id: 'call_1' }, { name: 'exec_command', input: { cmd: 'pwd' }, id: 'call_2' }] } : { kind: 'text', text: `answer ${n}` }), {
        side: { is: (b) => (b as { review?: boolean }).review === true, answer: () => '{"outcome":"allow"}' },
      }),
    );
    try {
      const first = events((await post(mock.socket, '/v1/responses', { input: [] })).text);
      expect(first.map((e) => e.type)).toEqual(['response.created', 'response.output_item.added', 'response.output_item.done', 'response.output_item.added', 'response.output_item.done', 'response.completed']);
      expect(first[2]!.item).toMatchObject({ type: 'function_call', call_id: 'call_1', name: 'exec_command', arguments: '{"cmd":"ls"}' });
      const review = events((await post(mock.socket, '/v1/responses', { review: true })).text);
      expect(review[1]!.item).toMatchObject({ type: 'message', content: [{ type: 'output_text', text: '{"outcome":"allow"}' }] });
      const second = events((await post(mock.socket, '/v1/responses', { input: [] })).text);
      expect(second[1]!.item).toMatchObject({ type: 'message', content: [{ text: 'answer 2' }] });
      expect(mock.requests.map((r) => r.n)).toEqual([1, 2]);
      expect(mock.side).toHaveLength(1);
      expect((await post(mock.socket, '/v1/chat/completions', {})).status).toBe(404);
      expect(mock.other.map((o) => o.url)).toEqual(['/v1/chat/completions']);
    } finally {
      await mock.close();
    }
  });
});
