import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../apps/server/src/server/start.js';
import { launch } from '../support/server.js';
import { connect, isOutcomeOf } from '../support/ws-client.js';
import { mirriScenario } from '../support/scenarios.js';

let server: RunningServer;
beforeAll(async () => {
  server = await launch({ limits: { maxPayloadBytes: 64 * 1024, maxScenarioBytes: 16 * 1024, maxFiles: 5 } });
});
afterAll(() => server.close());

describe('bad messages get clear answers and the server keeps serving', () => {
  it('answers non-JSON, unknown types, missing fields and binary frames with an error', async () => {
    const c = await connect(server.origin, server.token);
    c.sendRaw('{not json');
    expect(await c.waitFor((m) => m.type === 'error')).toMatchObject({ message: 'the message is not JSON' });
    c.messages.length = 0;
    c.send({ type: 'launch-missiles' });
    expect(await c.waitFor((m) => m.type === 'error')).toMatchObject({ message: expect.stringMatching(/invalid message/) });
    c.messages.length = 0;
    c.send({ type: 'cancel' });
    expect(await c.waitFor((m) => m.type === 'error')).toMatchObject({ message: expect.stringMatching(/id/) });
    c.messages.length = 0;
    c.sendRaw(Buffer.from([1, 2, 3]));
    expect(await c.waitFor((m) => m.type === 'error')).toMatchObject({ message: expect.stringMatching(/binary/) });
    c.messages.length = 0;
    c.send({ type: 'cancel', id: 'nothing-here' });
    expect(await c.waitFor((m) => m.type === 'error')).toMatchObject({ id: 'nothing-here' });
    // Still alive: a real run works on the same connection.
    c.send({ type: 'run', id: 'ok', scenario: mirriScenario(['echo fine']) });
    await c.waitFor(isOutcomeOf('ok'));
    await c.close();
  });

  it('rejects an invalid scenario naming each bad field', async () => {
    const c = await connect(server.origin, server.token);
    c.send({ type: 'run', id: 'bad', scenario: { hookplay: 1, dialect: 'nope', files: { '../x': '' }, event: 'PreToolUse' } });
    const rejected = await c.waitFor((m) => m.type === 'rejected');
    expect(rejected).toMatchObject({ id: 'bad', reason: 'invalid' });
    const paths = rejected.type === 'rejected' ? rejected.problems?.map((p) => p.path) : [];
    expect(paths).toEqual(expect.arrayContaining(['dialect', 'files["../x"]']));
    await c.close();
  });

  it('refuses a newer scenario format with a message saying so', async () => {
    const c = await connect(server.origin, server.token);
    c.send({ type: 'run', id: 'future', scenario: { ...mirriScenario(['true']), hookplay: 2 } });
    const rejected = await c.waitFor((m) => m.type === 'rejected');
    expect(JSON.stringify(rejected)).toMatch(/format version 2/);
    await c.close();
  });

  it('rejects scenarios over the size and file caps as too large', async () => {
    const c = await connect(server.origin, server.token);
    const big = mirriScenario(['true']);
    big.files['~/big.txt'] = 'x'.repeat(20 * 1024);
    c.send({ type: 'run', id: 'big', scenario: big });
    expect(await c.waitFor((m) => m.type === 'rejected' && m.id === 'big')).toMatchObject({ reason: 'too-large' });
    const many = mirriScenario(['true']);
    for (let i = 0; i < 6; i++) many.files[`f${i}.txt`] = '';
    c.send({ type: 'run', id: 'many', scenario: many });
    expect(await c.waitFor((m) => m.type === 'rejected' && m.id === 'many')).toMatchObject({ reason: 'too-large', message: expect.stringMatching(/files/) });
    await c.close();
  });

  it('closes a connection that sends a message over maxPayload (1009), and serves the next one', async () => {
    const c = await connect(server.origin, server.token);
    const closed = new Promise<number>((resolve) => c.ws.once('close', (code) => resolve(code)));
    c.sendRaw('x'.repeat(100 * 1024));
    expect(await closed).toBe(1009);
    const next = await connect(server.origin, server.token);
    next.send({ type: 'run', id: 'after', scenario: mirriScenario(['echo still here']) });
    await next.waitFor(isOutcomeOf('after'));
    await next.close();
  });

  it('rejects a second run with an id already in progress', async () => {
    const c = await connect(server.origin, server.token);
    c.send({ type: 'run', id: 'dup', scenario: mirriScenario(['sleep 0.5']) });
    c.send({ type: 'run', id: 'dup', scenario: mirriScenario(['true']) });
    expect(await c.waitFor((m) => m.type === 'rejected')).toMatchObject({ id: 'dup', reason: 'duplicate' });
    await c.waitFor(isOutcomeOf('dup'));
    await c.close();
  });
});

describe('the concurrency caps', () => {
  it('answer busy past the per-connection and the overall cap', async () => {
    const capped = await launch({ limits: { maxRunsPerConnection: 2, maxRunsTotal: 3 } });
    try {
      const a = await connect(capped.origin, capped.token);
      const b = await connect(capped.origin, capped.token);
      const slow = mirriScenario(['sleep 1']);
      for (const id of ['a1', 'a2', 'a3']) a.send({ type: 'run', id, scenario: slow });
      expect(await a.waitFor((m) => m.type === 'rejected')).toMatchObject({ id: 'a3', reason: 'busy', message: expect.stringMatching(/this connection/) });
      await a.waitFor((m) => m.type === 'timeline' && m.id === 'a2');
      for (const id of ['b1', 'b2']) b.send({ type: 'run', id, scenario: slow });
      expect(await b.waitFor((m) => m.type === 'rejected')).toMatchObject({ id: 'b2', reason: 'busy', message: expect.stringMatching(/the server/) });
      // Once runs finish, new ones are taken again.
      await Promise.all(['a1', 'a2', 'b1'].map((id) => (id.startsWith('a') ? a : b).waitFor(isOutcomeOf(id))));
      b.send({ type: 'run', id: 'b3', scenario: mirriScenario(['true']) });
      await b.waitFor(isOutcomeOf('b3'));
      await Promise.all([a.close(), b.close()]);
    } finally {
      await capped.close();
    }
  });
});
