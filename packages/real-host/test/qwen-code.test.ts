/**
 * The Qwen Code adapter's plan of a real run, without the CLI: how a session becomes `qwen PROMPT` processes and the
 * mock's replies, how a one-event scenario becomes the session that reaches its event, every part the real CLI cannot
 * be made to play (named by its path), and how a run's stream-json and the mock's requests are read. Then, when
 * Qwen Code 0.24.4 is installed, one real session with two calls and a resume, against the engine.
 */
import type { EventScenario, SessionScenario } from '@hookplay/engine';
import { describe, expect, it } from 'vitest';
import { findInstalled } from '../src/index.js';
import { runReal } from '../src/real.js';
import { qwenCodeAdapter } from '../src/hosts/qwen-code/index.js';
import { conversationOf, observe, type Probes } from '../src/hosts/qwen-code/observe.js';
import { qwenArgs } from '../src/hosts/qwen-code/run.js';
import { modelScriptOf, type QwenScript } from '../src/hosts/qwen-code/script.js';
import { cannotExpress, type CannotExpress } from '../src/plan.js';

const session = (steps: SessionScenario['session']['steps'], host: SessionScenario['host'] = {}, files: Record<string, string> = {}): SessionScenario =>
  ({ hookplay: 1, dialect: 'qwen-code', host, files, payload: {}, session: { steps } }) as SessionScenario;
const event = (name: string, payload: Record<string, unknown> = {}): EventScenario => ({ hookplay: 1, dialect: 'qwen-code', files: {}, event: name, payload }) as EventScenario;
const script = (s: SessionScenario) => {
  const out = qwenCodeAdapter.script(s);
  if (cannotExpress(out)) throw new Error(JSON.stringify(out.problems));
  return out as QwenScript;
};
const problems = (out: unknown) => {
  expect(cannotExpress(out), 'expected a CannotExpress').toBe(true);
  return (out as CannotExpress).problems;
};
const SHELL = 'run_shell_command';

describe('the qwen-code adapter plans a session', () => {
  it('as one qwen PROMPT --yolo per prompt, each after a resume step resumed by --continue or the first run’s id', () => {
    const s = script(session([{ prompt: 'one' }, { tool: SHELL, input: { command: 'echo a' } }, { reply: 'A.' }, { resume: 'resume' }, { prompt: 'two' }, { resume: 'continue' }, { prompt: 'three' }]));
    expect(s.runs.map((r) => [r.prompt, r.resume])).toEqual([
      ['one', null],
      ['two', 'resume'],
      ['three', 'continue'],
    ]);
    expect(qwenArgs(s, 0, null)).toEqual(['one', '--yolo', '-o', 'stream-json']);
    expect(qwenArgs(s, 1, 'abc')).toEqual(['two', '--yolo', '-o', 'stream-json', '--resume', 'abc']);
    expect(qwenArgs(s, 2, 'abc')).toEqual(['three', '--yolo', '-o', 'stream-json', '--continue']);
    expect(s.trusted).toBe(true);
    expect(script(session([{ prompt: 'x' }], { trusted: false })).trusted).toBe(false);
  });

  it('with several calls in one reply, each named call_mock_<request>_<k> on the wire, then the texts', () => {
    const s = script(session([{ prompt: 'go' }, { calls: [{ tool: SHELL, input: { command: 'echo a' } }, { tool: SHELL, input: { command: 'echo b' } }] }, { tool: SHELL, input: { command: 'echo c' } }, { reply: 'Done here.' }]));
    const model = modelScriptOf(s, { run: 0, inRun: 0 });
    expect(model(1, {})).toEqual({ kind: 'tools', calls: [{ name: SHELL, input: { command: 'echo a' }, id: 'call_mock_1_1' }, { name: SHELL, input: { command: 'echo b' }, id: 'call_mock_1_2' }] });
    expect(model(2, {})).toEqual({ kind: 'tools', calls: [{ name: SHELL, input: { command: 'echo c' }, id: 'call_mock_2' }] });
    expect(model(3, {})).toEqual({ kind: 'text', text: 'Done here.' });
    // A Stop block asks again: the model repeats its last text.
    expect(model(4, {})).toEqual({ kind: 'text', text: 'Done here.' });
  });
});

describe('the qwen-code adapter says what a one-shot run cannot play, naming the part', () => {
  it('a second prompt without a resume step, a resume with no prompt after it, a resume first', () => {
    expect(problems(qwenCodeAdapter.script(session([{ prompt: 'a' }, { prompt: 'b' }])))[0]).toMatchObject({ path: 'session.steps[1]', message: expect.stringContaining('--continue') });
    expect(problems(qwenCodeAdapter.script(session([{ prompt: 'a' }, { resume: 'continue' }])))[0]).toMatchObject({ path: 'session.steps[1]', message: expect.stringContaining('followed by the prompt') });
  });

  it('a given tool result, an approval, an interrupt, an event step', () => {
    const out = problems(
      qwenCodeAdapter.script(
        session([{ prompt: 'a' }, { tool: SHELL, input: { command: 'x' }, result: { output: 'y' } }, { approval: 'allow' }, { interrupt: true }, { event: 'PreCompact', payload: {} }] as SessionScenario['session']['steps']),
      ),
    );
    expect(out.map((p) => p.path)).toEqual(['session.steps[1].result', 'session.steps[2]', 'session.steps[3]', 'session.steps[4]']);
  });
});

