/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser). Playwright gives every launch
 * a fresh temporary `--user-data-dir` itself (and refuses one passed in `args`), and every context is
 * a clean incognito-like profile on top: no state leaks between tests.
 */
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM = process.env.HOOKPLAY_CHROMIUM ?? '/usr/bin/chromium';

export interface Launched {
  browser: Browser;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<Launched> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    close: async () => {
      await browser.close().catch(() => {});
    },
  };
}

/** A context with clipboard access, as a person who clicks "Copy link" has. */
export async function newContext(browser: Browser, origin: string, colorScheme: 'light' | 'dark' = 'light'): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  return context;
}

/** Fails the test on any uncaught page error, which a person would see as a broken page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Clicks a copy button and returns what it put on the clipboard. Several copies build their text asynchronously
 * (the bug report loads its module first), so reading the clipboard right after the click can return the previous
 * copy: the clipboard is cleared to a marker first, and read until the button has replaced it.
 */
export async function copyFrom(page: Page, button: Locator): Promise<string> {
  const marker = `hookplay-test-marker-${Date.now()}-${Math.random()}`;
  await page.evaluate((m) => navigator.clipboard.writeText(m), marker);
  await button.click();
  let text = marker;
  await expect.poll(async () => (text = await page.evaluate(() => navigator.clipboard.readText())), { timeout: 10_000, message: 'the button copied nothing' }).not.toBe(marker);
  return text;
}
