/** One real server and one Chromium per test file, started before and stopped after its tests. */
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, type Launched } from './browser';
import { startServer, type Served } from './server';

export interface Fixture {
  server: Served;
  browser: Browser;
  /** A fresh context (no localStorage, no token) and a page in it. */
  newPage(options?: { colorScheme?: 'light' | 'dark' }): Promise<{ context: BrowserContext; page: Page }>;
}

export function useFixture(): Fixture {
  let served: Served | undefined;
  let launched: Launched | undefined;
  const contexts: BrowserContext[] = [];
  const fixture = {
    get server() {
      return served!;
    },
    get browser() {
      return launched!.browser;
    },
    async newPage(options: { colorScheme?: 'light' | 'dark' } = {}) {
      const context = await newContext(launched!.browser, served!.origin, options.colorScheme);
      contexts.push(context);
      const page = await context.newPage();
      return { context, page };
    },
  } satisfies Fixture;

  beforeAll(async () => {
    [served, launched] = await Promise.all([startServer(), launchBrowser()]);
  }, 60_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await launched?.close();
    await served?.stop();
  }, 30_000);

  return fixture;
}
