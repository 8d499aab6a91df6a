/**
 * The page is usable before Monaco arrives (and if it never does): plain text areas edit the same
 * scenario, runs work, and Monaco takes over with whatever was typed meanwhile.
 */
import { describe, expect, it } from 'vitest';
import { useFixture } from './support/fixture';
import { run, verdict, waitForRunEnd } from './support/playground';

const f = useFixture();
const DANGEROUS = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf /' } }, null, 2);

describe('before the editor loads', () => {
  it('edits and runs with plain text areas, then hands the text to Monaco', async () => {
    const { page } = await f.newPage();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // Hold Monaco's lazy chunk back, as a slow network would.
    await page.route(/\/assets\/setup-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(f.server.url);
    await page.getByTestId('connection').and(page.locator('[data-state=open]')).waitFor();

    const payload = page.getByLabel('Payload of PreToolUse');
    await expect(payload.evaluate((el) => el.tagName)).resolves.toBe('TEXTAREA');
    await payload.fill(DANGEROUS);
    await run(page);
    expect(await waitForRunEnd(page)).toBe('done');
    expect(await verdict(page)).toBe('block');

    release();
    await page.getByTestId('payload-editor').locator('[data-monaco=ready]').waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => ((await page.getByTestId('payload-editor').locator('.view-lines').innerText()) ?? '').replace(/\s+/g, ''))
      .toContain('"command":"rm-rf/"');
  });

  it('keeps working as plain text when Monaco cannot load', async () => {
    const { page } = await f.newPage();
    await page.route(/\/assets\/setup-[^/]+\.js$/, (route) => route.abort());
    await page.goto(f.server.url);
    await page.getByTestId('connection').and(page.locator('[data-state=open]')).waitFor();
    await page.getByText('The code editor failed to load; editing as plain text.').first().waitFor();
    await page.getByLabel('Payload of PreToolUse').fill(DANGEROUS);
    await page.getByLabel('Payload of PreToolUse').press('Control+Enter');
    expect(await waitForRunEnd(page)).toBe('done');
    expect(await verdict(page)).toBe('block');
  });
});
