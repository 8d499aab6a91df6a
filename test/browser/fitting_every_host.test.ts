/**
 * A person opens the playground on a phone, a laptop and a wide screen: the header's host picker shows every host
 * the engine's catalog lists (eleven with claude-agent-sdk, cursor and opencode) in full, none cut, none
 * overlapping, nothing pushed off the page, and every host that has events can still be picked.
 *
 * The hosts are read from the same catalog the web app is built from, so a dialect added to the engine is checked
 * here with no change to this story.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dialectCatalog } from '../../packages/engine/src/catalog.js';
import { useFixture } from './support/fixture';
import { openPlayground } from './support/playground';
import { watchErrors } from './support/browser';

const f = useFixture();

const HOSTS = dialectCatalog();

interface Box {
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
  clipped: boolean;
}

async function measure(page: Page) {
  return page.evaluate(() => {
    const group = document.querySelector('[role=radiogroup][aria-label=Host]')!;
    const labels: Box[] = [...group.querySelectorAll('label')].map((l) => {
      const r = l.getBoundingClientRect();
      return { text: l.textContent!.trim(), x: r.x, y: r.y, w: r.width, h: r.height, clipped: l.scrollWidth > l.clientWidth + 1 };
    });
    const header = document.querySelector('header.top')!.getBoundingClientRect();
    const examples = [...document.querySelectorAll('header button')].find((b) => b.textContent?.includes('Examples'))!.getBoundingClientRect();
    return {
      labels,
      viewport: window.innerWidth,
      pageWidth: document.documentElement.scrollWidth,
      header: { bottom: header.bottom, height: header.height },
      examples: { x: examples.x, right: examples.right, w: examples.width },
    };
  });
}

const overlap = (a: Box, b: Box) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;

describe('fitting every host in the header', () => {
  for (const width of [375, 768, 1280, 1920]) {
    it(`shows all ${HOSTS.length} hosts in full at ${width} px, and each can be picked`, async () => {
      const { page } = await f.newPage();
      const errors = watchErrors(page);
      await page.setViewportSize({ width, height: 900 });
      await openPlayground(page, f.server.url);
      const m = await measure(page);
      expect(m.labels.map((l) => l.text).sort()).toEqual(HOSTS.map((d) => d.label).sort());
      expect(m.pageWidth, 'the page scrolls sideways').toBeLessThanOrEqual(m.viewport);
      for (const l of m.labels) {
        expect(l.x, `${l.text} starts off the page`).toBeGreaterThanOrEqual(0);
        expect(l.x + l.w, `${l.text} ends off the page`).toBeLessThanOrEqual(m.viewport);
        expect(l.clipped, `${l.text} is cut`).toBe(false);
        expect(l.y + l.h, `${l.text} is below the header`).toBeLessThanOrEqual(m.header.bottom);
      }
      for (let i = 0; i < m.labels.length; i++) for (let j = i + 1; j < m.labels.length; j++) expect(overlap(m.labels[i]!, m.labels[j]!), `${m.labels[i]!.text} overlaps ${m.labels[j]!.text}`).toBe(false);
      // The header's own actions stay on the page too.
      expect(m.examples.w).toBeGreaterThan(0);
      expect(m.examples.right).toBeLessThanOrEqual(m.viewport);
      // All the hosts never make the header a wall: at most three rows of segments on a phone, two on a screen.
      const rows = new Set(m.labels.map((l) => Math.round(l.y))).size;
      expect(rows).toBeLessThanOrEqual(width < 700 ? 3 : 2);

      // Every host with events is picked by clicking its name, at this width too; a docs-only host is shown disabled.
      const group = page.getByRole('radiogroup', { name: 'Host' });
      for (const host of HOSTS) {
        const input = group.locator(`input[value="${host.id}"]`);
        if (host.events.length === 0) {
          expect(await input.isDisabled(), `${host.label} has no events but can be picked`).toBe(true);
          continue;
        }
        await group.getByText(host.label, { exact: true }).click();
        await expect.poll(() => input.isChecked(), { message: `${host.label} is not picked` }).toBe(true);
      }
      expect(errors).toEqual([]);
    }, 90_000);
  }
});
