/**
 * Gemini CLI sessions played through the engine's session player with the gemini-cli lifecycle: real hook
 * processes, run_shell_command run for real in the session's project, the lifecycle's rules for what comes next.
 */
import { describe, expect, it } from 'vitest';
import { playSession } from '../../src/session/play.js';
import type { SessionStep } from '../../src/session/steps.js';

const settings = (h: Record<string, unknown>) => JSON.stringify({ hooks: h });
const play = (files: Record<string, string>, steps: SessionStep[]) =>
  playSession({ hookplay: 1, dialect: 'gemini-cli', files, payload: {}, session: { steps } });
const events = (o: { steps: { events: { event: string }[] }[] }) => o.steps.flatMap((s) => s.events.map((e) => e.event));

describe('the gemini-cli lifecycle', () => {
  it('rejects an approval step before anything runs: gemini -p --yolo never asks', async () => {
    const { outcome } = await play({}, [{ prompt: 'go' }, { tool: 'run_shell_command', input: { command: 'touch ran' } }, { approval: 'deny' }]);
    expect(outcome.ended.reason).toBe('invalid');
    expect(outcome.diagnostics.map((d) => d.message).join('\n')).toMatch(/session\.steps\[2\]\.approval .*never shows a confirmation/);
  });

  it('fires the events of a turn in the recorded order, with the tool run for real', async () => {
    const { outcome } = await play({}, [{ prompt: 'go' }, { tool: 'run_shell_command', input: { command: 'echo out; echo err >&2' } }, { reply: 'ok' }]);
    expect(outcome.ended.reason).toBe('completed');
    expect(events(outcome)).toEqual([
      'SessionStart', 'BeforeAgent', 'PreCompress', 'BeforeModel', 'BeforeToolSelection', 'AfterModel',
      'BeforeTool', 'AfterTool', 'PreCompress', 'BeforeModel', 'BeforeToolSelection', 'AfterModel', 'AfterAgent', 'SessionEnd',
    ]);
    const tool = outcome.steps.find((s) => s.step === 1)!.tool!;
    expect(tool).toMatchObject({ ran: true, source: 'run', exitCode: 0 });
    expect(tool.result).toContain('Output: out\\nerr');
  });

  it('blocks a prompt in BeforeAgent without a model request; the next turn runs, the file the hook wrote is still there', async () => {
    const files = { '.gemini/settings.json': settings({ BeforeAgent: [{ hooks: [{ type: 'command', command: `test -f .seen && exit 0; touch .seen; echo '{"decision":"deny","reason":"say please"}'` }] }] }) };
    const { outcome } = await play(files, [{ prompt: 'do it' }, { reply: 'never' }, { prompt: 'please do it' }, { reply: 'done' }]);
    expect(outcome.ended.reason).toBe('completed');
    expect(outcome.skipped).toEqual([1]);
    expect(outcome.steps.find((s) => s.step === 0)!.model).toBeUndefined();
    // The model read only the second prompt; no hook text reached it.
    expect(outcome.steps.find((s) => s.step === 2)!.model).toEqual([]);
    expect(outcome.transcript).toEqual([]);
  });

  it('ends an interrupted turn without AfterAgent, and a failed tool still gets AfterTool', async () => {
    const files = { '.gemini/settings.json': settings({ AfterTool: [{ hooks: [{ type: 'command', command: 'cat > /dev/null' }] }], AfterAgent: [{ hooks: [{ type: 'command', command: 'true' }] }] }) };
    const { outcome } = await play(files, [{ prompt: 'go' }, { tool: 'read_file', input: { file_path: 'x' }, result: { error: 'no such file' } }, { interrupt: true }]);
    expect(outcome.ended).toMatchObject({ reason: 'interrupted', step: 2 });
    expect(events(outcome)).not.toContain('AfterAgent');
    const tool = outcome.steps.find((s) => s.step === 1)!;
    expect(tool.tool).toMatchObject({ ran: true, source: 'given', isError: true, result: '{"error":"no such file"}' });
    expect(tool.events.map((e) => e.event)).toContain('AfterTool');
    expect(tool.diagnostics.map((d) => d.code)).toContain('session.from-docs');
  });
});
