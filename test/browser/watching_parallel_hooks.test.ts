/**
 * A person writes several Mirri hooks for one event and watches them run: matched hooks start together and
 * their bars overlap on the timeline while they run; a hook whose matcher does not match, and one merged
 * into an identical command, stay greyed with the reason. A chaining host (open-strix) shows its hooks one
 * after another instead.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useFixture } from './support/fixture';
import { fileEditor, openPlayground, run, setEditorText, waitForRunEnd } from './support/playground';
import { pickHost } from './support/session';

const f = useFixture();

const CONFIG = `[[hooks]]
event = "PreToolUse"
matcher = "^Bash$"
command = "sleep 0.8; echo first"

[[hooks]]
event = "PreToolUse"
matcher = "^Bash$"
command = "sleep 0.8; echo second >&2"

[[hooks]]
event = "PreToolUse"
matcher = "^Read$"
command = "echo never"

[[hooks]]
event = "PreToolUse"
matcher = "Bash"
command = "sleep 0.8; echo first"
`;

interface LaneFacts {
  state: string;
  start: number;
  end: number;
  bar: { x: number; width: number } | null;
}

async function lanes(page: Page): Promise<LaneFacts[]> {
  return page.getByTestId('lane').evaluateAll((els) =>
    els.map((el) => {
      const bar = el.querySelector('[data-testid=lane-bar]')?.getBoundingClientRect();
      return {
        state: el.getAttribute('data-state') ?? '',
        start: Number(el.getAttribute('data-start')),
        end: Number(el.getAttribute('data-end')),
        bar: bar ? { x: bar.x, width: bar.width } : null,
      };
    }),
  );
}

describe('watching parallel hooks', () => {
  it('shows matched hooks running at the same time, and why the others did not run', async () => {
    const { page } = await f.newPage();
    await openPlayground(page, f.server.url);
    await pickHost(page, 'Mirri Code CLI');
    await setEditorText(page, fileEditor(page), CONFIG);
    await run(page);

    // Live: both lanes are running at once, before any outcome exists.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=lane][data-state=running]').length === 2, null, { timeout: 5000 });
    await expect(page.getByTestId('verdict').count()).resolves.toBe(0);
    await expect(page.getByTestId('timeline').getAttribute('data-mode')).resolves.toBe('parallel');

    expect(await waitForRunEnd(page)).toBe('done');
    const [a, b, c, d] = await lanes(page);
    expect(a!.state).toBe('done');
    expect(b!.state).toBe('done');
    // The two runs overlap in time, and so do their bars on screen.
    expect(Math.max(a!.start, b!.start)).toBeLessThan(Math.min(a!.end, b!.end));
    expect(a!.end - a!.start).toBeGreaterThan(700);
    expect(Math.max(a!.bar!.x, b!.bar!.x)).toBeLessThan(Math.min(a!.bar!.x + a!.bar!.width, b!.bar!.x + b!.bar!.width));

    const laneEls = page.getByTestId('lane');
    await expect(laneEls.nth(0).getByTestId('lane-output').textContent()).resolves.toContain('first');
    await expect(laneEls.nth(1).locator('[data-testid=lane-output] .stderr').textContent()).resolves.toContain('second');

    expect(c!.state).toBe('skipped');
    await expect(laneEls.nth(2).getByTestId('lane-why').textContent()).resolves.toMatch(/Read/);
    expect(d!.state).toBe('skipped');
    await expect(laneEls.nth(3).textContent()).resolves.toContain('merged into #1');
    await expect(laneEls.nth(3).getByTestId('lane-why').textContent()).resolves.toMatch(/same command/);
  });

  it('shows a chain one hook after another', async () => {
    const { page } = await f.newPage();
    await openPlayground(page, f.server.url);
    await pickHost(page, 'Mirri Code CLI');
    await page.getByRole('button', { name: 'Examples', exact: true }).click();
    // The gallery opens on the host being edited (Mirri); the chain example is open-strix's.
    const gallery = page.getByRole('dialog', { name: 'Examples' });
    await gallery.getByRole('radiogroup', { name: 'Examples for' }).getByRole('radio', { name: /^open-strix/ }).check();
    await page.locator('[data-testid=example][data-id="open-strix/chain-each-sees-previous.hookplay.json"]').click();
    await gallery.waitFor({ state: 'hidden' });
    await run(page);
    expect(await waitForRunEnd(page)).toBe('done');
    await expect(page.getByTestId('timeline').getAttribute('data-mode')).resolves.toBe('chain');

    const all = await lanes(page);
    expect(all).toHaveLength(3);
    for (let i = 1; i < all.length; i++) {
      expect(all[i]!.start).toBeGreaterThanOrEqual(all[i - 1]!.end - 0.5);
      expect(all[i]!.bar!.x).toBeGreaterThanOrEqual(all[i - 1]!.bar!.x + all[i - 1]!.bar!.width - 2);
    }
    await expect(page.getByTestId('expect-status').textContent()).resolves.toContain('Matches expect');
  });
});
