/**
 * A person opens the playground on a phone, a laptop and a wide screen: the header's host picker shows all eight
 * hosts (mirri, mework, open-strix, claude-code, codex, gemini-cli, copilot-cli, qwen-code) in full, none cut,
 * none overlapping, nothing pushed off the page, and every host can still be picked.
 *
 * Hosts this build does not have yet get a stand-in segment (a copy of a real one with the host's name), so the
 * layout is checked with eight names whichever dialects are merged.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useFixture } from './support/fixture';
import { openPlayground } from './support/playground';
import { watchErrors } from './support/browser';

const f = useFixture();

const EIGHT: Record<string, string> = {
  mirri: 'Mirri Code CLI',
  mework: 'Mework',
  'open-strix': 'open-strix',
  'claude-code': 'Claude Code',
  codex: 'Codex CLI',
  'gemini-cli': 'Gemini CLI',
  'copilot-cli': 'Copilot CLI',
  'qwen-code': 'Qwen Code',
};

/** Adds a stand-in segment for each of the eight hosts the build lacks; returns how many there are now. */
async function ensureEightHosts(page: Page): Promise<number> {
  return page.evaluate((eight) => {
    const group = document.querySelector('[role=radiogroup][aria-label=Host]')!;
    const present = new Set([...group.querySelectorAll('input[name=host]')].map((i) => (i as HTMLInputElement).value));
    const model = group.querySelector('label:not(.checked)') ?? group.querySelector('label')!;
    for (const [id, label] of Object.entries(eight)) {
      if (present.has(id)) continue;
      const copy = model.cloneNode(true) as HTMLLabelElement;
      copy.classList.remove('checked');
      const input = copy.querySelector('input')!;
      input.value = id;
      input.checked = false;
      copy.replaceChildren(input, document.createTextNode(` ${label} `));
      group.append(copy);
    }
    return group.querySelectorAll('input[name=host]').length;
  }, EIGHT);
}

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

describe('fitting eight hosts in the header', () => {
  for (const width of [375, 768, 1280, 1920]) {
    it(`shows all eight hosts in full at ${width} px, and each can be picked`, async () => {
      const { page } = await f.newPage();
      const errors = watchErrors(page);
      await page.setViewportSize({ width, height: 900 });
      await openPlayground(page, f.server.url);
      expect(await ensureEightHosts(page)).toBe(8);

      const m = await measure(page);
      expect(m.labels.map((l) => l.text).sort()).toEqual(Object.values(EIGHT).sort());
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
      // Eight hosts never make the header a wall: at most three rows of segments on a phone, two on a screen.
      const rows = new Set(m.labels.map((l) => Math.round(l.y))).size;
      expect(rows).toBeLessThanOrEqual(width < 700 ? 3 : 2);

      // A real host is picked by clicking its name, at this width too.
      const group = page.getByRole('radiogroup', { name: 'Host' });
      await group.getByText('Codex CLI', { exact: true }).click();
      await expect(group.locator('input[value=codex]').isChecked()).resolves.toBe(true);
      await group.getByText('Claude Code', { exact: true }).click();
      await expect(group.locator('input[value="claude-code"]').isChecked()).resolves.toBe(true);
      expect(errors).toEqual([]);
    }, 90_000);
  }
});
