import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../apps/server/src/protocol.js';
import type { TimelineEvent } from '../../packages/engine/src/outcome.js';
import { useServerWithClient } from '../support/server.js';
import { connect, isOutcomeOf, type Client } from '../support/ws-client.js';
import { mirriScenario } from '../support/scenarios.js';

const ctx = useServerWithClient();

function timelineOf(id: string): { seq: number; event: TimelineEvent }[] {
  return ctx.client.messages.filter((m): m is Extract<ServerMessage, { type: 'timeline' }> => m.type === 'timeline' && m.id === id);
}

describe('a run streams over the WebSocket', () => {
  it('greets with the protocol version and the limits', async () => {
    const hello = await ctx.client.waitFor((m) => m.type === 'hello');
    expect(hello).toMatchObject({ type: 'hello', protocol: 1, limits: { maxRunsPerConnection: expect.any(Number) } });
    expect(ctx.client.ws.protocol).toBe('hookplay.v1');
  });

  it('streams parallel hooks completely and in order, tagged with the id and gap-free sequence numbers', async () => {
    const scenario = mirriScenario([
      'for i in 1 2 3; do echo a$i; sleep 0.1; done',
      'for i in 1 2 3; do echo b$i >&2; sleep 0.1; done',
      'sleep 0.2; echo c; exit 2',
    ]);
    ctx.client.send({ type: 'run', id: 'par-1', scenario });
    const done = await ctx.client.waitFor(isOutcomeOf('par-1'));
    const timeline = timelineOf('par-1');
    expect(timeline.map((t) => t.seq)).toEqual(timeline.map((_, i) => i));
    expect(timeline[0]!.event.type).toBe('run-start');
    expect(timeline.at(-1)!.event.type).toBe('outcome');
    const outcome = done.event.type === 'outcome' ? done.event.outcome : null;
    expect(outcome?.verdict).toBe('block');

    for (const hook of [0, 1, 2]) {
      const events = timeline.map((t) => t.event).filter((e) => 'hook' in e && e.hook === hook);
      expect(events[0]!.type).toBe('hook-start');
      expect(events.at(-1)!.type).toBe('hook-end');
      const streamed = (stream: string) =>
        events.filter((e): e is Extract<TimelineEvent, { type: 'hook-output' }> => e.type === 'hook-output' && e.stream === stream).map((e) => e.data).join('');
      expect(streamed('stdout')).toBe(outcome!.hooks[hook]!.stdout);
      expect(streamed('stderr')).toBe(outcome!.hooks[hook]!.stderr);
    }
    // Parallel: every hook started before the first one ended.
    const starts = timeline.filter((t) => t.event.type === 'hook-start').map((t) => t.event.atMs);
    const firstEnd = Math.min(...timeline.filter((t) => t.event.type === 'hook-end').map((t) => t.event.atMs));
    expect(Math.max(...starts)).toBeLessThan(firstEnd);
  });

  it('streams a chain one hook after another (open-strix)', async () => {
    const hook = (name: string) => ({ name, command: `cat; sleep 0.1; echo ${name} >&2`, events: ['pre_tool_call'] });
    const scenario = {
      hookplay: 1,
      dialect: 'open-strix',
      files: {
        'skills/a/hooks.json': JSON.stringify({ hooks: [hook('first')] }),
        'skills/b/hooks.json': JSON.stringify({ hooks: [hook('second')] }),
      },
      event: 'pre_tool_call',
      payload: { tool: 'shell', args: { cmd: 'ls' } },
    };
    ctx.client.send({ type: 'run', id: 'chain-1', scenario });
    await ctx.client.waitFor(isOutcomeOf('chain-1'));
    const events = timelineOf('chain-1').map((t) => t.event);
    const plan = events[0]!.type === 'run-start' ? events[0]!.plan : null;
    expect(plan?.mode).toBe('chain');
    const order = events.filter((e) => e.type === 'hook-start' || e.type === 'hook-end').map((e) => `${e.type}:${'hook' in e ? e.hook : ''}`);
    expect(order).toEqual(['hook-start:0', 'hook-end:0', 'hook-start:1', 'hook-end:1']);
  });

  it("gives hooks a minimal environment, never the server's own variables", async () => {
    process.env.HOOKPLAY_TEST_SECRET = 'hunter2';
    try {
      ctx.client.send({ type: 'run', id: 'env-1', scenario: mirriScenario(['env']) });
      const done = await ctx.client.waitFor(isOutcomeOf('env-1'));
      const env = done.event.type === 'outcome' ? done.event.outcome.hooks[0]!.stdout : '';
      const names = env.trim().split('\n').map((l) => l.split('=')[0]).filter((n) => n !== 'PWD' && n !== 'SHLVL' && n !== '_');
      expect(env).not.toContain('hunter2');
      expect(names.sort()).toEqual(['HOME', 'LANG', 'PATH', 'TMPDIR']);
    } finally {
      delete process.env.HOOKPLAY_TEST_SECRET;
    }
  });

  it('keeps runs of one connection apart by id', async () => {
    ctx.client.send({ type: 'run', id: 'x-1', scenario: mirriScenario(['echo one']) });
    ctx.client.send({ type: 'run', id: 'x-2', scenario: mirriScenario(['echo two']) });
    const [one, two] = await Promise.all([ctx.client.waitFor(isOutcomeOf('x-1')), ctx.client.waitFor(isOutcomeOf('x-2'))]);
    expect(one.event.type === 'outcome' && one.event.outcome.hooks[0]!.stdout).toBe('one\n');
    expect(two.event.type === 'outcome' && two.event.outcome.hooks[0]!.stdout).toBe('two\n');
  });
});
