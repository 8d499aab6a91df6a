/**
 * A person wants to know what happens when Claude Code asks before a Bash call that no hook allows. Keeping the
 * starter guard hook (it lets the command through without allowing it), they write a session: a prompt, the
 * model's Bash call, then the user's answer. Allowed, the command runs for real and the model gets its output;
 * denied, it never runs and the model is told the user refused; with no answer at all, it is denied as
 * `claude -p` denies it, and the user is told why. An answer with no question before it is an error naming the step.
 */
import { describe, expect, it } from 'vitest';
import { useFixture } from './support/fixture';
import { watchErrors } from './support/browser';
import { openPlayground, run, waitForRunEnd, waitForValidation } from './support/playground';
import { endedReason, firedEvents, pickHost, sessionSteps, useSession } from './support/session';

const f = useFixture();

const COMMAND = 'touch made-by-bash.txt && echo made it';
const steps = (answer?: 'allow' | 'deny') => [
  { prompt: 'Create the marker file' },
  { tool: 'Bash', input: { command: COMMAND } },
  ...(answer ? [{ approval: answer }] : []),
  { reply: 'Done.' },
];

describe('answering a permission prompt', () => {
  it('allow runs the command and the model gets its output; deny refuses it; no answer denies it as claude -p does', async () => {
    const { page } = await f.newPage();
    const errors = watchErrors(page);
    await openPlayground(page, f.server.url);
    await pickHost(page, 'Claude Code');

    // An answer before any tool call is caught while typing, naming the step; nothing can run it.
    await useSession(page, [{ prompt: 'Create the marker file' }, { approval: 'allow' }]);
    await waitForValidation(page);
    const bad = page.getByTestId('step-row').nth(1);
    await expect(bad.getByTestId('step-problem').textContent()).resolves.toMatch(/^session\.steps\[1\]\.approval \(approval: allow\): an approval answers the permission prompt/);
    const problem = page.getByTestId('problem').filter({ hasText: 'session.steps[1].approval' });
    await expect(problem.count()).resolves.toBe(1);
    await expect(problem.textContent()).resolves.toContain('session step 2');
    // Jumping to it puts the cursor in the session's editor.
    await problem.click();
    await page.getByTestId('session-json').locator('.monaco-editor.focused').waitFor({ timeout: 5_000 });
    await expect(page.getByTestId('session-json').locator('.squiggly-error').count()).resolves.toBeGreaterThan(0);

    // Allowed: the call asks (no hook allows it), the user says yes, it runs for real.
    await useSession(page, steps('allow'));
    await waitForValidation(page);
    await expect(page.getByTestId('step-problem').count()).resolves.toBe(0);
    await run(page);
    expect(await waitForRunEnd(page, 60_000)).toBe('done');
    expect(await endedReason(page)).toBe('completed');
    const toolStep = sessionSteps(page).and(page.locator('[data-step="1"]'));
    expect((await firedEvents(page)).map((e) => e.event)).toEqual(expect.arrayContaining(['PreToolUse', 'PermissionRequest', 'PostToolUse']));
    await expect(toolStep.getByTestId('lane').first().getByTestId('lane-result').textContent()).resolves.toBe('exit 0');
    const tool = toolStep.getByTestId('session-tool');
    await expect(tool.getAttribute('data-ran')).resolves.toBe('true');
    await expect(tool.getAttribute('data-decided-by')).resolves.toBe('user');
    await expect(tool.getByTestId('approval-answer').textContent()).resolves.toContain('allow');
    await expect(tool.getByTestId('tool-result').textContent()).resolves.toBe('made it');
    // The answer was used: it is not listed as a step that never happened.
    await expect(page.getByTestId('session-skipped').count()).resolves.toBe(0);

    // Denied: it never runs, PostToolUse never fires, and the model is told the user refused.
    await useSession(page, steps('deny'));
    await run(page);
    expect(await waitForRunEnd(page, 60_000)).toBe('done');
    expect(await endedReason(page)).toBe('completed');
    await expect(tool.getAttribute('data-ran')).resolves.toBe('false');
    await expect(tool.getAttribute('data-decided-by')).resolves.toBe('user');
    await expect(tool.getByTestId('approval-answer').textContent()).resolves.toContain('deny');
    await expect(tool.getByTestId('tool-result').textContent()).resolves.toContain("The user doesn't want to proceed with this tool use");
    expect((await firedEvents(page)).map((e) => e.event)).not.toContain('PostToolUse');

    // No answer: headless Claude Code cannot ask, so the call is denied in claude -p's own words, and the user is told.
    await useSession(page, steps());
    await run(page);
    expect(await waitForRunEnd(page, 60_000)).toBe('done');
    await expect(tool.getAttribute('data-ran')).resolves.toBe('false');
    await expect(tool.getAttribute('data-decided-by')).resolves.toBe('rule');
    await expect(tool.getByTestId('tool-result').textContent()).resolves.toContain('needs approval');
    await expect(toolStep.getByTestId('session-notice').textContent()).resolves.toContain('with no approval step it is denied, as in claude -p');
    await expect(tool.getByTestId('approval-answer').count()).resolves.toBe(0);

    expect(errors).toEqual([]);
  }, 120_000);
});
