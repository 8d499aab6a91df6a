/**
 * `hookplay serve --team`: sign-in with per-user tokens or the team secret (stored hashed), no launch token,
 * a run limit per user across connections, every run logged with who ran what, the sandbox always on; and the
 * `hookplay team` command that manages who may sign in.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSandbox } from '../../packages/engine/src/index.js';
import { openShortLinkStore } from '../../apps/server/src/server/short-links/open-store.js';
import { addUser, loadTeamAuth, newTeamSecret } from '../../apps/server/src/server/team-auth.js';
import type { RunningServer } from '../../apps/server/src/server/start.js';
import { hookplay } from '../support/cli.js';
import { CLI } from '../support/paths.js';
import { launch } from '../support/server.js';
import { connect, isOutcomeOf } from '../support/ws-client.js';
import { mirriScenario } from '../support/scenarios.js';

const dir = mkdtempSync(join(tmpdir(), 'hookplay-team-'));
let server: RunningServer;
const tokens = { alice: '', bob: '', secret: '' };

beforeAll(async () => {
  tokens.alice = addUser(dir, 'alice');
  tokens.bob = addUser(dir, 'bob');
  tokens.secret = newTeamSecret(dir);
  server = await launch({ team: { auth: loadTeamAuth(dir), dataDir: dir, maxRunsPerUser: 2 }, sandbox: checkSandbox(), links: await openShortLinkStore({ dataDir: dir }) });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const api = (token: string | null) => fetch(`${server.origin}/api/dialects`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});

describe('signing in', { timeout: 120_000 }, () => {
  it('refuses anyone without a known token, the launch token included', async () => {
    expect((await api(null)).status).toBe(401);
    expect((await api(server.token)).status).toBe(401);
    expect(((await (await api('f'.repeat(64))).json()) as { error: string }).error).toMatch(/^sign in: missing or unknown token/);
    await expect(connect(server.origin, null)).rejects.toMatchObject({ status: 401 });
    await expect(connect(server.origin, server.token)).rejects.toMatchObject({ status: 401 });
    expect(server.url).toBe(`${server.origin}/`);
  });

  it('lets each user in under their name, and the team secret as "team-secret"', async () => {
    expect((await api(tokens.alice)).status).toBe(200);
    for (const [token, user] of [[tokens.alice, 'alice'], [tokens.bob, 'bob'], [tokens.secret, 'team-secret']] as const) {
      const c = await connect(server.origin, token);
      const hello = await c.waitFor((m) => m.type === 'hello');
      expect(hello).toMatchObject({ team: { user, shortLinks: true } });
      await c.close();
    }
  });

  it('keeps only hashes of the tokens', () => {
    const text = readFileSync(join(dir, 'team.json'), 'utf8');
    for (const t of Object.values(tokens)) expect(text).not.toContain(t);
    expect(text).toContain('"alice"');
  });
});

describe('runs on a team server', { timeout: 120_000 }, () => {
  it('limits runs per user across connections, not other users, and logs who ran what', async () => {
    const a1 = await connect(server.origin, tokens.alice);
    const a2 = await connect(server.origin, tokens.alice);
    const b = await connect(server.origin, tokens.bob);
    try {
      const slow = mirriScenario(['sleep 2; echo slow-done']);
      a1.send({ type: 'run', id: 'a-1', scenario: slow });
      a2.send({ type: 'run', id: 'a-2', scenario: slow });
      await a1.waitFor((m) => m.type === 'timeline' && m.id === 'a-1' && m.event.type === 'hook-start');
      await a2.waitFor((m) => m.type === 'timeline' && m.id === 'a-2' && m.event.type === 'hook-start');
      a2.send({ type: 'run', id: 'a-3', scenario: slow });
      const refused = await a2.waitFor((m) => m.type === 'rejected' && m.id === 'a-3');
      expect(refused).toMatchObject({ reason: 'busy', message: 'alice already has 2 runs in progress on this team server (at most 2 per user); wait or cancel one' });
      b.send({ type: 'run', id: 'b-1', scenario: mirriScenario(['echo "bob ran as $(id -u)"']) });
      const bob = await b.waitFor(isOutcomeOf('b-1'));
      if (process.getuid?.() === 0) expect(bob.event.type === 'outcome' && bob.event.outcome.hooks[0]!.stdout).toBe('bob ran as 65534\n');
      await a1.waitFor(isOutcomeOf('a-1'));
      await a2.waitFor(isOutcomeOf('a-2'));
      // Once alice's runs are over, she may run again.
      a2.send({ type: 'run', id: 'a-4', scenario: mirriScenario(['true']) });
      await a2.waitFor(isOutcomeOf('a-4'));
    } finally {
      await Promise.all([a1.close(), a2.close(), b.close()]);
    }
    const log = readFileSync(join(dir, 'audit.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(log.filter((e) => e.event === 'run-start').map((e) => [e.user, e.run])).toEqual(expect.arrayContaining([['alice', 'a-1'], ['alice', 'a-2'], ['bob', 'b-1'], ['alice', 'a-4']]));
    expect(log.some((e) => e.run === 'a-3')).toBe(false);
    expect(log.find((e) => e.event === 'run-end' && e.run === 'b-1')).toMatchObject({ user: 'bob', verdict: 'proceed', hooks: ['echo "bob ran as $(id -u)"'] });
  });
});

describe('on the command line', { timeout: 120_000 }, () => {
  it('hookplay team add-user prints a token once; serve --team with nobody to sign in refuses to start', async () => {
    const data = mkdtempSync(join(tmpdir(), 'hookplay-team-cli-'));
    try {
      const empty = await hookplay(['serve', '--team', '--port', '0', '--data', data]);
      expect(empty.code).toBe(1);
      expect(empty.stderr).toContain('nobody can sign in');
      const added = await hookplay(['team', 'add-user', 'carol', '--data', data]);
      expect(added.code).toBe(0);
      expect(added.stdout).toMatch(/^[0-9a-f]{64}\n$/);
      expect((await hookplay(['team', 'list', '--data', data])).stdout).toMatch(/^carol\t/);
      expect((await hookplay(['team', 'add-user', 'bad name', '--data', data])).code).toBe(2);
      // --team implies the sandbox, and prints a URL without a token.
      const child = spawn(process.execPath, [CLI, 'serve', '--team', '--port', '0', '--data', data], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stderr.on('data', (d) => (err += d));
      await new Promise<void>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no URL: ${err}`)), 90_000);
        child.stdout.on('data', (d) => {
          out += d;
          if (out.includes('\n')) (clearTimeout(t), resolve());
        });
      });
      child.kill('SIGTERM');
      expect(out).toMatch(/^hookplay is running at http:\/\/127\.0\.0\.1:\d+\/\n$/);
      expect(err).toContain('every hook runs sandboxed');
      expect(err).toContain('team server: 1 user may sign in');
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  }, 240_000);
});
