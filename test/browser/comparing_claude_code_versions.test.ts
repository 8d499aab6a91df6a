/**
 * Someone on Claude Code 2.1.47 wonders why their exit 2 does not block: they open the gallery's "Claude Code
 * versions" example, press "Compare 5 versions" in the playground (real Chromium, real server, real hooks), and see
 * each version's verdict and the versions between which it changed, with the rule.
 */
import { describe, expect, it } from 'vitest';
import { useFixture } from './support/fixture';
import { openPlayground } from './support/playground';

const f = useFixture();

describe('comparing Claude Code versions in the playground', () => {
  it('shows every version’s verdict and where it changed', async () => {
    const { page } = await f.newPage();
    await openPlayground(page, f.server.url);
    await page.getByRole('button', { name: 'Examples', exact: true }).click();
    await page.getByRole('dialog', { name: 'Examples' }).waitFor();
    await page.getByTestId('example').first().waitFor({ timeout: 10_000 });
    const example = page.locator('[data-testid=example][data-id="claude-code-versions/exit2-with-json-does-not-block-2.1.47.hookplay.json"]');
    expect(await example.count(), (await page.getByTestId('example').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).join(' ')).toBe(1);
    const heading = await page.locator('section.group', { has: example }).locator('h3').textContent();
    expect(heading).toMatch(/Claude Code versions/);
    await example.click();

    await page.getByTestId('compare-versions').click();
    await page.getByTestId('version-row').first().waitFor({ timeout: 60_000 });
    const rows = await page.getByTestId('version-row').evaluateAll((els) => els.map((e) => [e.getAttribute('data-version'), e.getAttribute('data-verdict')]));
    expect(rows).toEqual([
      ['1.0.41', 'proceed'],
      ['2.0.76', 'allow'],
      ['2.1.47', 'allow'],
      ['2.1.143', 'block'],
      ['2.1.332', 'block'],
    ]);
    const change = page.locator('[data-testid=version-change][data-from="2.1.47"][data-to="2.1.143"]');
    await expect(change.textContent()).resolves.toMatch(/verdict: allow → block/);
    await expect(change.locator('[data-testid=changed-rule][data-rule=answers]').count()).resolves.toBe(1);
    // 1.0.41 may crash on a hook that exits without reading its input: the playground says racy, it does not choose.
    await expect(page.locator('[data-testid=version-change][data-from="1.0.41"]').textContent()).resolves.toMatch(/racy/);
  }, 120_000);
});
