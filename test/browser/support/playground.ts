/**
 * What a person does in the playground, as functions: open it, edit a file or the payload, run, read the
 * verdict, download the scenario. Tests read like the user stories they are named after.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';

export async function openPlayground(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByTestId('connection').and(page.locator('[data-state=open]')).waitFor({ timeout: 10_000 });
}

export function fileEditor(page: Page): Locator {
  return page.getByTestId('file-editor');
}

export function payloadEditor(page: Page): Locator {
  return page.getByTestId('payload-editor');
}

/**
 * Replaces an editor's whole text the way a person pastes it: select all, paste. (Typing character by
 * character would let Monaco auto-close brackets and re-indent, as it does for a person typing.)
 */
export async function setEditorText(page: Page, editor: Locator, text: string): Promise<void> {
  await editor.locator('[data-monaco=ready]').waitFor({ timeout: 15_000 });
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await editor.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
  await page.waitForFunction(
    ([el, expected]) => {
      // Monaco renders spaces as non-breaking ones; compare the text without whitespace.
      const seen = (el as HTMLElement).innerText.replace(/\s+/g, '');
      return seen.includes((expected as string).split('\n')[0]!.replace(/\s+/g, ''));
    },
    [await editor.locator('.view-lines').elementHandle(), text] as const,
  );
}

export async function openFile(page: Page, path: string): Promise<void> {
  await page.locator(`[role=tab][data-path="${path}"]`).click();
}

/** Adds a file through the "New file" form and types its contents. */
export async function addFile(page: Page, path: string, text: string): Promise<void> {
  await page.getByRole('button', { name: 'New file' }).click();
  const input = page.getByLabel('New file path');
  await input.fill(path);
  await input.press('Enter');
  await page.locator(`[role=tab][data-path="${path}"][aria-selected=true]`).waitFor();
  await setEditorText(page, fileEditor(page), text);
}

export async function pickEvent(page: Page, event: string): Promise<void> {
  await page.getByLabel('Event', { exact: true }).selectOption(event);
}

export async function run(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Run/ }).click();
}

/** Waits for the run to end (any way) and returns its final status. */
export async function waitForRunEnd(page: Page, timeout = 20_000): Promise<string> {
  const status = page.getByTestId('run-status');
  await status.and(page.locator(':not([data-status=starting]):not([data-status=running]):not([data-status=cancelling]):not([data-status=idle])')).waitFor({ timeout });
  return (await status.getAttribute('data-status')) ?? '';
}

export async function verdict(page: Page): Promise<string> {
  return ((await page.getByTestId('verdict').textContent()) ?? '').trim().toLowerCase();
}

/** Downloads the scenario as a .hookplay.json file and returns it parsed: the exact state of the editor. */
export async function downloadScenario(page: Page): Promise<Record<string, unknown> & { files: Record<string, string>; payload: unknown; event: string; dialect: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download scenario' }).click()]);
  const path = await download.path();
  return JSON.parse(await readFile(path, 'utf8'));
}

/**
 * Lets the page take in what was just done: one animation frame, by which time the edit's effects (the
 * validation scheduled, the draft's save timer started) have run and rendered. A condition, not a guess at time.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

/** Waits until the validation has settled (server or local) after the last edit. */
export async function waitForValidation(page: Page): Promise<void> {
  await settle(page);
  await page.locator('[data-testid=problems][data-state=settled]').waitFor({ timeout: 10_000 });
}

/** Waits until the last edit is in the saved draft and the address bar (the page saves 400 ms after the last edit). */
export async function waitForDraftSaved(page: Page): Promise<void> {
  await settle(page);
  await page.locator('.app[data-draft=saved]').waitFor({ timeout: 10_000 });
}
