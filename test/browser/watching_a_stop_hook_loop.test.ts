/**
 * A person has a Claude Code Stop hook that blocks every time ("tests still fail, keep going") and wonders why the
 * session never ends. They switch the playground to Session, write a prompt and the model's reply, and run it:
 * the timeline shows Stop running again and again, each later run with stop_hook_active: true, the feedback piling
 * up in what the model is told (the newest marked), and Claude Code's cap ending the turn, said to the user.
 */
import { describe, expect, it } from 'vitest';
import { useFixture } from './support/fixture';
import { watchErrors } from './support/browser';
import { fileEditor, openFile, openPlayground, run, setEditorText, waitForRunEnd, waitForValidation } from './support/playground';
import { endedReason, firedEvents, pickHost, sessionSteps, useSession } from './support/session';

const f = useFixture();

const SETTINGS = `${JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'cat > /dev/null; echo "Tests still fail: keep going" >&2; exit 2' }] }] } }, null, 2)}\n`;

describe('watching a stop hook loop', () => {
  it('shows each Stop run, stop_hook_active, the feedback the model gets, and the cap that ends the turn', async () => {
    const { page } = await f.newPage();
    const errors = watchErrors(page);
    await openPlayground(page, f.server.url);
    await pickHost(page, 'Claude Code');
    await openFile(page, '.claude/settings.json');
    await setEditorText(page, fileEditor(page), SETTINGS);
    await useSession(page, [{ prompt: 'Fix the failing tests' }, { reply: 'Fixed: the tests pass now.' }]);
    await expect(page.getByTestId('step-problem').count()).resolves.toBe(0);

    await run(page);
    expect(await waitForRunEnd(page, 60_000)).toBe('done');
    expect(await endedReason(page)).toBe('stop-cap');
    await expect(page.getByTestId('session-ended-message').textContent()).resolves.toMatch(/Stop hooks blocked \d+ times in a row/);

    // Stop ran after the reply, then after each answer the model gave to the feedback, every time blocked.
    const stops = (await firedEvents(page)).filter((e) => e.event === 'Stop');
    expect(stops.length).toBeGreaterThan(2);
    expect(stops.every((s) => s.verdict === 'block')).toBe(true);
    expect(stops[0]!.state.stop_hook_active).toBe('false');
    expect(stops.slice(1).every((s) => s.state.stop_hook_active === 'true')).toBe(true);

    // The first Stop belongs to the reply step; the continuations are phases the host adds.
    const replyStep = sessionSteps(page).and(page.locator('[data-step="1"]'));
    await expect(replyStep.getByTestId('session-event').getAttribute('data-event')).resolves.toBe('Stop');
    const continuations = sessionSteps(page).and(page.locator('[data-label="the model answers again"]'));
    await expect(continuations.count()).resolves.toBe(stops.length - 1);

    // Each Stop's lane ran the hook for real, and its stderr is what the model is told next.
    await expect(replyStep.getByTestId('lane-result').textContent()).resolves.toBe('exit 2');
    await expect(replyStep.getByTestId('lane-output').textContent()).resolves.toContain('Tests still fail: keep going');
    const requests = page.getByTestId('model-request');
    const last = requests.last();
    await expect(last.getByTestId('model-text').count()).resolves.toBe(stops.length - 1);
    await expect(last.locator('[data-testid=model-text][data-new=true]').count()).resolves.toBe(1);
    await expect(last.locator('[data-testid=model-text][data-new=true]').textContent()).resolves.toContain('Stop hook feedback');

    // The cap is said to the user, at the last continuation.
    const notice = page.getByTestId('session-notice');
    await expect(notice.count()).resolves.toBe(1);
    await expect(notice.textContent()).resolves.toMatch(/blocked the turn from ending \d+ consecutive times/);
    await expect(continuations.last().getByTestId('session-notice').count()).resolves.toBe(1);

    // The session still ends properly.
    await expect(sessionSteps(page).last().getAttribute('data-label')).resolves.toBe('session end');
    expect(errors).toEqual([]);
  }, 90_000);
});

describe('watching a stop hook loop as it happens', () => {
  it('streams each Stop continuation while the session plays, and Cancel stops the hook that is running', async () => {
    const { page } = await f.newPage();
    const errors = watchErrors(page);
    await openPlayground(page, f.server.url);
    await pickHost(page, 'Claude Code');
    await openFile(page, '.claude/settings.json');
    const slow = `${JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'cat > /dev/null; sleep 1; echo "not yet" >&2; exit 2' }] }] } }, null, 2)}\n`;
    await setEditorText(page, fileEditor(page), slow);
    await useSession(page, [{ prompt: 'Fix the failing tests' }, { reply: 'Fixed.' }]);
    await waitForValidation(page);

    await run(page);
    // While it plays: the second Stop has its own entry and a lane, and the run is still going.
    const continuation = sessionSteps(page).and(page.locator('[data-label="the model answers again"]'));
    await continuation.first().getByTestId('lane').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('run-status').getAttribute('data-status')).resolves.toBe('running');
    await expect(page.getByTestId('session-ended').count()).resolves.toBe(0);
    await page.locator('[data-testid=lane][data-state=running]').first().waitFor({ timeout: 15_000 });

    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await waitForRunEnd(page, 30_000)).toBe('cancelled');
    // Nothing is left running on the page, and no end is claimed for a session that was cut short.
    await expect(page.locator('[data-testid=lane][data-state=running]').count()).resolves.toBe(0);
    await expect(page.getByTestId('session-ended').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  }, 90_000);
});
