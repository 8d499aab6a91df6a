/**
 * The server is not always there: a wrong token, a server that drops and comes back, a server restarted
 * with a new token. Each time the page says what is going on and what to do, and the work is never lost.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, newContext, type Launched } from './support/browser';
import { freePort, startServer, type Served } from './support/server';
import { fileEditor, openPlayground, run, setEditorText, verdict, waitForRunEnd, waitForDraftSaved } from './support/playground';
import { pickHost } from './support/session';

let launched: Launched;
const servers: Served[] = [];

beforeAll(async () => {
  launched = await launchBrowser();
}, 30_000);

afterAll(async () => {
  await launched?.close();
  for (const s of servers) await s.stop();
});

async function serve(options: Parameters<typeof startServer>[0] = {}): Promise<Served> {
  const s = await startServer(options);
  servers.push(s);
  return s;
}

async function pageFor(server: Served): Promise<Page> {
  const context = await newContext(launched.browser, server.origin);
  return context.newPage();
}

function connection(page: Page) {
  return page.getByTestId('connection');
}

describe('losing the connection', () => {
  it('a wrong token says to open the printed URL, and keeps the scenario', async () => {
    const server = await serve();
    const page = await pageFor(server);
    await openPlayground(page, server.url);
    await page.getByLabel('Scenario title').fill('Work in progress');
    await waitForDraftSaved(page);

    await page.goto(`${server.origin}/?token=${'0'.repeat(64)}`);
    const banner = page.getByTestId('auth-banner');
    await banner.waitFor({ timeout: 10_000 });
    await expect(banner.textContent()).resolves.toContain('Open the URL printed by hookplay serve');
    await expect(connection(page).getAttribute('data-state')).resolves.toBe('unauthorized');
    await expect(page.getByLabel('Scenario title').inputValue()).resolves.toBe('Work in progress');
    expect(page.url()).not.toContain('token');

    // Run says why it cannot start instead of failing silently.
    await run(page);
    await expect(page.getByTestId('toast').filter({ hasText: 'hookplay serve' }).count()).resolves.toBe(1);

    // Opening the printed URL again fixes it, with the work still there.
    await openPlayground(page, server.url);
    await expect(page.getByLabel('Scenario title').inputValue()).resolves.toBe('Work in progress');
    await expect(page.getByTestId('auth-banner').count()).resolves.toBe(0);
  });

  it('reconnects by itself when the server comes back', async () => {
    const port = await freePort();
    const token = randomBytes(32).toString('hex');
    let server = await serve({ port, token });
    const page = await pageFor(server);
    await openPlayground(page, server.url);

    await server.stop();
    await connection(page).and(page.locator('[data-state=retrying]')).waitFor({ timeout: 5000 });
    await page.getByTestId('unreachable-banner').waitFor({ timeout: 10_000 });
    await expect(page.getByTestId('unreachable-banner').textContent()).resolves.toContain('Can’t reach the hookplay server');

    server = await serve({ port, token });
    await connection(page).and(page.locator('[data-state=open]')).waitFor({ timeout: 15_000 });
    await expect(page.getByTestId('unreachable-banner').count()).resolves.toBe(0);
    await run(page);
    expect(await waitForRunEnd(page)).toBe('done');
    // The starter tries its guard on the command it guards against.
    expect(await verdict(page)).toBe('block');
  });

  it('a run in progress when the connection drops says so', async () => {
    const port = await freePort();
    const token = randomBytes(32).toString('hex');
    const server = await serve({ port, token });
    const page = await pageFor(server);
    await openPlayground(page, server.url);
    // Mirri's TOML: the playground opens on Claude Code, whose settings.json this would not parse as.
    await pickHost(page, 'Mirri Code CLI');
    await setEditorText(page, fileEditor(page), '[[hooks]]\nevent = "PreToolUse"\nmatcher = "Bash"\ncommand = "sleep 20"\ntimeout = 30\n');
    await run(page);
    await page.locator('[data-testid=lane][data-state=running]').waitFor({ timeout: 5000 });
    await server.stop();
    // A server shutting down stops its runs first; either way the page must not claim the person cancelled.
    const status = await waitForRunEnd(page, 10_000);
    expect(['cancelled', 'disconnected']).toContain(status);
    const note = page.getByTestId(status === 'cancelled' ? 'run-cancelled' : 'run-disconnected');
    await expect(note.textContent()).resolves.toMatch(/server stopped this run|connection dropped/);
    await expect(page.getByRole('button', { name: /^Run/ }).isEnabled()).resolves.toBe(true);
  });

  it('a restarted server (new token) asks for its new URL, and the work survives', async () => {
    const port = await freePort();
    const first = await serve({ port });
    const page = await pageFor(first);
    await openPlayground(page, first.url);
    await page.getByLabel('Scenario title').fill('Survives restarts');
    await waitForDraftSaved(page);

    await first.stop();
    await connection(page).and(page.locator('[data-state=retrying]')).waitFor({ timeout: 5000 });
    const second = await serve({ port });
    expect(second.token).not.toBe(first.token);
    await connection(page).and(page.locator('[data-state=unauthorized]')).waitFor({ timeout: 15_000 });
    await expect(page.getByTestId('auth-banner').textContent()).resolves.toContain('Open the URL printed by hookplay serve');

    await openPlayground(page, second.url);
    await expect(page.getByLabel('Scenario title').inputValue()).resolves.toBe('Survives restarts');
  });
});
