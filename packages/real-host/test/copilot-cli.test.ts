/**
 * The Copilot CLI adapter's own logic, without the CLI: how a session becomes `copilot -p` runs (and what it cannot
 * become, each problem naming its path), how a one-event scenario becomes a session, how the mock answers, and how
 * hook processes are told apart from the bash probe's log.
 */
import { describe, expect, it } from 'vitest';
import type { EventScenario, SessionScenario } from '@hookplay/engine';
import { compareCopilot, unraced } from '../src/hosts/copilot-cli/compare.js';
import { countHookRuns, hookCommands } from '../src/hosts/copilot-cli/observe.js';
import { modelScriptOf, scriptOf, type CopilotScript } from '../src/hosts/copilot-cli/script.js';
import { wrapEvent } from '../src/hosts/copilot-cli/wrap.js';
import { cannotExpress } from '../src/plan.js';

const session = (steps: unknown[], host?: object): SessionScenario => ({ hookplay: 1, dialect: 'copilot-cli', files: {}, payload: {}, ...(host ? { host } : {}), session: { steps } }) as SessionScenario;
const problems = (s: ReturnType<typeof scriptOf>) => (cannotExpress(s) ? s.problems : []);

describe('a session as copilot -p runs', () => {
  it('plays one prompt per process, each after a resume step with --continue or --resume', () => {
    const script = scriptOf(session([{ prompt: 'a' }, { tool: 'bash', input: { command: 'echo 1' } }, { reply: 'R1' }, { resume: 'continue' }, { prompt: 'b' }, { calls: [{ tool: 'bash', input: { command: 'echo 2' } }, { tool: 'bash', input: { command: 'echo 3' } }] }, { resume: 'resume' }, { prompt: 'c' }]));
    expect(cannotExpress(script)).toBe(false);
    const s = script as CopilotScript;
    expect(s.runs.map((r) => [r.resume, r.prompt, r.replies.length])).toEqual([[null, 'a', 2], ['continue', 'b', 1], ['resume', 'c', 0]]);
    expect(s.args).toEqual(['--allow-all']);
    expect(s.trusted).toBe(true);
  });

  it('takes host.args instead of --allow-all, and the trust setting', () => {
    const s = scriptOf(session([{ prompt: 'a' }], { args: ['--allow-tool', 'shell(touch)'], trusted: false })) as CopilotScript;
    expect(s.args).toEqual(['--allow-tool', 'shell(touch)']);
    expect(s.trusted).toBe(false);
  });

  it('names every step it cannot play', () => {
    const found = problems(scriptOf(session([{ prompt: 'a' }, { tool: 'bash', input: {}, result: { output: 'x' } }, { approval: 'allow' }, { interrupt: true }, { event: 'preCompact', payload: {} }, { prompt: 'b' }, { calls: [{ tool: 'bash', input: {} }, { tool: 'view', input: {}, result: { error: 'no' } }] }])));
    expect(found.map((p) => p.path)).toEqual(['session.steps[1].result', 'session.steps[2]', 'session.steps[3]', 'session.steps[4]', 'session.steps[5]', 'session.steps[6].calls[1].result']);
    expect(found[4]!.message).toContain('resume');
  });

  it('refuses a resume that does not lead to a prompt, or comes first', () => {
    expect(problems(scriptOf(session([{ resume: 'continue' }, { prompt: 'a' }]))).map((p) => p.path)).toEqual(['session.steps[0]']);
    expect(problems(scriptOf(session([{ prompt: 'a' }, { resume: 'continue' }]))).map((p) => p.path)).toEqual(['session.steps[1]']);
  });

  it('has the mock answer each run in order, then repeat the last text (or the oracle’s FINAL_TEXT_n)', () => {
    const s = scriptOf(session([{ prompt: 'a' }, { calls: [{ tool: 'bash', input: { command: '1' } }, { tool: 'bash', input: { command: '2' } }] }, { reply: 'R1' }])) as CopilotScript;
    const state = { run: 0, inRun: 0 };
    const model = modelScriptOf(s, state);
    expect(model(1, {})).toEqual({ kind: 'tools', calls: [{ name: 'bash', input: { command: '1' }, id: 'call_1' }, { name: 'bash', input: { command: '2' }, id: 'call_2' }] });
    expect(model(2, {})).toEqual({ kind: 'text', text: 'R1' });
    expect(model(3, {})).toEqual({ kind: 'text', text: 'R1' });
    const oracle = modelScriptOf({ ...s, runs: [{ ...s.runs[0]!, replies: [] }], oracleReplies: true }, { run: 0, inRun: 0 });
    expect(oracle(4, {})).toEqual({ kind: 'text', text: 'FINAL_TEXT_4' });
  });
});

