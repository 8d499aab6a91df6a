import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../apps/server/src/protocol.js';
import { eventually, processesWith } from '../support/processes.js';
import { realHostUnderTest } from '../support/real-host.js';
import { launch, useServerWithClient } from '../support/server.js';
import { connect, isOutcomeOf } from '../support/ws-client.js';

/**
 * The playground's "Check on the real CLI", as its WebSocket sees it: the server says which real CLIs it has, a
 * `real` run streams progress and ends in both readings with their differences, and whatever cannot run is refused
 * with its reason. Over the queue path too (scripts/test.sh runs test/server again with HOOKPLAY_TEST_QUEUE=1).
 */
const fixtures = realHostUnderTest();
const ctx = useServerWithClient();
/** The message that ends (or refuses) run `id`, skipping its progress and timeline. */
const of = (id: string) => (m: ServerMessage) => 'id' in m && m.id === id && m.type !== 'real-progress' && m.type !== 'timeline';

describe('checking a scenario on the real CLI over the WebSocket', { timeout: 300_000 }, () => {
  it('the hello names the real CLIs installed on the server, with their versions', async () => {
    const hello = await ctx.client.waitFor((m): m is Extract<ServerMessage, { type: 'hello' }> => m.type === 'hello');
    expect(hello.realHosts).toContainEqual(expect.objectContaining({ host: fixtures.host, versions: expect.arrayContaining([fixtures.version]) }));
  });

  it('a scenario both agree on streams progress, then both readings with no difference', async () => {
    ctx.client.send({ type: 'real', id: 'agrees', scenario: fixtures.agrees, version: fixtures.version });
    const end = await ctx.client.waitFor(of('agrees'), 240_000);
    expect(end.type === 'real-result' ? end.result.differences : end).toEqual([]);
    if (end.type !== 'real-result') return;
    expect(end.result).toMatchObject({ host: fixtures.host, version: fixtures.version });
    expect(end.result.real).not.toEqual({});
    const progress = ctx.client.messages.filter((m) => m.type === 'real-progress' && m.id === 'agrees');
    expect(progress.length).toBeGreaterThan(0);
  });

  it('a scenario they part on ends with each difference named, both sides given', async () => {
    ctx.client.send({ type: 'real', id: 'differs', scenario: fixtures.differs, version: fixtures.version });
    const end = await ctx.client.waitFor(of('differs'), 240_000);
    expect(end.type).toBe('real-result');
    if (end.type !== 'real-result') return;
    expect(end.result.differences.length).toBeGreaterThan(0);
    for (const d of end.result.differences) expect(d).toEqual(expect.objectContaining({ path: expect.any(String), what: expect.any(String) }));
  });

  it('a version that is not installed is refused as unavailable, saying how to install it', async () => {
    ctx.client.send({ type: 'real', id: 'absent', scenario: fixtures.agrees, version: '0.0.1' });
    const end = await ctx.client.waitFor(of('absent'), 60_000);
    expect(end).toMatchObject({ type: 'rejected', reason: 'unavailable' });
    expect(end.type === 'rejected' ? end.message : '').toMatch(/hosts install/);
  });

  it('a step no real CLI can play is refused as invalid, naming the step', async () => {
    ctx.client.send({ type: 'real', id: 'pretends', scenario: fixtures.pretends, version: fixtures.version });
    const end = await ctx.client.waitFor(of('pretends'), 60_000);
    expect(end).toMatchObject({ type: 'rejected', reason: 'invalid' });
    expect(end.type === 'rejected' ? end.problems?.map((p) => p.path).join(' ') : '').toMatch(/session\.steps/);
  });

  it('cancelling a hung real run leaves nothing of it running', async () => {
    ctx.client.send({ type: 'real', id: 'hangs', scenario: fixtures.hangs, version: fixtures.version });
    expect(await eventually(() => processesWith(fixtures.hangMarker).length > 0, 120_000)).toBe(true);
    ctx.client.send({ type: 'cancel', id: 'hangs' });
    const end = await ctx.client.waitFor(of('hangs'), 60_000);
    expect(end.type).toBe('cancelled');
    expect(await eventually(() => processesWith(fixtures.hangMarker).length === 0, 20_000)).toBe(true);
  });
});

describe('a real run counts in the run limits like any run', { timeout: 300_000 }, () => {
  it('while a real run holds the one slot of a connection, another run is refused as busy; cancelled, the slot is free', async () => {
    const server = await launch({ limits: { maxRunsPerConnection: 1 } });
    const client = await connect(server.origin, server.token);
    try {
      client.send({ type: 'real', id: 'holds', scenario: fixtures.hangs, version: fixtures.version });
      expect(await eventually(() => processesWith(fixtures.hangMarker).length > 0, 120_000)).toBe(true);
      client.send({ type: 'run', id: 'second', scenario: fixtures.agrees });
      expect(await client.waitFor(of('second'), 30_000)).toMatchObject({ type: 'rejected', reason: 'busy' });
      client.send({ type: 'cancel', id: 'holds' });
      expect((await client.waitFor(of('holds'), 60_000)).type).toBe('cancelled');
      client.send({ type: 'run', id: 'third', scenario: fixtures.agrees });
      expect((await client.waitFor(isOutcomeOf('third'), 60_000)).event).toMatchObject({ type: 'outcome' });
    } finally {
      await client.close();
      await server.close();
    }
    expect(await eventually(() => processesWith(fixtures.hangMarker).length === 0, 20_000)).toBe(true);
  });
});
