/**
 * Screenshots of the main views, for a person to look at after a run: written to test/browser/.output/
 * (gitignored), one file per view and viewport.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { REPO } from './server';

export const OUTPUT = join(REPO, 'test', 'browser', '.output');

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(OUTPUT, { recursive: true });
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  const path = join(OUTPUT, `${name}-${width}x${height}.png`);
  await page.screenshot({ path });
  return path;
}
