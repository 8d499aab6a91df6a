import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { parseScenario, ScenarioError } from '@hookplay/engine';
import type { Limits } from '../../protocol.js';
import { parseUntrusted } from '../json-guard.js';
import { scenarioTooLarge } from '../limits.js';
import { boundedProblems } from '../replies.js';
import { canonicalJson, LINK_ID, linkId, type ShortLinkStore } from './store.js';

/** What a short link holds: the scenario as the editor serialised it, and which file and payload text were open. */
interface LinkDoc {
  scenario: unknown;
  view?: { payloadText?: string; active?: string };
}

function viewOf(raw: unknown): LinkDoc['view'] {
  const v = (raw ?? {}) as Record<string, unknown>;
  const view: NonNullable<LinkDoc['view']> = {};
  if (typeof v.payloadText === 'string') view.payloadText = v.payloadText;
  if (typeof v.active === 'string') view.active = v.active;
  return Object.keys(view).length ? view : undefined;
}

/**
 * `POST /api/links` stores a scenario and answers its id; `GET /api/links/:id` gives it back; `GET /s/:id` is the
 * playground page for it (404 when there is no such link, so the page can say so). Opening never runs anything:
 * the page only loads the scenario into the editor. Everything is checked before anything is stored: the body
 * size, the JSON's depth, the scenario's schema, its files and bytes against the server's limits.
 */
export function mountShortLinks(app: Hono, { store, limits, webRoot }: { store: ShortLinkStore; limits: Limits; webRoot: string }): void {
  app.post(
    '/api/links',
    bodyLimit({ maxSize: limits.maxPayloadBytes, onError: (c) => c.json({ error: `the request is larger than ${limits.maxPayloadBytes} bytes; nothing was stored` }, 413) }),
    async (c) => {
      const text = await c.req.text();
      const parsed = parseUntrusted(text, limits.maxJsonDepth);
      if (!parsed.ok) return c.json({ error: `the body must be JSON {"scenario": {...}}: ${parsed.message}` }, 400);
      const body = (parsed.value ?? {}) as { scenario?: unknown; view?: unknown };
      if (body.scenario === undefined) return c.json({ error: 'the body must be JSON: {"scenario": {...}}' }, 400);
      let scenario;
      try {
        scenario = parseScenario(body.scenario);
      } catch (e) {
        if (!(e instanceof ScenarioError)) throw e;
        return c.json({ error: 'the scenario is invalid; nothing was stored', problems: boundedProblems(e.problems.map(({ path, message }) => ({ path, message })), text.length).problems }, 400);
      }
      const tooLarge = scenarioTooLarge(scenario, limits);
      if (tooLarge) return c.json({ error: `${tooLarge}; nothing was stored` }, 413);
      const view = viewOf(body.view);
      const canonical = canonicalJson({ scenario: body.scenario, ...(view ? { view } : {}) });
      const id = linkId(canonical);
      await store.put(id, canonical);
      return c.json({ id, path: `/s/${id}` }, 201);
    },
  );

  app.get('/api/links/:id', async (c) => {
    const id = c.req.param('id');
    if (!LINK_ID.test(id)) return c.json({ error: `"${id.slice(0, 40)}" is not a short link id (20 letters, digits, - or _)` }, 400);
    const text = await store.get(id);
    if (text === null) return c.json({ error: `no scenario is stored under /s/${id} on this server` }, 404);
    return c.json({ id, ...(JSON.parse(text) as LinkDoc) });
  });

  // The page itself needs no token (it is the public web app); the scenario comes from /api/links with one.
  app.get('/s/:id', async (c) => {
    const id = c.req.param('id');
    const known = LINK_ID.test(id) && (await store.get(id)) !== null;
    const html = await readFile(join(webRoot, 'index.html'), 'utf8').catch(() => null);
    if (html === null) return c.text('the playground is not built', 503);
    c.header('Cache-Control', 'no-cache');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Frame-Options', 'DENY');
    c.header('Content-Security-Policy', "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    return c.html(html, known ? 200 : 404);
  });
}
