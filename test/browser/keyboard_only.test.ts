/**
 * A person who uses only the keyboard: reaches the gallery from the header, picks an example, runs it with
 * Ctrl+Enter from wherever focus is, and finds every control reachable with Tab.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useFixture } from './support/fixture';
import { openPlayground, verdict, waitForRunEnd } from './support/playground';

const f = useFixture();

interface Focused {
  text: string;
  label: string | null;
  role: string | null;
  tag: string;
  inEditor: boolean;
}

/**
 * Presses Tab until the focused element matches, failing after `max` presses. Inside a code editor Tab
 * indents, so it leaves the way the editor's hint says: Escape, then Tab.
 */
async function tabTo(page: Page, test: (el: Focused) => boolean, max = 40): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    const before = await focused(page);
    if (before.inEditor) await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    const el = await focused(page);
    seen.push(`${el.tag}${el.role ? `[${el.role}]` : ''} ${el.label ?? el.text.slice(0, 20)}`);
    if (test(el)) return;
  }
  throw new Error(`the control was not reachable with Tab; focus went through:\n${seen.join('\n')}`);
}

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return {
      text: (a?.innerText ?? '').trim(),
      label: a?.getAttribute('aria-label') ?? null,
      role: a?.getAttribute('role') ?? null,
      tag: a?.tagName ?? '',
      inEditor: !!a?.closest('.monaco-editor'),
    };
  });
}

describe('keyboard only', () => {
  it('opens an example from the gallery and runs it without a mouse', async () => {
    const { page } = await f.newPage();
    await openPlayground(page, f.server.url);
    await page.locator('body').focus();

    await tabTo(page, (el) => el.text.startsWith('Examples'));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Examples' });
    await dialog.waitFor();
    await page.getByTestId('example').first().waitFor();
    await page.keyboard.type('force-with-lease');
    await tabTo(page, (el) => el.text.includes('--force-with-lease'));
    await page.keyboard.press('Enter');
    // The example's files are fetched when it is picked; the dialog closes once they are in the editor.
    await dialog.waitFor({ state: 'hidden' });

    // The tab strip: arrow keys move, and Ctrl+Enter runs from there.
    await tabTo(page, (el) => el.role === 'tab');
    await page.keyboard.press('ArrowRight');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-selected'))).resolves.toBe('true');
    await page.keyboard.press('ControlOrMeta+Enter');
    expect(await waitForRunEnd(page)).toBe('done');
    expect(['proceed', 'allow', 'ask', 'block']).toContain(await verdict(page));

    // Escape closes the gallery and gives focus back.
    await tabTo(page, (el) => el.text.startsWith('Examples'));
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.evaluate(() => (document.activeElement as HTMLElement).innerText.trim())).resolves.toMatch(/^Examples/);
  });

  it('reaches the host, event, payload and Run with Tab', async () => {
    const { page } = await f.newPage();
    await openPlayground(page, f.server.url);
    await page.locator('body').focus();
    await tabTo(page, (el) => el.tag === 'INPUT' && el.text === '' && el.label === null && el.role === null && !el.inEditor);
    // The playground opens on Claude Code; the arrow moves to the next host.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('radio', { name: 'Codex CLI' }).isChecked()).toBe(true);
    await tabTo(page, (el) => el.tag === 'SELECT');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Event', { exact: true }).inputValue()).resolves.not.toBe('PreToolUse');
    await tabTo(page, (el) => el.text.startsWith('Run'));
    await page.keyboard.press('Enter');
    expect(await waitForRunEnd(page)).toBe('done');
  });
});
