/**
 * A person picks Claude Code and sees that its rules were verified against the real CLI, with the list of
 * verified rules; a host that was not verified shows no such claim.
 */
import { describe, expect, it } from 'vitest';
import { useFixture } from './support/fixture';
import { openPlayground, run, verdict, waitForRunEnd } from './support/playground';
import { watchErrors } from './support/browser';

const f = useFixture();

describe('trusting a verified host', () => {
  it('shows "verified against Claude Code 2.1.332" with the covered rules, and runs the host', async () => {
    const { page } = await f.newPage();
    const errors = watchErrors(page);
    await openPlayground(page, f.server.url);
    // A docs-only host makes no such claim.
    await page.getByRole('radiogroup', { name: 'Host' }).getByText('Mirri Code CLI', { exact: true }).click();
    await expect(page.getByTestId('verified').count()).resolves.toBe(0);
    // It says what it is instead: from the docs, no recording.
    await expect(page.getByTestId('docs-only').locator('summary').textContent()).resolves.toMatch(/from the docs.*no recording of the real Mirri Code CLI/);

    await page.getByRole('radiogroup', { name: 'Host' }).getByText('Claude Code', { exact: true }).click();
    const verified = page.getByTestId('verified');
    await expect(verified.locator('summary').textContent()).resolves.toMatch(/verified against Claude Code 2\.1\.332/);
    await verified.locator('summary').click();
    const rules = await verified.locator('li').allTextContents();
    expect(rules.length).toBeGreaterThan(10);
    expect(rules.join('\n')).toMatch(/finishes last wins/);

    // The starter scenario runs through the claude-code dialect.
    await run(page);
    expect(await waitForRunEnd(page)).toBe('done');
    expect(['proceed', 'block']).toContain(await verdict(page));
    expect(errors).toEqual([]);
  });

  it('a docs-only host says "from the docs" wherever a verified mark could appear, and never "verified"', async () => {
    const { page } = await f.newPage();
    const errors = watchErrors(page);
    await openPlayground(page, f.server.url);
    await page.getByRole('radiogroup', { name: 'Host' }).getByText('Mirri Code CLI', { exact: true }).click();
    await run(page);
    expect(await waitForRunEnd(page)).toBe('done');
    // The verdict names the host with its mark; each decision's evidence is the docs.
    const card = page.getByTestId('verdict-card');
    await expect(card.getByTestId('host-evidence').getAttribute('data-kind')).resolves.toBe('docs');
    const evidence = await card.getByTestId('evidence').allTextContents();
    expect(evidence.length).toBeGreaterThan(0);
    expect(evidence.every((t) => t.trim() === 'from the docs'), evidence.join(' | ')).toBe(true);
    // The real-CLI view: no real CLI, from the docs.
    await page.getByRole('button', { name: /Check on the real CLI|Real CLI/ }).click();
    await page.getByTestId('real-none').waitFor();
    await expect(page.getByTestId('real-none').getByTestId('host-evidence').getAttribute('data-kind')).resolves.toBe('docs');
    // Nowhere on the page a claim of verification for it.
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(/verified (on|against)/i);
    expect(errors).toEqual([]);
  });
});
