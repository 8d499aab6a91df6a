/**
 * A person types a config the host would reject and sees why while typing: a marker on the offending line
 * in the editor, the same problem in the Problems list (which jumps there), and both gone once fixed.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useFixture } from './support/fixture';
import { fileEditor, openPlayground, setEditorText, waitForValidation } from './support/playground';
import { pickHost } from './support/session';

const f = useFixture();

/** The line numbers that carry a squiggle of the given kind in the visible editor. */
async function markedLines(editor: Locator, kind: 'error' | 'warning'): Promise<number[]> {
  return editor.evaluate((root, k) => {
    const numbers = [...root.querySelectorAll('.margin-view-overlays .line-numbers')].map((el) => ({
      line: Number(el.textContent),
      top: el.getBoundingClientRect().top,
    }));
    const squiggles = [...root.querySelectorAll(`.squiggly-${k}`)].map((el) => el.getBoundingClientRect().top);
    return [...new Set(squiggles.map((top) => numbers.reduce((best, n) => (Math.abs(n.top - top) < Math.abs(best.top - top) ? n : best)).line))].sort((a, b) => a - b);
  }, kind);
}

async function waitForMarkers(page: Page, editor: Locator, kind: 'error' | 'warning', expected: number[]): Promise<void> {
  await expect.poll(() => markedLines(editor, kind), { timeout: 8000 }).toEqual(expected);
}

describe('seeing config problems', () => {
  it('marks an unknown Mirri field on its line and lists it', async () => {
    const { page } = await f.newPage();
    await openPlayground(page, f.server.url);
    await pickHost(page, 'Mirri Code CLI');
    const editor = fileEditor(page);
    await setEditorText(
      page,
      editor,
      `# guard\n[[hooks]]\nevent = "PreToolUse"\nmatcher = "^Bash$"\ncommand = "echo hi"\ncolour = "red"\ntimeout = 5\n`,
    );
    await waitForMarkers(page, editor, 'error', [6]);

    const problem = page.getByTestId('problem').filter({ hasText: 'colour' });
    await expect(problem.textContent()).resolves.toContain('~/.mirri-code/config.toml:6');
    // The tab shows the error count too.
    await expect(page.locator('[role=tab][data-path="~/.mirri-code/config.toml"] .count.error').textContent()).resolves.toBe('1');

    // Jumping from the list puts the cursor on the line.
    await page.locator('[role=tab][data-path="~/.mirri-code/hooks/guard.mjs"]').click();
    await problem.click();
    await expect(page.locator('[role=tab][data-path="~/.mirri-code/config.toml"]').getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('End');
    await page.keyboard.type(' # still wrong');
    // Monaco renders spaces as non-breaking spaces.
    await expect.poll(async () => ((await editor.locator('.view-line').nth(5).textContent()) ?? '').replace(/\u00a0/g, ' ')).toContain('colour = "red" # still wrong');

    // Fixed: the marker and the problem disappear.
    await setEditorText(page, editor, `[[hooks]]\nevent = "PreToolUse"\nmatcher = "^Bash$"\ncommand = "echo hi"\ntimeout = 5\n`);
    await waitForValidation(page);
    await waitForMarkers(page, editor, 'error', []);
    await expect(page.getByTestId('problems').textContent()).resolves.toContain('No problems found');
  });

  it('marks a TOML syntax error where the parser stopped', async () => {
    const { page } = await f.newPage();
    await openPlayground(page, f.server.url);
    await pickHost(page, 'Mirri Code CLI');
    const editor = fileEditor(page);
    await setEditorText(page, editor, `[[hooks]]\nevent = "PreToolUse"\n\ncommand = "echo hi\ntimeout = 5\n`);
    await waitForMarkers(page, editor, 'error', [4]);
    await expect(page.getByTestId('problem').first().textContent()).resolves.toMatch(/config\.toml:4/);
  });

  it('validates a JSON config against its schema as you type (Mework)', async () => {
    const { page } = await f.newPage();
    await openPlayground(page, f.server.url);
    await page.getByRole('radio', { name: 'Mework' }).check();
    await page.locator('[role=tab][data-path=".mework/hooks.json"]').click();
    const editor = fileEditor(page);
    await setEditorText(page, editor, `{\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "bash", "hooks": [ { "type": "command", "command": 42 } ] }\n    ]\n  }\n}\n`);
    await waitForValidation(page);
    // The engine's diagnostic lands on the line of the bad value.
    const problem = page.getByTestId('problem').filter({ hasText: '.mework/hooks.json:4' });
    await problem.first().waitFor({ timeout: 8000 });
    await expect.poll(async () => [...(await markedLines(editor, 'error')), ...(await markedLines(editor, 'warning'))]).toContain(4);
  });
});
