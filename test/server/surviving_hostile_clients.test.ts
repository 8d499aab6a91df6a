/**
 * Issue 15, defects 1, 4 and 5 and its minor points, each as the attack itself against a real server on a
 * loopback port with real `ws` clients: the 4,100-deep message, clients that never read, a 100-hook loud run,
 * a client that falls behind during a flood, a connection flood; and the answers bad input gets.
 * Memory figures (RSS) are measured in `npm run bench`, not asserted here.
 */
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '../../apps/server/src/protocol.js';
import type { RunningServer } from '../../apps/server/src/server/start.js';
import { eventually } from '../support/processes.js';
import { authed, launch } from '../support/server.js';
import { connect, isOutcomeOf, type Client } from '../support/ws-client.js';
import { mirriScenario } from '../support/scenarios.js';

let server: RunningServer;
beforeAll(async () => {
  server = await launch();
});
afterAll(() => server.close());

/** The client's TCP socket: pausing it makes the client stop reading, as a hostile or frozen client does. */
const socketOf = (c: Client) => (c.ws as unknown as { _socket: Socket })._socket;

const outcomeOf = (m: ServerMessage) => (m.type === 'timeline' && m.event.type === 'outcome' ? m.event.outcome : null);

/** The ~8.5 KB message of the audit: an array nested 4,100 deep in the payload of an otherwise valid run. */
function deepRun(depth = 4100): string {
  const base = JSON.stringify({ type: 'run', id: 'deep', scenario: { ...mirriScenario(['true']), payload: { x: 0 } } });
  return base.replace('{"x":0}', `{"x":${'['.repeat(depth)}${']'.repeat(depth)}}`);
}

