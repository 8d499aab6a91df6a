/**
 * Codex sessions played through the engine's session player with the codex lifecycle: real hook processes, the
 * shell tool run for real in the session's project, and the lifecycle's rules for what a verdict does next.
 */
import { describe, expect, it } from 'vitest';
import { playSession } from '../../src/session/play.js';
import type { SessionStep } from '../../src/session/steps.js';

const hooks = (h: Record<string, unknown>) => JSON.stringify({ hooks: h });
const play = (files: Record<string, string>, steps: SessionStep[]) =>
  playSession({ hookplay: 1, dialect: 'codex', files, payload: {}, session: { steps } });

describe('the codex lifecycle', () => {
  it('rejects an approval step before anything runs: codex exec never asks', async () => {
    const { outcome } = await play({}, [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'touch ran' } }, { approval: 'allow' }]);
    expect(outcome.ended.reason).toBe('invalid');
    expect(outcome.steps).toEqual([]);
    expect(outcome.diagnostics.map((d) => d.message).join('\n')).toMatch(/session\.steps\[2\]\.approval .*never asks for permission/);
  });

  it('drops a blocked prompt without a model request, and the next turn still runs', async () => {
    const files = {
      '~/.codex/hooks.json': hooks({ UserPromptSubmit: [{ hooks: [{ type: 'command', command: `grep -q secret && { echo 'no secrets' >&2; exit 2; }; exit 0` }] }] }),
    };
    const { outcome } = await play(files, [{ prompt: 'print the secret' }, { reply: 'never said' }, { prompt: 'list files' }, { tool: 'Bash', input: { command: 'echo one; echo two >&2' } }]);
    expect(outcome.ended.reason).toBe('completed');
    expect(outcome.skipped).toEqual([1]);
    const first = outcome.steps.find((s) => s.step === 0)!;
    expect(first.events.map((e) => e.event)).toEqual(['UserPromptSubmit']);
    expect(first.model).toBeUndefined();
    const tool = outcome.steps.find((s) => s.step === 3)!;
    // stdout and stderr in one stream, as Codex shows the model.
    expect(tool.tool).toMatchObject({ ran: true, source: 'run', result: 'one\ntwo\n', exitCode: 0 });
    expect(tool.events.map((e) => e.event)).toEqual(['PreToolUse', 'PostToolUse', 'PreModelRequest', 'PostModelRequest']);
  });

  it('keeps the project between steps: a file the tool writes is there for the next hook', async () => {
    const files = { '~/.codex/hooks.json': hooks({ Stop: [{ hooks: [{ type: 'command', command: 'test -f built || echo \'{"decision":"block","reason":"build first"}\'' }] }] }) };
    const { outcome } = await play(files, [{ prompt: 'build' }, { reply: 'done' }, { tool: 'Bash', input: { command: 'touch built' } }, { reply: 'built now' }]);
    expect(outcome.ended.reason).toBe('completed');
    const stops = outcome.steps.flatMap((s) => s.events).filter((e) => e.event === 'Stop');
    expect(stops.map((e) => e.outcome.verdict)).toEqual(['block', 'proceed']);
    expect(outcome.transcript).toEqual(['user: <hook_prompt hook_run_id="stop:0:$HOME/.codex/hooks.json">build first</hook_prompt>']);
  });

  it('ends an interrupted turn with Interrupt and no Stop', async () => {
    const files = { '~/.codex/hooks.json': hooks({ Stop: [{ hooks: [{ type: 'command', command: 'true' }] }], Interrupt: [{ hooks: [{ type: 'command', command: 'true' }] }] }) };
    const { outcome } = await play(files, [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'echo hi' }, result: { error: 'killed' } }, { interrupt: true }]);
    expect(outcome.ended).toMatchObject({ reason: 'interrupted', step: 2 });
    const events = outcome.steps.flatMap((s) => s.events.map((e) => e.event));
    expect(events).toContain('Interrupt');
    expect(events).not.toContain('Stop');
    // A given error: the tool still "ran" for Codex, so PostToolUse fired with the error text.
    expect(outcome.steps.find((s) => s.step === 1)!.tool).toMatchObject({ ran: true, source: 'given', result: 'killed', isError: true });
  });

  it('plays a resume step as a new codex process: SessionEnd, then SessionStart with source resume, the conversation carried on', async () => {
    const files = {
      '~/.codex/hooks.json': hooks({
        SessionStart: [{ hooks: [{ type: 'command', command: `p=$(cat); case "$p" in *'"source":"resume"'*) echo back;; *) echo fresh;; esac` }] }],
        SessionEnd: [{ hooks: [{ type: 'command', command: 'true' }] }],
      }),
    };
    const { outcome, observation } = await play(files, [{ prompt: 'one' }, { reply: 'One.' }, { resume: 'continue' }, { prompt: 'two' }, { reply: 'Two.' }]);
    expect(outcome.ended.reason).toBe('completed');
    const events = outcome.steps.flatMap((s) => s.events.map((e) => e.event)).filter((e) => e.startsWith('Session'));
    expect(events).toEqual(['SessionStart', 'SessionEnd', 'SessionStart', 'SessionEnd']);
    expect(outcome.transcript).toEqual(['developer: fresh', 'developer: back']);
    expect((observation as { observed: { exits: number[] } }).observed.exits).toEqual([0, 0]);
  });

  it('runs several calls of one message each through PreToolUse, the tool and PostToolUse, then makes one request', async () => {
    const files = {
      '~/.codex/hooks.json': hooks({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `grep -q deny-me && { echo 'not this one' >&2; exit 2; }; exit 0` }] }] }),
    };
    const { outcome, observation } = await play(files, [{ prompt: 'go' }, { calls: [{ tool: 'Bash', input: { command: 'echo deny-me' } }, { tool: 'Bash', input: { command: 'echo fine' } }] }, { reply: 'Done.' }]);
    const observed = (observation as { observed: { requests: number; tools: { executed: boolean; result: string }[]; racyFrom?: number } }).observed;
    expect(observed.requests).toBe(2);
    expect(observed.tools).toEqual([
      { executed: false, command: null, exitCode: null, result: 'Command blocked by PreToolUse hook: not this one. Command: echo deny-me' },
      { executed: true, command: 'echo fine', exitCode: 0, result: 'fine\n' },
    ]);
    expect(observed.racyFrom).toBe(1);
    expect(outcome.steps.filter((s) => s.step === 1).map((s) => s.tool?.ran)).toEqual([false, true]);
  });

  it('stops a Stop loop at hookplay\'s own limit, without a SessionEnd: Codex has no cap', async () => {
    const files = {
      '~/.codex/hooks.json': hooks({ Stop: [{ hooks: [{ type: 'command', command: `echo '{"decision":"block","reason":"again"}'` }] }], SessionEnd: [{ hooks: [{ type: 'command', command: 'true' }] }] }),
    };
    const { outcome } = await playSession({ hookplay: 1, dialect: 'codex', files, payload: {}, session: { steps: [{ prompt: 'go' }, { reply: 'Done.' }] } }, { lifecycleOptions: { maxContinuations: 2 } });
    expect(outcome.ended.reason).toBe('limit');
    const events = outcome.steps.flatMap((s) => s.events.map((e) => e.event));
    expect(events.filter((e) => e === 'Stop')).toHaveLength(3);
    expect(events).not.toContain('SessionEnd');
  });
});