describe('the qwen-code adapter wraps a one-event scenario', () => {
  it('as the session that reaches the event, a Bash call as run_shell_command, listing the fields Qwen Code fills', () => {
    const pre = qwenCodeAdapter.wrap(event('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'echo hi' }, session_id: 's' }));
    expect(cannotExpress(pre)).toBe(false);
    const w = pre as Exclude<typeof pre, CannotExpress>;
    expect(w.session.session.steps).toEqual([{ prompt: 'do it' }, { tool: SHELL, input: { command: 'echo hi' } }]);
    expect(w.focus).toBe('PreToolUse');
    expect(w.notes.join('\n')).toContain('payload.session_id: the real CLI fills it itself');
    const failure = qwenCodeAdapter.wrap(event('PostToolUseFailure')) as Exclude<typeof pre, CannotExpress>;
    expect(failure.session.session.steps[1]).toMatchObject({ tool: SHELL, input: { command: expect.stringContaining('exit 3') } });
  });

  it('or says which part it cannot play: an event a one-shot run does not fire, another tool, another source', () => {
    expect(problems(qwenCodeAdapter.wrap(event('PreCompact')))[0]!.path).toBe('event');
    expect(problems(qwenCodeAdapter.wrap(event('PreToolUse', { tool_name: 'write_file' })))[0]!.path).toBe('payload.tool_name');
    expect(problems(qwenCodeAdapter.wrap(event('SessionStart', { source: 'resume' })))[0]!.path).toBe('payload.source');
  });
});

describe('a run is read', () => {
  it('from its stream-json, the mock’s requests and the probes: each call, each request, each run’s end', () => {
    const line = (o: object) => JSON.stringify(o);
    const run1 = [
      line({ type: 'system', subtype: 'init', session_id: 'S' }),
      line({ type: 'assistant', message: { content: [{ type: 'tool_use', id: 'call_mock_1_1', name: SHELL, input: { command: 'echo a' } }, { type: 'tool_use', id: 'call_mock_1_2', name: SHELL, input: { command: 'echo b' } }] } }),
      line({ type: 'user', message: { content: [{ type: 'tool_result', tool_use_id: 'call_mock_1_1', is_error: false, content: 'a' }] } }),
      line({ type: 'user', message: { content: [{ type: 'tool_result', tool_use_id: 'call_mock_1_2', is_error: true, content: 'no: /p/x' }] } }),
      line({ type: 'result', subtype: 'success', is_error: false, result: 'A.' }),
    ].join('\n');
    const probes: Probes = { hookCommands: ['echo h', 'echo h'], otherBash: ['echo b'], payloads: { PostToolUse: [{ tool_call_id: 'call_mock_1_1', tool_input: { command: 'echo a' } }], PostToolUseFailure: [], Stop: [{ stop_hook_active: false }] } };
    const body = { messages: [{ role: 'system', content: 'x <qwen:session-start-context source="startup">\nhi\n</qwen:session-start-context>' }, { role: 'user', content: [{ type: 'text', text: '<system-reminder>\nThe current date is today' }, { type: 'text', text: 'go' }] }] };
    const o = observe({ stdouts: [run1, ''], requests: [{ n: 1, method: 'POST', path: '/v1/chat/completions', body, at: 0 }], probes, norm: ((v: unknown) => (typeof v === 'string' ? v.split('/p').join('$PROJECT') : v)) as <T>(v: T) => T });
    expect(o.tools).toEqual([
      { executed: true, input: { command: 'echo a' }, result: 'a', isError: false },
      { executed: true, input: { command: 'echo b' }, result: 'no: $PROJECT/x', isError: true },
    ]);
    expect(o.tool).toEqual(o.tools![0]);
    expect(o.hookRuns).toEqual({ 'echo h': 2 });
    expect(o.stopRuns).toEqual([false]);
    expect(o.conversation).toEqual(['system: hi', 'user: go']);
    expect(o.endings).toEqual([{ subtype: 'success', isError: false, result: 'A.' }, null]);
    expect(conversationOf({ messages: [{ role: 'assistant', content: null, tool_calls: [{ function: { name: SHELL, arguments: '{"command":"ls"}' } }] }] })).toEqual([`assistant: call ${SHELL} {"command":"ls"}`]);
  });
});

const installed = findInstalled('qwen-code', '0.24.4') !== null;

describe.skipIf(!installed)('on the real Qwen Code 0.24.4', () => {
  it('two calls in one message, a resume, hooks in both files: the engine agrees with the CLI', async () => {
    const files = {
      '~/.qwen/settings.json': JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `p=$(cat); case "$p" in *b.txt*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"not b"}}';; esac` }] }] } }),
      '.qwen/settings.json': JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'cat > /dev/null; echo started' }] }] } }),
    };
    const c = await runReal(
      session(
        [
          { prompt: 'write both' },
          { calls: [{ tool: SHELL, input: { command: 'printf one > a.txt && cat a.txt', description: 'a' } }, { tool: SHELL, input: { command: 'printf two > b.txt && cat b.txt', description: 'b' } }] },
          { reply: 'One written.' },
          { resume: 'continue' },
          { prompt: 'and now?' },
          { reply: 'Nothing more.' },
        ],
        {},
        files,
      ),
      { timeoutMs: 240_000 },
    );
    expect(c.cli.otherTraffic).toEqual([]);
    expect(c.differences).toEqual([]);
    const real = c.observations.real as { tools: { executed: boolean }[]; requests: number; hookRuns: Record<string, number> };
    expect(real.tools.map((t) => t.executed)).toEqual([true, false]);
    expect(real.requests).toBe(3);
    expect(real.hookRuns['cat > /dev/null; echo started']).toBe(2);
  }, 300_000);
});
