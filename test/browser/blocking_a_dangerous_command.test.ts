/**
 * A person opens the playground from the printed URL, keeps Mirri's starter guard hook, types a dangerous
 * command into the payload, presses Ctrl+Enter, and sees the host block the call with the hook's reason.
 */
import { describe, expect, it } from 'vitest';
import { useFixture } from './support/fixture';
import { openPlayground, payloadEditor, setEditorText, verdict, waitForRunEnd } from './support/playground';
import { pickHost } from './support/session';
import { watchErrors } from './support/browser';

const f = useFixture();

describe('blocking a dangerous command', () => {
  it('runs the guard hook for real and explains the block', async () => {
    const { page } = await f.newPage();
    const errors = watchErrors(page);
    await openPlayground(page, f.server.url);
    await pickHost(page, 'Mirri Code CLI');

    // The printed token is kept, but never left in the address bar.
    expect(page.url()).not.toContain('token=');

    await expect(page.locator('[role=tab][data-path="~/.mirri-code/config.toml"]').isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Event', { exact: true }).inputValue()).resolves.toBe('PreToolUse');

    await setEditorText(page, payloadEditor(page), JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf /' } }, null, 2));
    await page.keyboard.press('ControlOrMeta+Enter');

    expect(await waitForRunEnd(page)).toBe('done');
    expect(await verdict(page)).toBe('block');
    await expect(page.getByTestId('verdict-reason').textContent()).resolves.toContain('Dangerous command detected, blocked');

    const lane = page.getByTestId('lane').first();
    await expect(lane.getByTestId('lane-result').textContent()).resolves.toBe('exit 2');
    await expect(lane.getByTestId('lane-output').textContent()).resolves.toContain('Dangerous command detected, blocked');
    // The explanation names the rule that decided.
    await expect(page.locator('[data-code^="rule."]').count()).resolves.toBeGreaterThan(0);

    // A safe command passes through the same hook.
    await setEditorText(page, payloadEditor(page), JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls -la' } }, null, 2));
    await page.getByRole('button', { name: /^Run/ }).click();
    expect(await waitForRunEnd(page)).toBe('done');
    expect(await verdict(page)).toBe('proceed');
    await expect(lane.getByTestId('lane-result').textContent()).resolves.toBe('exit 0');

    expect(errors).toEqual([]);
  });
});
