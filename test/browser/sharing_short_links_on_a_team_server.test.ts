/**
 * A team server (`hookplay serve --team`) in Chromium: a teammate signs in with their token, "Copy link" gives a
 * short `/s/<id>` link, another teammate opens it (signing in first) and gets the same scenario without anything
 * running; a hash link still works; an unknown short link is a clear 404 in the playground.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addUser } from '../../apps/server/src/server/team-auth.js';
import { launchBrowser, newContext, type Launched } from './support/browser';
import { downloadScenario, waitForDraftSaved } from './support/playground';
import { REPO } from './support/server';

const data = mkdtempSync(join(tmpdir(), 'hookplay-team-browser-'));
let serve: ChildProcess;
let origin = '';
let launched: Launched;
const contexts: BrowserContext[] = [];
const tokens = { alice: '', bob: '' };

beforeAll(async () => {
  tokens.alice = addUser(data, 'alice');
  tokens.bob = addUser(data, 'bob');
  serve = spawn(process.execPath, [`${REPO}apps/server/dist/cli.js`, 'serve', '--team', '--port', '0', '--data', data], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  serve.stderr!.on('data', (d) => (err += d));
  origin = await new Promise<string>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no URL: ${err}`)), 90_000);
    let out = '';
    serve.stdout!.on('data', (d) => {
      out += d;
      const m = /running at (http:\/\/[^/\s]+)\//.exec(out);
      if (m) (clearTimeout(t), resolve(m[1]!));
    });
  });
  launched = await launchBrowser();
}, 180_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await launched?.close();
  serve?.kill('SIGTERM');
  rmSync(data, { recursive: true, force: true });
}, 30_000);

async function page(): Promise<Page> {
  const context = await newContext(launched.browser, origin);
  contexts.push(context);
  return context.newPage();
}

async function signIn(p: Page, token: string): Promise<void> {
  await p.getByTestId('sign-in').waitFor();
  await p.getByLabel('Your token').fill(token);
  await p.getByRole('button', { name: 'Sign in' }).click();
  await p.getByTestId('connection').and(p.locator('[data-state=open]')).waitFor({ timeout: 10_000 });
}

describe('short links on a team server', () => {
  it('a signed-in teammate copies a short link; another signs in and opens the same scenario, nothing run', async () => {
    const alice = await page();
    await alice.goto(`${origin}/`);
    await signIn(alice, tokens.alice);
    await alice.getByLabel('Scenario title').fill('Shared with the team');
    await waitForDraftSaved(alice);
    const original = await downloadScenario(alice);
    await alice.getByRole('button', { name: 'Copy link' }).click();
    // The link is copied once the server has stored the scenario.
    await alice.getByText('Short link copied').waitFor({ timeout: 10_000 });
    const link = await alice.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${origin}/s/[A-Za-z0-9_-]{20}$`));

    const bob = await page();
    await bob.goto(link);
    await signIn(bob, tokens.bob);
    await expect.poll(() => bob.getByLabel('Scenario title').inputValue(), { timeout: 10_000 }).toBe('Shared with the team');
    expect(await downloadScenario(bob)).toEqual(original);
    await expect(bob.getByTestId('run-status').getAttribute('data-status')).resolves.toBe('idle');
    await expect(bob.getByTestId('timeline').count()).resolves.toBe(0);

    // The page's own #s= hash link still opens the same scenario here.
    const hashLink = `${origin}/${new URL(alice.url()).hash}`;
    expect(hashLink).toMatch(/#s=[\w-]+$/);
    const carol = await page();
    await carol.goto(`${origin}/?token=${tokens.bob}`);
    await carol.getByTestId('connection').and(carol.locator('[data-state=open]')).waitFor({ timeout: 10_000 });
    await carol.goto(hashLink);
    await expect.poll(() => carol.getByLabel('Scenario title').inputValue(), { timeout: 10_000 }).toBe('Shared with the team');
  }, 120_000);

  it('an unknown short link is a clear 404 in the playground, and nothing is loaded', async () => {
    const p = await page();
    const response = await p.goto(`${origin}/s/AAAAAAAAAAAAAAAAAAAA?token=${tokens.alice}`);
    expect(response?.status()).toBe(404);
    await p.getByTestId('link-missing').waitFor({ timeout: 10_000 });
    const text = await p.getByTestId('link-missing').textContent();
    expect(text).toContain('Link not found (404)');
    expect(text).toContain('No scenario is stored under /s/AAAAAAAAAAAAAAAAAAAA on this server');
  }, 60_000);
});
