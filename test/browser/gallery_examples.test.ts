/**
 * A person starts from the gallery: every example in the repo's scenarios/ folder is listed under its host,
 * loads without running, and when run shows the verdict its `expect` promises.
 *
 * Every example's outcome is already checked headless (`hookplay test scenarios` in npm test, and the consistency
 * checker over the gallery), and the server sends the browser the same outcome the CLI prints
 * (test/server/same_outcome_as_the_cli.test.ts). What only a browser can show is that a card loads and its result
 * renders, so this story runs a sample: per host, the first one-event example and the first session example, plus
 * every folder that is not one host's (porting, versions).
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

interface Example {
  title?: string;
  dialect: string;
  session?: { steps: { expect?: unknown }[] };
  expect?: { verdict?: string; ended?: { reason?: string } };
}

function findExamples(): { id: string; scenario: Example }[] {
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

/** Per folder, the first one-event example and the first session example (sorted, so the sample is stable). */
function sampleOf(all: { id: string; scenario: Example }[]): { id: string; scenario: Example }[] {
  const seen = new Set<string>();
  return all.filter(({ id, scenario }) => {
    const key = `${id.split('/')[0]}:${scenario.session ? 'session' : 'event'}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

describe('gallery examples', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await f.newPage());
    await openPlayground(page, f.server.url);
  }, 30_000);

  /** Opens the gallery (unless a failed test left it open) on every host's examples, and waits for them. */
  async function openGallery() {
    const dialog = page.getByRole('dialog', { name: 'Examples' });
    if ((await dialog.count()) === 0) await page.getByRole('button', { name: 'Examples', exact: true }).click();
    await dialog.waitFor();
    // It opens on the host being edited; this story looks through all of them.
    await dialog.getByRole('radio', { name: /^All hosts/ }).check();
    await page.getByTestId('example').first().waitFor({ timeout: 10_000 });
  }

  /** The gallery is bundled at build time: a stale build lists other files than the disk has. */
  const STALE = 'apps/web/dist is older than scenarios/: run `npm run build` before the browser tests';

  it('lists every example in scenarios/, grouped by host', async () => {
    await openGallery();
    try {
      const listed = await page.getByTestId('example').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
      expect([...listed].sort(), STALE).toEqual(examples.map((e) => e.id));
      const groups = await page.locator('section.group').evaluateAll((els) =>
        els.map((g) => ({ heading: g.querySelector('h3')?.textContent ?? '', ids: [...g.querySelectorAll('[data-id]')].map((e) => e.getAttribute('data-id')) })),
      );
      for (const { id, scenario } of examples) {
        const group = groups.find((g) => g.ids.includes(id));
        const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
        expect(squash(group?.heading ?? ''), id).toContain(squash(scenario.dialect));
      }
    } finally {
      await page.keyboard.press('Escape');
    }
    await expect(page.getByRole('dialog', { name: 'Examples' }).count()).resolves.toBe(0);
  });

  for (const { id, scenario } of sampleOf(examples)) {
    it(`${id}: ${scenario.title ?? ''}`, async () => {
      await openGallery();
      const item = page.locator(`[data-testid=example][data-id="${id}"]`);
      if ((await item.count()) === 0) {
        await page.keyboard.press('Escape');
        throw new Error(`${id} is not in the gallery: ${STALE}`);
      }
      await item.click();
      // The example's files are fetched when it is picked; the dialog closes once they are in the editor.
      await page.getByRole('dialog', { name: 'Examples' }).waitFor({ state: 'hidden', timeout: 30_000 });
      // Loading an example runs nothing.
      await expect(page.getByTestId('run-status').getAttribute('data-status')).resolves.toBe('idle');
      await run(page);
      expect(await waitForRunEnd(page, 60_000)).toBe('done');
      if (scenario.session) {
        // A session ends where its expect says, and matches its own and its steps' expectations.
        const ended = page.getByTestId('session-ended');
        if (scenario.expect?.ended?.reason) await expect(ended.getAttribute('data-reason')).resolves.toBe(scenario.expect.ended.reason);
        else await expect(ended.count()).resolves.toBe(1);
        if (scenario.expect || scenario.session.steps.some((s) => s.expect)) {
          const status = ended.getByTestId('expect-status');
          await expect(status.getAttribute('data-ok'), (await ended.textContent()) ?? '').resolves.toBe('true');
        }
      } else if (scenario.expect?.verdict) expect(await verdict(page)).toBe(scenario.expect.verdict);
      else await expect(page.getByTestId('verdict').count()).resolves.toBe(1);
    }, 90_000);
  }
});
