/**
 * A structure-aware fuzz of every channel a client controls, against a real server on a loopback port, within
 * a time budget (FUZZ_MS, default 15 s; FUZZ_SEED replays a run): valid messages with one field replaced by
 * a value of every other type, deep nesting anywhere, huge strings anywhere, truncated JSON, random text and
 * bytes, the same bodies on POST /api/validate, and hooks whose output is hostile JSON. The properties: the
 * server never crashes or hangs, every bad input gets an answer for its sender only (a canary client on its
 * own connection sees nothing but its own answers), and no handler fails (the guard's "could not handle"
 * answer would mean a bug that only the last resort caught).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../apps/server/src/protocol.js';
import type { RunningServer } from '../../apps/server/src/server/start.js';
import { authed, launch } from '../support/server.js';
import { connect, isOutcomeOf, type Client } from '../support/ws-client.js';
import { mirriScenario } from '../support/scenarios.js';

const BUDGET_MS = Number(process.env.FUZZ_MS ?? 15_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(SEED);
const int = (n: number) => Math.floor(rand() * n);
const pick = <T,>(xs: readonly T[]): T => xs[int(xs.length)]!;

function deep(depth: number): string {
  const open = pick(['[', '{"a":', '[{"b":']);
  const close = open === '[' ? ']' : open === '{"a":' ? '}' : '}]';
  return open.repeat(depth) + pick(['1', '"x"', 'null', '[]', '{}']) + close.repeat(depth);
}

/** A JSON text of some type: the wrong one for most fields. */
function anyValue(): string {
  switch (int(12)) {
    case 0: return 'null';
    case 1: return pick(['true', 'false']);
    case 2: return pick(['0', '-0', '1e308', '-1', '3.5', '9007199254740993', '1e-400']);
    case 3: return JSON.stringify('s'.repeat(int(50)));
    case 4: return JSON.stringify('x'.repeat(100_000 + int(700_000)));
    case 5: return '[]';
    case 6: return '{}';
    case 7: return deep(30 + int(100));
    case 8: return deep(1000 + int(20_000));
    case 9: return JSON.stringify({ __proto__: 1, constructor: { prototype: 2 }, toString: 3 });
    case 10: return JSON.stringify(['\u0000', '\ud800', '😀', '\u2028'.repeat(int(1000))]);
    default: return JSON.stringify(Array.from({ length: int(2000) }, (_, i) => ({ [`k${i}`]: i })));
  }
}

/** Dotted paths into a valid run message: each gets replaced by anyValue(). */
const FIELDS = [
  'type', 'id', 'scenario', 'scenario.hookplay', 'scenario.dialect', 'scenario.files', 'scenario.files.~/.mirri-code/config.toml', 'scenario.event',
  'scenario.payload', 'scenario.payload.tool_input', 'scenario.host', 'scenario.host.env', 'scenario.host.hookIds', 'scenario.host.engine',
  'scenario.host.trusted', 'scenario.expect', 'scenario.title', 'scenario.$schema',
] as const;

function mutatedRun(n: number): string {
  const message = { type: 'run', id: `f${n}`, scenario: mirriScenario(['true']) } as Record<string, unknown>;
  const field = pick(FIELDS);
  const marker = `__HOLE_${n}__`;
  const parts = field.split('.');
  // The config key contains dots: rejoin it.
  const keys = field.includes('config.toml') ? ['scenario', 'files', '~/.mirri-code/config.toml'] : parts;
  let at: Record<string, unknown> = message;
  for (const k of keys.slice(0, -1)) {
    at[k] ??= {};
    if (typeof at[k] !== 'object') at[k] = {};
    at = at[k] as Record<string, unknown>;
  }
  at[keys[keys.length - 1]!] = marker;
  return JSON.stringify(message).replace(JSON.stringify(marker), anyValue());
}

function randomText(): string {
  const len = int(4000);
  let s = '';
  for (let i = 0; i < len; i++) s += String.fromCharCode(int(rand() < 0.8 ? 128 : 0x10000));
  return s;
}

function fuzzInput(n: number): { text?: string; bytes?: Buffer } {
  switch (int(8)) {
    case 0:
    case 1:
    case 2:
      return { text: mutatedRun(n) };
    case 3: {
      const valid = mutatedRun(n);
      return { text: valid.slice(0, int(valid.length)) };
    }
    case 4: return { text: deep(50 + int(50_000)) };
    case 5: return { text: randomText() };
    case 6: return { bytes: Buffer.from(Array.from({ length: int(3000) }, () => int(256))) };
    default: return { text: `{"type":"cancel","id":${anyValue()}}` };
  }
}

let server: RunningServer;
beforeAll(async () => {
  server = await launch();
});
afterAll(() => server.close());

const failures = (messages: ServerMessage[]) => messages.filter((m) => m.type === 'error' && /could not (handle|encode)/.test(m.message));

