import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../apps/server/src/protocol.js';
import { REPO } from '../support/paths.js';
import { useServerWithClient } from '../support/server.js';

const ctx = useServerWithClient();
type Timeline = Extract<ServerMessage, { type: 'timeline' }>;
const STOP_LOOP = JSON.parse(readFileSync(join(REPO, 'scenarios/claude-code/session-stop-loop-cap.hookplay.json'), 'utf8'));

describe('a session streams over the WebSocket', () => {
  it('sends each step, its events as wrapped runs, the model requests, then the session outcome', async () => {
    const { expect: _expect, ...scenario } = STOP_LOOP;
    ctx.client.send({ type: 'run', id: 'session-1', scenario });
    const done = (await ctx.client.waitFor((m) => m.type === 'timeline' && m.id === 'session-1' && m.event.type === 'session-outcome')) as Timeline;
    const timeline = ctx.client.messages.filter((m): m is Timeline => m.type === 'timeline' && m.id === 'session-1');
    expect(timeline.map((t) => t.seq)).toEqual(timeline.map((_, i) => i));
    expect(timeline[0]!.event.type).toBe('session-step');
    const outcome = done.event.type === 'session-outcome' ? done.event.outcome : null;
    expect(outcome?.ended.reason).toBe('stop-cap');

    // Every Stop run streamed live: its hook's start, stderr and end, inside the step it belongs to.
    const stopRuns = timeline.filter((t) => t.event.type === 'session-run' && t.event.run.type === 'run-start' && t.event.run.plan.event === 'Stop');
    expect(stopRuns).toHaveLength(9);
    const streamed = timeline
      .map((t) => t.event)
      .filter((e) => e.type === 'session-run' && e.run.type === 'hook-output')
      .map((e) => (e.type === 'session-run' && e.run.type === 'hook-output' ? e.run.data : ''))
      .join('');
    expect(streamed).toBe('Run the tests before you stop.\n'.repeat(9));
    expect(timeline.filter((t) => t.event.type === 'session-model').length).toBeGreaterThanOrEqual(9);
  });

  it('an unreachable step comes back as the session outcome with the error, and nothing runs', async () => {
    ctx.client.send({ type: 'run', id: 'session-2', scenario: { hookplay: 1, dialect: 'claude-code', files: {}, session: { steps: [{ reply: 'hi' }] } } });
    const done = (await ctx.client.waitFor((m) => m.type === 'timeline' && m.id === 'session-2' && m.event.type === 'session-outcome')) as Timeline;
    const timeline = ctx.client.messages.filter((m): m is Timeline => m.type === 'timeline' && m.id === 'session-2');
    expect(timeline).toHaveLength(1);
    expect(done.event.type === 'session-outcome' && done.event.outcome.diagnostics[0]?.message).toMatch(/session\.steps\[0\] \(reply "hi"\): no turn has begun/);
  });

  it('a session with too many steps is refused before it starts', async () => {
    const steps = [{ prompt: 'go' }, ...Array.from({ length: 120 }, () => ({ reply: 'again' }))];
    ctx.client.send({ type: 'run', id: 'session-3', scenario: { hookplay: 1, dialect: 'claude-code', files: {}, session: { steps } } });
    const refused = await ctx.client.waitFor((m) => m.type === 'rejected' && m.id === 'session-3');
    expect(refused).toMatchObject({ reason: 'too-large', message: expect.stringMatching(/121 steps; this server plays at most 100/) });
  });
});
