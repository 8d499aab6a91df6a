/**
 * A person starts from the gallery: every example in the repo's scenarios/ folder is listed under its host,
 * loads without running, and when run shows the verdict its `expect` promises.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useFixture } from './support/fixture';
import { REPO } from './support/server';
import { openPlayground, run, verdict, waitForRunEnd } from './support/playground';

const f = useFixture();
const ROOT = join(REPO, 'scenarios');

function findExamples(): { id: string; scenario: { title?: string; dialect: string; expect?: { verdict?: string } } }[] {
  let entries: string[];
  try {
    entries = readdirSync(ROOT, { recursive: true }) as string[];
  } catch {
    return [];
  }
  return entries
    .filter((p) => p.endsWith('.hookplay.json'))
    .sort()
    .map((id) => ({ id: id.split('\\').join('/'), scenario: JSON.parse(readFileSync(join(ROOT, id), 'utf8')) }));
}

const examples = findExamples();

describe('gallery examples', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await f.newPage());
    await openPlayground(page, f.server.url);
  }, 30_000);

  async function openGallery() {
    await page.getByRole('button', { name: 'Examples', exact: true }).click();
    await page.getByRole('dialog', { name: 'Examples' }).waitFor();
  }

  it('lists every example in scenarios/, grouped by host', async () => {
    await openGallery();
    await page.getByTestId('example').first().waitFor({ timeout: 10_000 }).catch(() => {});
    const listed = await page.getByTestId('example').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
    expect([...listed].sort()).toEqual(examples.map((e) => e.id));
    for (const { id, scenario } of examples.slice(0, 50)) {
      const group = page.locator('section.group', { has: page.locator(`[data-id="${id}"]`) });
      await expect(group.locator('h3').textContent()).resolves.toMatch(new RegExp(scenario.dialect === 'mirri' ? 'Mirri' : scenario.dialect, 'i'));
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Examples' }).count()).resolves.toBe(0);
  });

  for (const { id, scenario } of examples) {
    it(`${id}: ${scenario.title ?? ''}`, async () => {
      await openGallery();
      await page.locator(`[data-testid=example][data-id="${id}"]`).click();
      // Loading an example runs nothing.
      await expect(page.getByTestId('run-status').getAttribute('data-status')).resolves.toBe('idle');
      await run(page);
      expect(await waitForRunEnd(page, 60_000)).toBe('done');
      if (scenario.expect?.verdict) expect(await verdict(page)).toBe(scenario.expect.verdict);
      else await expect(page.getByTestId('verdict').count()).resolves.toBe(1);
    }, 90_000);
  }
});