describe('a one-event scenario as a session', () => {
  const event = (name: string, payload: object): EventScenario => ({ hookplay: 1, dialect: 'copilot-cli', files: {}, event: name, payload }) as EventScenario;

  it('reaches a tool event with the payload’s call, and lists the fields the CLI fills itself', () => {
    const w = wrapEvent(event('preToolUse', { toolName: 'bash', toolArgs: { command: 'rm -rf /' }, sessionId: 'x', extra: 1 }));
    if (cannotExpress(w)) throw new Error('unexpected');
    expect(w.session.session.steps).toEqual([{ prompt: 'do it' }, { tool: 'bash', input: { command: 'rm -rf /' } }]);
    expect(w.focus).toBe('preToolUse');
    expect(w.notes).toEqual(['payload.sessionId: the real CLI fills it itself', 'payload.extra: the real CLI builds its own payload and does not send this field']);
  });

  it('says which events and payloads it cannot reach', () => {
    const w = wrapEvent(event('preCompact', {}));
    expect(cannotExpress(w) && w.problems[0]!.path).toBe('event');
    const r = wrapEvent(event('sessionStart', { source: 'resume' }));
    expect(cannotExpress(r) && r.problems[0]!.path).toBe('payload.source');
  });
});

describe('reading a run', () => {
  it('counts hook processes per event from the bash probe, telling a command declared on two events apart by when it ran', () => {
    const files = {
      '~/.copilot/settings.json': JSON.stringify({ hooks: { preToolUse: [{ bash: 'true' }], agentStop: [{ bash: 'true' }], PostToolUse: [{ matcher: 'bash', hooks: [{ command: 'echo post' }] }] } }),
    };
    const commands = hookCommands(files);
    expect([...commands.get('echo post')!]).toEqual(['postToolUse']);
    const log = ['1.000\x1ftrue', '1.500\x1fecho post', '2.000\x1ftrue', '2.100\x1fecho tool command'].join('\x1e');
    const windows = [
      { event: 'preToolUse', from: 900, to: 1100 },
      { event: 'agentStop', from: 1950, to: 2050 },
    ];
    expect(countHookRuns(log, commands, windows)).toEqual({ preToolUse: 1, postToolUse: 1, agentStop: 1 });
  });

  it('compares several calls’ results without the shell ids their race decides', () => {
    const conv = (a: number, b: number) => [
      { role: 'assistant' as const, calls: [{ tool: 'bash', args: {} }, { tool: 'bash', args: {} }] },
      { role: 'tool' as const, content: `one\n<shellId: ${a} completed with exit code 0>` },
      { role: 'tool' as const, content: `two\n<shellId: ${b} completed with exit code 0>` },
    ];
    expect(unraced(conv(1, 0))).toEqual(unraced(conv(0, 1)));
    const o = (c: ReturnType<typeof conv>) => ({ requests: 1, conversation: c, conversations: [c], userSaw: [], hookRuns: {}, exitCode: 0 });
    expect(compareCopilot(o(conv(1, 0)), o(conv(0, 1)))).toEqual([]);
    expect(compareCopilot({ ...o(conv(0, 1)), exitCode: 1 }, o(conv(0, 1))).map((d) => d.path)).toEqual(['exitCode']);
  });
});
