/**
 * The Cline CLI adapter's own logic, without the CLI: how a session becomes one `cline --json PROMPT` task (and what it
 * cannot become, each problem naming its path), how a one-event scenario becomes a session, how the mock answers (with
 * the call ids the engine names), and how a run's JSON stream is read.
 */
import { describe, expect, it } from 'vitest';
import type { EventScenario, SessionScenario } from '@hookplay/engine';
import { endOf, jsonLines, toolsRunOf } from '../src/hosts/cline/observe.js';
import { modelScriptOf, scriptOf, type ClineScript } from '../src/hosts/cline/script.js';
import { wrapEvent } from '../src/hosts/cline/wrap.js';
import { cannotExpress } from '../src/plan.js';

const session = (steps: unknown[], host?: object): SessionScenario => ({ hookplay: 1, dialect: 'cline', files: {}, payload: {}, ...(host ? { host } : {}), session: { steps } }) as SessionScenario;
const problems = (s: ReturnType<typeof scriptOf>) => (cannotExpress(s) ? s.problems : []);

describe('a session as one cline --json task', () => {
  it('takes one prompt, the model\'s calls and its reply, and the scenario\'s arguments', () => {
    const s = scriptOf(session([{ prompt: 'a' }, { tool: 'run_commands', input: { commands: ['echo 1'] } }, { calls: [{ tool: 'run_commands', input: { commands: ['echo 2'] } }, { tool: 'run_commands', input: { commands: ['echo 3'] } }] }, { reply: 'R' }], { args: ['--hooks-dir', 'x'] })) as ClineScript;
    expect(s.prompt).toBe('a');
    expect(s.replies.map((r) => r.kind)).toEqual(['tools', 'tools', 'text']);
    expect(s.args).toEqual(['--hooks-dir', 'x']);
  });

  it('names every step it cannot play', () => {
    const found = problems(scriptOf(session([{ prompt: 'a' }, { tool: 'run_commands', input: {}, result: { output: 'x' } }, { tool: 'read_files', input: {} }, { approval: 'allow' }, { interrupt: true }, { resume: 'continue' }, { prompt: 'b' }, { event: 'TaskError', payload: {} }])));
    expect(found.map((p) => p.path)).toEqual(['session.steps[1].result', 'session.steps[2].tool', 'session.steps[3]', 'session.steps[4]', 'session.steps[5]', 'session.steps[6]', 'session.steps[7]']);
  });

  it('has the mock answer in order with the engine\'s call ids, then repeat the last text', () => {
    const model = modelScriptOf(scriptOf(session([{ prompt: 'a' }, { calls: [{ tool: 'run_commands', input: { commands: ['1'] } }, { tool: 'run_commands', input: { commands: ['2'] } }] }, { reply: 'R' }])) as ClineScript);
    expect(model(1, {})).toEqual({ kind: 'tools', calls: [{ name: 'run_commands', input: { commands: ['1'] }, id: 'call_1_0' }, { name: 'run_commands', input: { commands: ['2'] }, id: 'call_1_1' }] });
    expect(model(2, {})).toEqual({ kind: 'text', text: 'R' });
    expect(model(3, {})).toEqual({ kind: 'text', text: 'R' });
  });
});

describe('a one-event scenario as a session', () => {
  const event = (name: string, payload: object): EventScenario => ({ hookplay: 1, dialect: 'cline', files: {}, event: name, payload }) as EventScenario;

  it('reaches a tool event with the payload\'s run_commands call, and lists the fields the CLI fills itself', () => {
    const w = wrapEvent(event('PreToolUse', { tool_call: { id: 'c', name: 'run_commands', input: { commands: ['rm -rf /'] } }, taskId: 'x', extra: 1 }));
    expect(cannotExpress(w)).toBe(false);
    const { session: s, focus, notes } = w as Exclude<typeof w, { problems: unknown }>;
    expect(focus).toBe('PreToolUse');
    expect(s.session.steps).toEqual([{ prompt: 'do it' }, { tool: 'run_commands', input: { commands: ['rm -rf /'] } }]);
    expect(notes).toEqual(['payload.taskId: the real CLI fills it itself', 'payload.extra: the real CLI builds its own payload and does not send this field']);
  });

  it('says which events it cannot reach', () => {
    expect(cannotExpress(wrapEvent(event('SessionShutdown', {})))).toBe(true);
    expect(cannotExpress(wrapEvent(event('PreToolUse', { tool_call: { name: 'read_files', input: {} } })))).toBe(true);
    expect(cannotExpress(wrapEvent(event('UserPromptSubmit', {})))).toBe(false);
  });
});

describe('reading a run', () => {
  it('takes the calls that started (with the input they ran with) and how the task ended from the JSON stream', () => {
    const stdout = [
      '{"type":"hook_event","hookEventName":"agent_start"}',
      '{"type":"agent_event","event":{"type":"content_start","contentType":"tool","toolName":"run_commands","toolCallId":"call_1_0","input":{"commands":["echo /p/x"]}}}',
      'not json',
      '{"type":"run_aborted","reason":"external_abort","message":"aborted by another client"}',
    ].join('\n');
    const lines = jsonLines(stdout);
    expect(toolsRunOf(lines, (s) => s.replace('/p', '$PROJECT'))).toEqual([{ tool: 'run_commands', id: 'call_1_0', input: { commands: ['echo $PROJECT/x'] } }]);
    expect(endOf(lines)).toBe('aborted');
    expect(endOf(jsonLines('{"type":"run_result","finishReason":"completed"}'))).toBe('completed');
  });
});
