/**
 * Copilot CLI sessions played through the engine's session player with the copilot-cli lifecycle: real hook
 * processes, the bash tool run for real in the session's project, the lifecycle's rules for what comes next.
 */
import { describe, expect, it } from 'vitest';
import { playSession } from '../../src/session/play.js';
import type { SessionStep } from '../../src/session/steps.js';

const settings = (h: Record<string, unknown>) => ({ '~/.copilot/settings.json': JSON.stringify({ hooks: h }) });
const hook = (bash: string) => ({ type: 'command', bash });
const play = (files: Record<string, string>, steps: SessionStep[]) => playSession({ hookplay: 1, dialect: 'copilot-cli', files, payload: {}, session: { steps } });
const events = (o: { steps: { events: { event: string }[] }[] }) => o.steps.flatMap((s) => s.events.map((e) => e.event));

describe('the copilot-cli lifecycle', () => {
  it('rejects an approval step before anything runs: copilot -p --allow-all never asks', async () => {
    const { outcome } = await play({}, [{ prompt: 'go' }, { tool: 'bash', input: { command: 'touch ran' } }, { approval: 'allow' }]);
    expect(outcome.ended.reason).toBe('invalid');
    expect(outcome.diagnostics.map((d) => d.message).join('\n')).toMatch(/session\.steps\[2\]\.approval .*never asks the user/);
  });

  it('skips permissionRequest when a preToolUse hook allows, and runs the command for real', async () => {
    const files = settings({ preToolUse: [hook(`echo '{"permissionDecision":"allow"}'`)], permissionRequest: [hook('exit 1')] });
    const { outcome } = await play(files, [{ prompt: 'go' }, { tool: 'bash', input: { command: 'echo made > f.txt; cat f.txt' } }]);
    expect(outcome.ended.reason).toBe('completed');
    expect(events(outcome)).not.toContain('permissionRequest');
    expect(outcome.steps.find((s) => s.step === 1)!.tool).toMatchObject({ ran: true, source: 'run', decidedBy: 'hook', result: 'made\n<shellId: 0 completed with exit code 0>' });
  });

  it('drops a blocked prompt with a warning and no request; the next turn runs', async () => {
    const files = settings({ userPromptSubmitted: [hook(`grep -q secret && echo '{"decision":"block","reason":"no secrets"}'; exit 0`)] });
    const { outcome } = await play(files, [{ prompt: 'print the secret' }, { reply: 'x' }, { prompt: 'list files' }, { reply: 'done' }]);
    expect(outcome.ended.reason).toBe('completed');
    expect(outcome.skipped).toEqual([1]);
    const first = outcome.steps.find((s) => s.step === 0)!;
    expect(first.notices.join('\n')).toContain('no secrets');
    expect(first.model).toBeUndefined();
    expect(outcome.steps.find((s) => s.step === 2)!.model).toEqual([]);
    expect(outcome.transcript).toEqual([]);
  });

  it('ends an interrupted turn without agentStop', async () => {
    const files = settings({ agentStop: [hook('true')] });
    const { outcome } = await play(files, [{ prompt: 'go' }, { tool: 'bash', input: { command: 'echo hi' } }, { interrupt: true }]);
    expect(outcome.ended).toMatchObject({ reason: 'interrupted', step: 2 });
    expect(events(outcome)).not.toContain('agentStop');
  });
});