describe('one message cannot kill the server', () => {
  it('the 4,100-deep message gets an error for its sender; a run of another client in flight finishes', async () => {
    const bystander = await connect(server.origin, server.token);
    bystander.send({ type: 'run', id: 'innocent', scenario: mirriScenario(['sleep 1; echo still-here']) });
    await bystander.waitFor((m) => m.type === 'timeline' && m.event.type === 'hook-start');
    const attacker = await connect(server.origin, server.token);
    const text = deepRun();
    expect(text.length).toBeGreaterThan(8000);
    attacker.sendRaw(text);
    attacker.sendRaw('['.repeat(100_000));
    attacker.sendRaw(`{"type":"cancel","id":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`);
    const errors = await Promise.all([0, 1, 2].map((i) => attacker.waitFor((m) => m.type === 'error' && attacker.messages.filter((x) => x.type === 'error').indexOf(m) === i)));
    for (const e of errors) expect(e).toMatchObject({ type: 'error', message: expect.stringMatching(/nested deeper than 64 levels/) });
    const outcome = outcomeOf(await bystander.waitFor(isOutcomeOf('innocent')));
    expect(outcome?.hooks[0]?.stdout).toBe('still-here\n');
    expect(bystander.messages.some((m) => m.type === 'error')).toBe(false);
    // Both connections still work.
    attacker.send({ type: 'run', id: 'after', scenario: mirriScenario(['echo alive']) });
    expect(outcomeOf(await attacker.waitFor(isOutcomeOf('after')))?.hooks[0]?.stdout).toBe('alive\n');
    await Promise.all([attacker.close(), bystander.close()]);
  }, 30_000);

  it('the same nesting in POST /api/validate is a 400 with the reason, and the server goes on', async () => {
    const body = `{"scenario":{"hookplay":1,"payload":${'['.repeat(4100)}${']'.repeat(4100)}}}`;
    const res = await fetch(`${server.origin}/api/validate`, authed(server, { method: 'POST', body, headers: { 'content-type': 'application/json' } }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/nested deeper than 64 levels/);
    expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
  });
});

describe('a scenario cannot stall the server', () => {
  const claude = (matcher: string, toolName: string, settings?: string) => ({
    hookplay: 1,
    dialect: 'claude-code',
    files: { '.claude/settings.json': settings ?? JSON.stringify({ hooks: { PreToolUse: [{ matcher, hooks: [{ type: 'command', command: 'echo ran' }] }] } }) },
    event: 'PreToolUse',
    payload: { tool_name: toolName, tool_input: { command: 'ls' } },
  });

  it('a matcher that backtracks without end is stopped and named; another client is served meanwhile', async () => {
    const attacker = await connect(server.origin, server.token);
    const bystander = await connect(server.origin, server.token);
    attacker.send({ type: 'run', id: 'redos', scenario: claude('(a+)+$', `${'a'.repeat(40)}!`) });
    const t0 = Date.now();
    bystander.send({ type: 'run', id: 'quick', scenario: mirriScenario(['echo quick']) });
    // Served while the attacker's plan is still being stopped (its deadline is 5 s).
    await bystander.waitFor(isOutcomeOf('quick'), 20_000);
    const rejected = await attacker.waitFor((m) => m.type === 'rejected' && m.id === 'redos', 20_000);
    expect(rejected).toMatchObject({ reason: 'invalid', message: expect.stringMatching(/took over 5 s and was stopped.*regular expression/) });
    expect(Date.now() - t0).toBeLessThan(15_000);
    // The same connection runs a sane matcher right after.
    attacker.send({ type: 'run', id: 'sane', scenario: claude('Bash', 'Bash') });
    expect(outcomeOf(await attacker.waitFor(isOutcomeOf('sane'), 20_000))?.hooks[0]?.stdout).toBe('ran\n');
    await Promise.all([attacker.close(), bystander.close()]);
  }, 60_000);

  it('runs queued behind a stalled check free their slots the moment their client leaves', async () => {
    const small = await launch({ limits: { maxRunsTotal: 4 } });
    try {
      const attacker = await connect(small.origin, small.token);
      attacker.send({ type: 'run', id: 'redos', scenario: claude('(a+)+$', `${'a'.repeat(40)}!`) });
      for (const id of ['q1', 'q2', 'q3']) attacker.send({ type: 'run', id, scenario: claude('Bash', 'Bash') });
      // Messages are handled in order: this answer means all four runs hold a slot, three waiting behind the stall.
      attacker.send({ type: 'cancel', id: 'sentinel' });
      await attacker.waitFor((m) => m.type === 'error' && m.id === 'sentinel', 20_000);
      expect(attacker.messages.filter((m) => m.type === 'rejected')).toEqual([]);
      await attacker.close();
      const left = Date.now();
      // The stalled check has seconds to go (its deadline is 5 s): a slot held until then would be "busy" here.
      const bystander = await connect(small.origin, small.token);
      let answer: ServerMessage;
      for (let n = 0; ; n++) {
        bystander.send({ type: 'run', id: `b${n}`, scenario: mirriScenario(['echo served']) });
        answer = await bystander.waitFor((m) => (m.type === 'rejected' && m.id === `b${n}`) || isOutcomeOf(`b${n}`)(m), 20_000);
        if (answer.type !== 'rejected' || Date.now() - left > 3000) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(answer.type, JSON.stringify(answer)).toBe('timeline');
      await bystander.close();
    } finally {
      await small.close();
    }
  }, 60_000);

  it('the same matcher on POST /api/validate is a clear problem, not a stalled server', async () => {
    const res = await fetch(`${server.origin}/api/validate`, authed(server, { method: 'POST', body: JSON.stringify({ scenario: claude('(a+)+$', `${'a'.repeat(40)}!`) }) }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; problems: { message: string }[] };
    expect(body.ok).toBe(false);
    expect(body.problems[0]?.message).toMatch(/was stopped/);
  }, 30_000);

  it('a JSON config nested 50,000 deep is refused naming the file', async () => {
    const c = await connect(server.origin, server.token);
    c.send({ type: 'run', id: 'deepcfg', scenario: claude('Bash', 'Bash', `{"hooks":${'['.repeat(50_000)}${']'.repeat(50_000)}}`) });
    const rejected = await c.waitFor((m) => m.type === 'rejected' && m.id === 'deepcfg');
    expect(rejected.type === 'rejected' && rejected.problems).toEqual([{ path: 'files[".claude/settings.json"]', message: expect.stringMatching(/nested deeper than 64 levels/) }]);
    await c.close();
  });
});

describe('memory is bounded by design', () => {
  it('clients that send invalid runs and never read are told and dropped; a reading client is unaffected', async () => {
    // A long grace, so the test can still read the close frame however slowly this machine gets there.
    const small = await launch({ limits: { maxQueuedBytes: 1024 * 1024 }, dropGraceMs: 120_000 });
    try {
      // One invalid scenario: 100 long bad file keys, each a problem the server would quote back.
      const files: Record<string, string> = {};
      for (let i = 0; i < 100; i++) files[`../escape-${i}-${'x'.repeat(200)}`] = '';
      const invalid = JSON.stringify({ type: 'run', id: 'bad', scenario: { hookplay: 1, dialect: 'mirri', files, event: 'PreToolUse' } });
      const hostile = await Promise.all([0, 1, 2, 3].map(() => connect(small.origin, small.token)));
      const closes = hostile.map((c) => new Promise<{ code: number; reason: string }>((r) => c.ws.once('close', (code, reason) => r({ code, reason: reason.toString() }))));
      for (const c of hostile) socketOf(c).pause();
      // 16 MiB from each: far more than the queue cap plus what the kernel's socket buffers hold.
      for (let round = 0; round < 600; round++) for (const c of hostile) if (c.ws.readyState === WebSocket.OPEN) c.sendRaw(invalid);
      const reader = await connect(small.origin, small.token);
      reader.send({ type: 'run', id: 'fine', scenario: mirriScenario(['echo fine']) });
      expect(outcomeOf(await reader.waitFor(isOutcomeOf('fine'), 60_000))?.hooks[0]?.stdout).toBe('fine\n');
      // The server lets go of all four while they still do not read (what they queued is bounded meanwhile).
      expect(await eventually(() => small.stats().droppedClients === 4, 60_000)).toBe(true);
      // Reading again, a dropped client finds the close frame with the reason behind what was queued.
      for (const c of hostile) socketOf(c).resume();
      for (const closed of await Promise.all(closes)) {
        expect(closed.code).toBe(1008);
        expect(closed.reason).toMatch(/fell behind: over 1048576 bytes queued/);
      }
      expect(await eventually(() => small.stats().connections === 1, 10_000)).toBe(true);
      await reader.close();
    } finally {
      await small.close();
    }
  }, 60_000);

  it('a reply is never larger than the request it answers, and says what it left out', async () => {
    const c = await connect(server.origin, server.token);
    const files: Record<string, string> = {};
    for (let i = 0; i < 500; i++) files[`/abs-${i}`] = '';
    const request = JSON.stringify({ type: 'run', id: 'many', scenario: { hookplay: 1, dialect: 'mirri', files, event: 'PreToolUse' } });
    let replyBytes = 0;
    c.ws.once('message', (data) => (replyBytes = (data as Buffer).length));
    c.sendRaw(request);
    const rejected = await c.waitFor((m) => m.type === 'rejected');
    expect(replyBytes).toBeGreaterThan(0);
    expect(replyBytes).toBeLessThanOrEqual(Buffer.byteLength(request));
    expect(rejected).toMatchObject({ reason: 'invalid', message: expect.stringMatching(/\d+ more problems not listed/) });
    await c.close();
  });

  it('a 100-hook run where every hook prints 2 MiB runs 32 hooks and keeps 4 MiB, and the outcome says what was cut', async () => {
    const c = await connect(server.origin, server.token);
    const hooks = Array.from({ length: 100 }, (_, i) => `head -c 2097152 /dev/zero | tr '\\0' y; : ${i}`);
    let outcomeBytes = 0;
    c.ws.on('message', (data) => {
      const b = data as Buffer;
      if (b.includes('"type":"outcome"')) outcomeBytes = b.length;
    });
    c.send({ type: 'run', id: 'loud', scenario: mirriScenario(hooks, { timeout: 120 }) });
    const outcome = outcomeOf(await c.waitFor(isOutcomeOf('loud'), 120_000))!;
    const ran = outcome.hooks.filter((h) => h.ran);
    expect(ran).toHaveLength(32);
    const kept = outcome.hooks.reduce((n, h) => n + Buffer.byteLength(h.stdout) + Buffer.byteLength(h.stderr), 0);
    expect(kept).toBe(4 * 1024 * 1024);
    const codes = outcome.diagnostics.map((d) => d.code);
    expect(codes).toEqual(expect.arrayContaining(['run.hooks-capped', 'run.output-capped']));
    expect(outcome.diagnostics.find((d) => d.code === 'run.hooks-capped')?.message).toMatch(/100 hooks.*at most 32.*last 68 did not run/);
    // A default `ws` client (100 MiB maxPayload) takes it: the outcome is the kept output plus little.
    expect(outcomeBytes).toBeGreaterThan(kept);
    expect(outcomeBytes).toBeLessThan(kept * 2);
    await c.close();
  }, 150_000);

  it('connections over the cap are refused with 503 until one closes', async () => {
    const capped = await launch({ limits: { maxConnections: 3 } });
    try {
      const open = await Promise.all([0, 1, 2].map(() => connect(capped.origin, capped.token)));
      await expect(connect(capped.origin, capped.token)).rejects.toMatchObject({ status: 503 });
      await open[0]!.close();
      const again = await connect(capped.origin, capped.token);
      again.send({ type: 'run', id: 'ok', scenario: mirriScenario(['echo ok']) });
      await again.waitFor(isOutcomeOf('ok'));
      await Promise.all([again, ...open.slice(1)].map((c) => c.close()));
    } finally {
      await capped.close();
    }
  });
});

describe('live output is honest', () => {
  it('a client that falls behind during a `yes` flood gets gap notices with byte counts; the flood is ended, not read until its timeout', async () => {
    const behind = await launch({ backpressureBytes: 16 * 1024 });
    try {
      const c = await connect(behind.origin, behind.token);
      const hooks = [0, 1, 2, 3].map((i) => `yes flood-${i} & yes err-${i} >&2`);
      socketOf(c).pause();
      c.send({ type: 'run', id: 'flood', scenario: mirriScenario(hooks, { timeout: 60 }) });
      await new Promise((r) => setTimeout(r, 2000));
      socketOf(c).resume();
      const outcome = outcomeOf(await c.waitFor(isOutcomeOf('flood'), 60_000))!;
      const mine = c.messages.filter((m) => 'id' in m && m.id === 'flood' && 'seq' in m) as Extract<ServerMessage, { seq: number }>[];
      // seq has no holes: what was skipped is a message of its own.
      expect(mine.map((m) => m.seq)).toEqual(mine.map((_, i) => i));
      const gaps = mine.filter((m): m is Extract<ServerMessage, { type: 'gap' }> => m.type === 'gap');
      expect(gaps.length).toBeGreaterThan(0);
      for (const hook of outcome.hooks) {
        for (const stream of ['stdout', 'stderr'] as const) {
          const live = mine
            .filter((m) => m.type === 'timeline' && m.event.type === 'hook-output' && m.event.hook === hook.index && m.event.stream === stream)
            .reduce((n, m) => n + (m.type === 'timeline' && m.event.type === 'hook-output' ? Buffer.byteLength(m.event.data) : 0), 0);
          const skipped = gaps.filter((g) => g.hook === hook.index && g.stream === stream).reduce((n, g) => n + g.bytes, 0);
          // Every kept byte reached the client either live or as a counted gap.
          expect(live + skipped).toBe(Buffer.byteLength(hook[stream]));
        }
        expect(hook.signal).toBe('SIGKILL');
        expect(hook.durationMs!).toBeLessThan(30_000);
      }
      const floods = outcome.diagnostics.filter((d) => d.code === 'hook.output-flood');
      expect(floods).toHaveLength(4);
      expect(floods[0]!.message).toMatch(/ended it with SIGKILL instead of reading until its timeout/);
      await c.close();
    } finally {
      await behind.close();
    }
  }, 90_000);
});

describe('bad input gets a clear answer', () => {
  it('type errors say what type was expected and what was given', async () => {
    const c = await connect(server.origin, server.token);
    c.send({ type: 'run', id: 'types', scenario: { hookplay: 1, dialect: 'mirri', files: { 'a.sh': 3 }, event: 5, host: { trusted: 'yes' } } });
    const rejected = await c.waitFor((m) => m.type === 'rejected');
    const problems = rejected.type === 'rejected' ? rejected.problems : [];
    expect(problems).toEqual(
      expect.arrayContaining([
        { path: 'files["a.sh"]', message: 'expected string, got number 3' },
        { path: 'event', message: 'expected string, got number 5' },
        { path: 'host.trusted', message: 'expected boolean, got string "yes"' },
      ]),
    );
    await c.close();
  });

  it('a run that fails on its files names them as the scenario does, not by internal temp paths', async () => {
    const c = await connect(server.origin, server.token);
    c.send({ type: 'run', id: 'clash', scenario: { ...mirriScenario(['true']), files: { ...mirriScenario(['true']).files, a: 'x', 'a/b': 'y' } } });
    const error = await c.waitFor((m) => m.type === 'error' && m.id === 'clash');
    expect(error.type === 'error' && error.message).toMatch(/the run failed: .*'a'/);
    expect(JSON.stringify(error)).not.toContain(server.runDir);
    expect(JSON.stringify(error)).not.toMatch(/hookplay-/);
    await c.close();
  });
});
