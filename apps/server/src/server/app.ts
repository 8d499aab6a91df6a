import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { configSchemas, dialectCatalog, parseScenario, ScenarioError, type SandboxConfig } from '@hookplay/engine';
import type { DialectsResponse, Limits, ValidateResponse } from '../protocol.js';
import { deepFileProblem, parseUntrusted } from './json-guard.js';
import type { PlanGuard } from './plan-guard.js';
import { scenarioTooLarge } from './limits.js';
import { boundedProblems } from './replies.js';
import { hostAllowed, originAllowed, type OriginPolicy } from './origins.js';
import { mountShortLinks } from './short-links/routes.js';
import type { ShortLinkStore } from './short-links/store.js';
import { staticFiles } from './static-files.js';
import { tokenMatches } from './token.js';
import { compareVersionsRoute } from './compare-route.js';

export interface AppOptions {
  token: string;
  policy: OriginPolicy;
  webRoot: string;
  version: string;
  limits: Limits;
  guard: PlanGuard;
  /** Short links (`/s/<id>`), on a team server or one given a data folder or database. */
  links?: ShortLinkStore;
  /** Team sign-in (team-auth.ts): who a token belongs to; without it, only the launch token passes. */
  identify?: (token: string | null) => string | null;
  /** Where this process runs hooks for its own routes (Compare versions): in this sandbox, or not at all (why). */
  localRuns?: { sandbox?: SandboxConfig } | { refused: string };
}

function bearer(header: string | undefined): string | null {
  const m = header ? /^Bearer\s+(\S+)$/.exec(header) : null;
  return m?.[1] ?? null;
}

/** The HTTP side: health, catalog, validation, and the built web app. The WebSocket lives in ws.ts. */
export function createApp({ token, policy, webRoot, version, limits, guard, links, identify, localRuns }: AppOptions): Hono {
  const app = new Hono();

  // Before any routing: a foreign Host means DNS rebinding or a confused proxy.
  app.use('*', async (c, next) => {
    const host = c.req.header('host');
    if (!hostAllowed(policy, host)) return c.json({ error: `host ${JSON.stringify(host ?? '')} is not served here` }, 403);
    if (!originAllowed(policy, c.req.header('origin'), host)) return c.json({ error: 'cross-origin requests are refused' }, 403);
    await next();
  });

  app.get('/api/health', (c) => c.json({ ok: true, version }));

  app.use('/api/*', async (c, next) => {
    const given = bearer(c.req.header('authorization'));
    if (identify ? identify(given) === null : !tokenMatches(token, given)) {
      return c.json({ error: identify ? 'sign in: missing or unknown token (ask whoever runs this team server for yours)' : 'missing or wrong token: open the URL printed by `hookplay serve`' }, 401);
    }
    await next();
  });

  app.get('/api/dialects', (c) => {
    const body: DialectsResponse = { version, dialects: dialectCatalog(), schemas: configSchemas() };
    return c.json(body);
  });

  app.post(
    '/api/validate',
    bodyLimit({ maxSize: limits.maxPayloadBytes, onError: (c) => c.json({ error: `the request is larger than ${limits.maxPayloadBytes} bytes` }, 413) }),
    async (c) => {
      const text = await c.req.text();
      const parsed = parseUntrusted(text, limits.maxJsonDepth);
      if (!parsed.ok) {
        return c.json({ error: parsed.message.startsWith('not JSON') ? 'the body must be JSON: {"scenario": {...}}' : `the body is refused: ${parsed.message}` }, 400);
      }
      const body = parsed.value;
      const raw = typeof body === 'object' && body !== null && 'scenario' in body ? (body as { scenario: unknown }).scenario : undefined;
      if (raw === undefined) return c.json({ error: 'the body must be JSON: {"scenario": {...}}' }, 400);
      let response: ValidateResponse;
      try {
        const scenario = parseScenario(raw);
        const tooLarge = scenarioTooLarge(scenario, limits);
        const deep = deepFileProblem(scenario.files, limits.maxJsonDepth);
        if (tooLarge || deep) response = { ok: false, problems: [tooLarge ? { path: 'files', message: tooLarge } : deep!], diagnostics: [] };
        else {
          // Planned in a worker with a deadline: a scenario's matchers must not stall the server (plan-guard.ts).
          const checked = await guard.check(scenario, c.req.raw.signal);
          response = checked.ok
            ? { ok: !checked.diagnostics.some((d) => d.level === 'error'), problems: [], diagnostics: checked.diagnostics }
            : { ok: false, problems: [{ path: '', message: checked.message }], diagnostics: [] };
        }
      } catch (e) {
        if (!(e instanceof ScenarioError)) throw e;
        response = { ok: false, problems: boundedProblems(e.problems.map(({ path, message }) => ({ path, message })), Buffer.byteLength(text)).problems, diagnostics: [] };
      }
      return c.json(response);
    },
  );

  if (links) mountShortLinks(app, { store: links, limits, webRoot });
  app.post(
    '/api/compare-versions',
    bodyLimit({ maxSize: limits.maxPayloadBytes, onError: (c) => c.json({ error: `the request is larger than ${limits.maxPayloadBytes} bytes` }, 413) }),
    (c) =>
      compareVersionsRoute(c, {
        limits,
        guard,
        ...(localRuns && 'sandbox' in localRuns && localRuns.sandbox ? { sandbox: localRuns.sandbox } : {}),
        ...(localRuns && 'refused' in localRuns ? { refuse: localRuns.refused } : {}),
      }),
  );

  app.all('/api/*', (c) => c.json({ error: `no such API route: ${c.req.method} ${c.req.path}` }, 404));
  app.get('*', staticFiles(webRoot));
  app.onError((err, c) => {
    process.stderr.write(`hookplay serve: ${err.stack ?? err.message}\n`);
    return c.json({ error: 'internal error' }, 500);
  });
  return app;
}
