/**
 * Qwen Code sessions played through the engine's session player with the qwen-code lifecycle: real hook processes,
 * run_shell_command run for real in the session's project, the lifecycle's rules for what comes next.
 */
import { describe, expect, it } from 'vitest';
import type { HostSettings } from '../../src/scenario.js';
import { playSession } from '../../src/session/play.js';
import type { SessionStep } from '../../src/session/steps.js';

const settings = (h: Record<string, unknown>) => ({ '~/.qwen/settings.json': JSON.stringify({ hooks: h }) });
const group = (command: string) => [{ hooks: [{ type: 'command', command }] }];
const play = (files: Record<string, string>, steps: SessionStep[], host: HostSettings = {}) =>
  playSession({ hookplay: 1, dialect: 'qwen-code', host, files, payload: {}, session: { steps } });
const events = (o: { steps: { events: { event: string }[] }[] }) => o.steps.flatMap((s) => s.events.map((e) => e.event));

describe('the qwen-code lifecycle', () => {
  it('rejects an approval step in a trusted folder before anything runs: --yolo never asks there', async () => {
    const { outcome } = await play({}, [{ prompt: 'go' }, { tool: 'run_shell_command', input: { command: 'touch ran' } }, { approval: 'allow' }]);
    expect(outcome.ended.reason).toBe('invalid');
    expect(outcome.diagnostics.map((d) => d.message).join('\n')).toMatch(/session\.steps\[2\]\.approval .*only in another approval mode \(host\.args\) or an untrusted folder/);
  });

  it('in an untrusted folder, a denied approval declines the call without any tool hook', async () => {
    const files = settings({ PreToolUse: group('cat > /dev/null'), PermissionRequest: group('cat > /dev/null') });
    const { outcome } = await play(files, [{ prompt: 'go' }, { tool: 'run_shell_command', input: { command: 'touch ran' } }, { approval: 'deny' }], { trusted: false });
    expect(outcome.ended.reason).toBe('completed');
    expect(outcome.skipped).toEqual([]);
    expect(events(outcome)).toContain('PermissionRequest');
    expect(events(outcome)).not.toContain('PreToolUse');
    expect(outcome.steps.find((s) => s.step === 1)!.tool).toMatchObject({ ran: false, decidedBy: 'user' });
  });

  it('in --approval-mode default, an allow rule for the shell runs a read-only command; a write is denied by edit before any tool hook', async () => {
    const files = { '~/.qwen/settings.json': JSON.stringify({ permissions: { allow: ['run_shell_command'] }, hooks: { PreToolUse: group('cat > /dev/null'), PostToolBatch: group('cat > /dev/null') } }) };
    const host = { args: ['--approval-mode', 'default'] };
    const read = (await play(files, [{ prompt: 'go' }, { tool: 'run_shell_command', input: { command: 'echo one' } }], host)).outcome;
    expect(read.steps.find((s) => s.step === 1)!.tool).toMatchObject({ ran: true, isError: false });
    const write = (await play(files, [{ prompt: 'go' }, { tool: 'run_shell_command', input: { command: 'echo one > a.txt' } }], host)).outcome;
    const step = write.steps.find((s) => s.step === 1)!;
    expect(step.tool).toMatchObject({ ran: false, isError: true, result: 'This "run_shell_command" invocation was denied by permission rules. Matching deny rule: "edit".' });
    expect(step.events.map((e) => e.event)).toEqual(['PostToolBatch', 'UserPromptSubmit']);
  });

  it('runs a failing command for real and fires PostToolUseFailure, not PostToolUse', async () => {
    const { outcome } = await play({}, [{ prompt: 'go' }, { tool: 'run_shell_command', input: { command: 'echo oops >&2; exit 4' } }]);
    const tool = outcome.steps.find((s) => s.step === 1)!;
    expect(tool.tool).toMatchObject({ ran: true, source: 'run', exitCode: 4, isError: true });
    expect(tool.tool!.result).toContain('Output: oops\nError: (none)\nExit Code: 4');
    expect(tool.events.map((e) => e.event)).toEqual(['PreToolUse', 'PostToolUseFailure', 'PostToolBatch', 'UserPromptSubmit']);
  });

  it('ends an interrupted turn without Stop; the next turn runs', async () => {
    const files = settings({ Stop: group('cat > /dev/null') });
    const { outcome } = await play(files, [{ prompt: 'go' }, { interrupt: true }, { prompt: 'again' }, { reply: 'ok' }]);
    expect(outcome.ended.reason).toBe('completed');
    const stops = events(outcome).filter((e) => e === 'Stop');
    expect(stops).toHaveLength(1);
  });
});
