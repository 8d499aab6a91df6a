/**
 * The playground's "Compare versions" asks a real server (ephemeral loopback port) to run one scenario on every listed
 * Claude Code version: the answer is the same comparison the CLI prints, the token is required, and bad input is
 * refused with a message saying what is wrong.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionComparison } from '../../apps/server/src/protocol.js';
import type { RunningServer } from '../../apps/server/src/server/start.js';
import { REPO } from '../support/paths.js';
import { authed, launch } from '../support/server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await launch();
});
afterAll(async () => {
  await server.close();
});

const scenario = JSON.parse(readFileSync(join(REPO, 'scenarios/claude-code-versions/pre-tool-context-dropped-2.0.76.hookplay.json'), 'utf8'));
const post = (body: unknown, withToken = true) => {
  const init = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  return fetch(`${server.origin}/api/compare-versions`, withToken ? authed(server, init) : init);
};

describe('POST /api/compare-versions', () => {
  it('runs the scenario on every listed version and says where the outcome changed', async () => {
    const response = await post({ scenario });
    expect(response.status).toBe(200);
    const c = VersionComparison.parse(await response.json());
    expect(c.versions.map((v) => v.version)).toEqual(['1.0.41', '2.0.76', '2.1.47', '2.1.143', '2.1.332']);
    // 1.0.41 does not read hookSpecificOutput, 2.0.76 drops the context: the model gets it from 2.1.47 on.
    expect(c.versions.map((v) => v.model)).toEqual([null, null, ...Array(3).fill('PreToolUse:Bash hook additional context: The test database is read-only today.')]);
    // 1.0.41 → 2.0.76: the hook's effect changes (no answer read → a context, dropped); 2.0.76 → 2.1.47: the model gets it.
    expect(c.changes.map((ch) => [ch.from, ch.to])).toEqual([['1.0.41', '2.0.76'], ['2.0.76', '2.1.47']]);
    const reaches = c.changes[1]!;
    expect(reaches.rules.map((r) => r.rule)).toContain('preToolContext');
    expect(reaches.onlyFrom).toContain('rule.pre-context-dropped');
    // The hook reads its input, so 1.0.41 is not racy here.
    expect(c.versions[0]!.racy).toEqual([]);
  }, 120_000);

  it('needs the token', async () => {
    expect((await post({ scenario }, false)).status).toBe(401);
  });

  it('refuses a body without a scenario, or an invalid one, saying what is wrong', async () => {
    const none = await post({ nothing: true });
    expect(none.status).toBe(400);
    expect((await none.json()).error).toMatch(/\{"scenario": \{\.\.\.\}\}/);
    const bad = await post({ scenario: { ...scenario, event: 42 } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/event/);
  });
});
