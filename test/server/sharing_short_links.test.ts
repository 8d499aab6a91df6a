/**
 * Short links on a real server, on both stores: the SQLite file in a data folder, and a real PostgreSQL started
 * for this file. A link round-trips, is content-addressed and immutable, outlives the server that made it (and
 * is served by another server on the same database), and opening one runs nothing. Bad input: an unknown id is
 * a 404 playground page and a clear API error; an oversized or invalid scenario is refused before it is stored.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShortLinkStore } from '../../apps/server/src/server/short-links/open-store.js';
import { canonicalJson, linkId } from '../../apps/server/src/server/short-links/store.js';
import type { RunningServer } from '../../apps/server/src/server/start.js';
import { authed, launch } from '../support/server.js';
import { mirriScenario } from '../support/scenarios.js';
import { startPostgres, type Service } from '../support/services.js';

const stores = [
  { name: 'SQLite in a data folder', setup: async () => ({ dataDir: mkdtempSync(join(tmpdir(), 'hookplay-links-')) }) },
  { name: 'PostgreSQL (--database-url)', setup: async () => ({ dataDir: mkdtempSync(join(tmpdir(), 'hookplay-links-')), databaseUrl: (pg = await startPostgres()).url }) },
];
let pg: Service | undefined;
afterAll(async () => {
  await pg?.stop();
});

describe.each(stores)('short links: $name', ({ setup }) => {
  let where: { dataDir: string; databaseUrl?: string };
  let server: RunningServer;
  const start = async () => launch({ links: await openShortLinkStore(where) });
  beforeAll(async () => {
    where = await setup();
    server = await start();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(where.dataDir, { recursive: true, force: true });
  });

  const post = (body: unknown, s = server) => fetch(`${s.origin}/api/links`, authed(s, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }));
  const scenario = { ...mirriScenario(['echo stored-link-ran > "$HOME/../../ran"; exit 2']), title: 'A shared block' };

  it('stores a scenario and gives it back under /s/<id>, the same id for the same content', async () => {
    const res = await post({ scenario, view: { active: '~/.mirri-code/config.toml' } });
    expect(res.status).toBe(201);
    const { id, path } = (await res.json()) as { id: string; path: string };
    expect(id).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(path).toBe(`/s/${id}`);
    const back = await fetch(`${server.origin}/api/links/${id}`, authed(server));
    expect(back.status).toBe(200);
    expect(await back.json()).toEqual({ id, scenario, view: { active: '~/.mirri-code/config.toml' } });
    // Content-addressed: the same scenario (keys in any order) is the same link; another one is another link.
    const reordered = Object.fromEntries(Object.entries(scenario).reverse());
    expect(((await (await post({ scenario: reordered, view: { active: '~/.mirri-code/config.toml' } })).json()) as { id: string }).id).toBe(id);
    const other = (await (await post({ scenario: { ...scenario, title: 'Another' } })).json()) as { id: string };
    expect(other.id).not.toBe(id);
    // Opening the page serves the playground and runs nothing.
    const page = await fetch(`${server.origin}${path}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="app"');
    expect(server.stats().runs).toBe(0);
    expect(readdirSync(server.runDir)).toEqual([]);
  });

  it('outlives the server that stored it, and is served alike by another server on the same store', async () => {
    const { id } = (await (await post({ scenario: { ...scenario, title: 'Durable' } })).json()) as { id: string };
    const second = await start();
    try {
      const back = await fetch(`${second.origin}/api/links/${id}`, authed(second));
      expect(((await back.json()) as { scenario: { title: string } }).scenario.title).toBe('Durable');
    } finally {
      await second.close();
    }
    await server.close();
    server = await start();
    const again = await fetch(`${server.origin}/api/links/${id}`, authed(server));
    expect(again.status).toBe(200);
  });

  it('an unknown id is a 404 playground page and a clear error; a malformed id is refused', async () => {
    const page = await fetch(`${server.origin}/s/AAAAAAAAAAAAAAAAAAAA`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('<div id="app"');
    const api = await fetch(`${server.origin}/api/links/AAAAAAAAAAAAAAAAAAAA`, authed(server));
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'no scenario is stored under /s/AAAAAAAAAAAAAAAAAAAA on this server' });
    const bad = await fetch(`${server.origin}/api/links/..%2Fetc`, authed(server));
    expect(bad.status).toBe(400);
  });

  it('refuses an oversized or invalid scenario before storing it, and anyone without the token', async () => {
    const big = { ...scenario, files: { ...scenario.files, 'big.txt': 'x'.repeat(600 * 1024) } };
    const res = await post({ scenario: big });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toMatch(/KiB; this server takes at most 512 KiB; nothing was stored/);
    const store = await openShortLinkStore(where);
    try {
      expect(await store.get(linkId(canonicalJson({ scenario: big })))).toBeNull();
    } finally {
      await store.close();
    }
    const invalid = await post({ scenario: { ...scenario, dialect: 'nope' } });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { problems: { path: string }[] }).problems[0]!.path).toBe('dialect');
    const stranger = await fetch(`${server.origin}/api/links`, { method: 'POST', body: JSON.stringify({ scenario }) });
    expect(stranger.status).toBe(401);
  });
});
