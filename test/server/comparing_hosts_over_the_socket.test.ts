import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../apps/server/src/server/start.js';
import { DIALECT_IDS } from '../../packages/engine/src/dialects/ids.js';
import { REPO } from '../support/paths.js';
import { launch } from '../support/server.js';
import { connect } from '../support/ws-client.js';

const guard = JSON.parse(readFileSync(join(REPO, 'scenarios/porting/rm-rf-guard.hookplay.json'), 'utf8'));
const slow = {
  hookplay: 1,
  dialect: 'claude-code',
  files: { '.claude/settings.json': JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'sleep 30' }] }] } }) },
  event: 'PreToolUse',
  payload: { tool_name: 'Bash', tool_input: { command: 'ls' } },
};

let server: RunningServer;
beforeAll(async () => {
  server = await launch();
});
afterAll(() => server.close());

describe('"compare" over the WebSocket', () => {
  it('streams one column per host, then the comparison with differences marked', async () => {
    const c = await connect(server.origin, server.token);
    c.send({ type: 'compare', id: 'cmp', scenario: guard, hosts: ['claude-code', 'gemini-cli', 'codex'] });
    const done = await c.waitFor((m) => m.type === 'comparison' && m.id === 'cmp', 60_000);
    const columns = c.messages.filter((m) => m.type === 'compare-host' && m.id === 'cmp');
    expect(columns.map((m) => (m as { column: { dialect: string } }).column.dialect)).toEqual(['claude-code', 'gemini-cli', 'codex']);
    const comparison = (done as Extract<typeof done, { type: 'comparison' }>).comparison;
    const gemini = comparison.hosts.find((h) => h.dialect === 'gemini-cli')!;
    expect(gemini.outcome?.verdict).toBe('proceed');
    expect(gemini.cells.tool).toMatchObject({ summary: 'original', differs: true });
    expect(comparison.hosts.find((h) => h.dialect === 'codex')!.cells.tool).toMatchObject({ summary: 'blocked', differs: false });
    await c.close();
  }, 90_000);

  it('runs every host when none are listed, and rejects an unknown host id naming the real ones', async () => {
    const c = await connect(server.origin, server.token);
    c.send({ type: 'compare', id: 'bad', scenario: guard, hosts: ['claude'] });
    const error = await c.waitFor((m) => m.type === 'error' && m.id === 'bad');
    expect((error as { message: string }).message).toMatch(/hosts\.0/);
    expect((error as { message: string }).message).toContain('claude-code');
    c.send({ type: 'compare', id: 'all', scenario: guard });
    const done = await c.waitFor((m) => m.type === 'comparison' && m.id === 'all', 90_000);
    // Every host, the source first: the one the others are compared with.
    expect((done as Extract<typeof done, { type: 'comparison' }>).comparison.hosts.map((h) => h.dialect)).toEqual(['claude-code', ...DIALECT_IDS.filter((id) => id !== 'claude-code')]);
    await c.close();
  }, 120_000);

  it('cancel stops a comparison and its running hooks', async () => {
    const c = await connect(server.origin, server.token);
    c.send({ type: 'compare', id: 'long', scenario: slow, hosts: ['claude-code', 'codex'] });
    await new Promise((r) => setTimeout(r, 1500));
    const started = Date.now();
    c.send({ type: 'cancel', id: 'long' });
    await c.waitFor((m) => m.type === 'cancelled' && m.id === 'long', 20_000);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(c.messages.some((m) => m.type === 'comparison')).toBe(false);
    await c.close();
  }, 60_000);
});
