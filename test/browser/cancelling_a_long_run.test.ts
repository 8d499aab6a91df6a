/**
 * A person starts a hook that would take half a minute, sees it running, and presses Cancel: the run stops
 * at once, the hook process is gone from the machine, and Run is available again.
 */
import { describe, expect, it } from 'vitest';
import { useFixture } from './support/fixture';
import { fileEditor, openPlayground, run, setEditorText, waitForRunEnd } from './support/playground';
import { pickHost } from './support/session';

const f = useFixture();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('cancelling a long run', () => {
  it('stops the hook process and says so', async () => {
    const { page } = await f.newPage();
    await openPlayground(page, f.server.url);
    // The hook below is a Mirri hooks.toml; the playground opens on Claude Code.
    await pickHost(page, 'Mirri Code CLI');
    await setEditorText(
      page,
      fileEditor(page),
      `[[hooks]]\nevent = "PreToolUse"\nmatcher = "Bash"\ncommand = "echo started; sleep 30"\ntimeout = 60\n`,
    );
    await run(page);

    const lane = page.getByTestId('lane').first();
    await lane.and(page.locator('[data-state=running]')).waitFor({ timeout: 5000 });
    await lane.getByTestId('lane-output').filter({ hasText: 'started' }).waitFor({ timeout: 5000 });
    const pid = Number(((await lane.textContent()) ?? '').match(/pid (\d+)/)?.[1]);
    expect(pid).toBeGreaterThan(0);
    expect(alive(pid)).toBe(true);
    await expect(page.getByRole('button', { name: /^Run/ }).isDisabled()).resolves.toBe(true);

    const cancelledAt = Date.now();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await waitForRunEnd(page, 5000)).toBe('cancelled');
    expect(Date.now() - cancelledAt).toBeLessThan(3000);

    await expect(page.getByTestId('run-cancelled').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('verdict').count()).resolves.toBe(0);
    await expect(lane.getAttribute('data-state')).resolves.toBe('done');
    await expect(page.getByRole('button', { name: 'Cancel' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^Run/ }).isEnabled()).resolves.toBe(true);
    // The process group is killed, not merely forgotten.
    await expect.poll(() => alive(pid), { timeout: 3000 }).toBe(false);
  });
});