describe(`fuzz (seed ${SEED}, ${BUDGET_MS} ms)`, () => {
  it('no message crashes or hangs the server, and no other client notices', async () => {
    const canary = await connect(server.origin, server.token);
    let fuzz: Client = await connect(server.origin, server.token);
    const seen: ServerMessage[] = [];
    const end = Date.now() + BUDGET_MS;
    let n = 0;
    let sentinels = 0;
    while (Date.now() < end) {
      for (let i = 0; i < 10; i++, n++) {
        const input = fuzzInput(n);
        fuzz.sendRaw(input.text ?? input.bytes!);
      }
      // Messages on one connection are handled in order: the sentinel's answer means all before it were.
      const id = `sentinel-${++sentinels}`;
      fuzz.send({ type: 'cancel', id });
      // Generous: ten fuzzed messages may include megabytes to parse and scenarios to plan in the worker, on a
      // machine the rest of the suite keeps busy (30 s was missed once in a full run; the same seed alone passed).
      await fuzz.waitFor((m) => m.type === 'error' && m.id === id, 90_000);
      // The canary's own connection answers at once, and only ever what it asked for.
      canary.send({ type: 'cancel', id: `canary-${sentinels}` });
      await canary.waitFor((m) => m.type === 'error' && m.id === `canary-${sentinels}`, 10_000);
      if (sentinels % 20 === 0) {
        seen.push(...fuzz.messages);
        await fuzz.close();
        fuzz = await connect(server.origin, server.token);
      }
    }
    seen.push(...fuzz.messages);
    expect(failures(seen), `seed ${SEED}`).toEqual([]);
    expect(canary.messages.filter((m) => m.type !== 'hello').every((m) => m.type === 'error' && m.id?.startsWith('canary-'))).toBe(true);
    // Some inputs were valid runs: they ran, under the caps, and the server still runs new ones.
    // Runs of the fuzz connections closed on the way hold no slot any more, even those that waited for a check.
    canary.send({ type: 'run', id: 'after', scenario: mirriScenario(['echo still']) });
    const after = await canary.waitFor((m) => (m.type === 'rejected' && m.id === 'after') || isOutcomeOf('after')(m), 30_000);
    expect(after.type, `seed ${SEED}: ${JSON.stringify(after)}`).toBe('timeline');
    expect(n).toBeGreaterThan(50);
    await Promise.all([fuzz.close(), canary.close()]);
  }, BUDGET_MS + 240_000);

  it('POST /api/validate answers every fuzzed body with JSON and a 2xx/4xx status', async () => {
    const end = Date.now() + BUDGET_MS / 3;
    let n = 0;
    while (Date.now() < end) {
      const input = fuzzInput(n++);
      const body = input.text ? `{"scenario":${input.text}}` : input.bytes!;
      const res = await fetch(`${server.origin}/api/validate`, authed(server, { method: 'POST', body, headers: { 'content-type': 'application/json' } }));
      expect(res.status, `seed ${SEED}, input ${n}`).toBeLessThan(500);
      await res.json();
    }
    expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
  }, BUDGET_MS + 60_000);

  it('hooks that print hostile JSON get an outcome (or an error for that run), never a dead server', async () => {
    const c = await connect(server.origin, server.token);
    const outputs = [
      // What dialects parse from stdout, nested past any stack, huge, or of the wrong type in every field.
      `awk 'BEGIN { for (i = 0; i < 100000; i++) printf "{\"a\":["; printf "1"; for (i = 0; i < 100000; i++) printf "]}" }'`,
      `head -c 300000 /dev/zero | tr '\\0' '[' `,
      `printf '{"decision":%s,"reason":%s,"updatedInput":%s}' '${anyValue().slice(0, 2000).replaceAll("'", '')}' '[1,2]' '{"a":${'['.repeat(5000)}${']'.repeat(5000)}}'`,
      `printf '{"continue":"yes","stopReason":{},"hookSpecificOutput":[[[[]]]]}'`,
      `head -c 200000 /dev/urandom`,
    ];
    // Claude Code reads a JSON decision from stdout; Mirri reads its own: both parsers get every output.
    const claude = (command: string) => ({
      hookplay: 1,
      dialect: 'claude-code',
      files: { '.claude/settings.json': JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } }) },
      event: 'PreToolUse',
      payload: { tool_name: 'Bash', tool_input: { command: 'ls' } },
    });
    const runs = outputs.flatMap((command) => [mirriScenario([command]), claude(command)]);
    for (const [i, scenario] of runs.entries()) {
      const command = JSON.stringify(scenario.files);
      c.send({ type: 'run', id: `out-${i}`, scenario });
      const answer = await c.waitFor((m) => 'id' in m && m.id === `out-${i}` && ((m.type === 'timeline' && m.event.type === 'outcome') || m.type === 'error' || m.type === 'rejected'), 30_000);
      expect(answer.type, command.slice(0, 80)).not.toBe('rejected');
      expect(answer.type === 'error' ? answer.message : 'outcome').not.toMatch(/could not handle/);
    }
    expect(failures(c.messages)).toEqual([]);
    expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
    await c.close();
  }, 120_000);
});
