/**
 * A person shares a scenario: "Copy link" gives a URL that reopens exactly the same files, event and
 * payload for someone else, in a fresh browser, without the token and without running anything.
 * "Copy bug report" gives Markdown with the scenario, the outcome, the timeline and the link.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { copyFrom } from './support/browser';
import { useFixture } from './support/fixture';
import { addFile, downloadScenario, openPlayground, payloadEditor, pickEvent, run, setEditorText, waitForRunEnd, waitForDraftSaved } from './support/playground';
import { pickHost } from './support/session';

const f = useFixture();

describe('sharing with others', () => {
  it('a copied link restores the same scenario in a fresh browser, and runs nothing', async () => {
    const { page } = await f.newPage();
    await openPlayground(page, f.server.url);
    await pickHost(page, 'Mirri Code CLI');

    await page.getByLabel('Scenario title').fill('Log every prompt');
    await addFile(page, 'hooks/log prompt.sh', '#!/bin/sh\n# a path with a space, and “quotes” ✓\ncat >> "$HOME/prompts.log"\n');
    await pickEvent(page, 'UserPromptSubmit');
    await setEditorText(page, payloadEditor(page), '{\n  "prompt": "Refactor ~/src/app.ts, then run `npm test`"\n}\n');
    await waitForDraftSaved(page);
    const original = await downloadScenario(page);
    expect(original.event).toBe('UserPromptSubmit');
    expect(original.files['hooks/log prompt.sh']).toContain('“quotes” ✓');

    const link = await copyFrom(page, page.getByRole('button', { name: 'Copy link' }));
    expect(link).toMatch(/#s=[\w-]+$/);
    expect(link).not.toContain('token');
    expect(link).not.toContain(f.server.token);

    // Someone else: a new browser profile, no token, no draft.
    const other = await f.newPage();
    await other.page.goto(link);
    await other.page.getByTestId('auth-banner').waitFor();
    await expect(other.page.getByTestId('auth-banner').textContent()).resolves.toContain('Open the URL printed by hookplay serve');
    const restored = await downloadScenario(other.page);
    expect(restored).toEqual(original);
    await expect(other.page.getByLabel('Event', { exact: true }).inputValue()).resolves.toBe('UserPromptSubmit');
    await expect(other.page.getByLabel('Scenario title').inputValue()).resolves.toBe('Log every prompt');
    await expect(other.page.locator('[role=tab][data-path="hooks/log prompt.sh"][aria-selected=true]').count()).resolves.toBe(1);
    await expect(other.page.getByTestId('run-status').getAttribute('data-status')).resolves.toBe('idle');
    await expect(other.page.getByTestId('timeline').count()).resolves.toBe(0);

    // Someone with a token (opened the printed URL before): the link still does not run by itself.
    // Pasted into the address bar of an open playground (a hash change), then reloaded.
    const third = await f.newPage();
    await openPlayground(third.page, f.server.url);
    await third.page.goto(link);
    await expect.poll(() => third.page.getByLabel('Scenario title').inputValue()).toBe('Log every prompt');
    await third.page.getByTestId('connection').and(third.page.locator('[data-state=open]')).waitFor();
    // The one sleep kept: what is tested is that nothing happens. The link is open and the server connected, so a
    // run started by opening it would have shown by now; a second more gives one a chance to.
    await third.page.waitForTimeout(1000);
    await expect(third.page.getByTestId('run-status').getAttribute('data-status')).resolves.toBe('idle');
    await expect(third.page.getByTestId('lane').count()).resolves.toBe(0);
    expect(await downloadScenario(third.page)).toEqual(original);
    await third.page.reload();
    await third.page.getByTestId('connection').and(third.page.locator('[data-state=open]')).waitFor();
    // As above: nothing may start after a reload either, so this waits for nothing in particular.
    await third.page.waitForTimeout(1000);
    await expect(third.page.getByTestId('lane').count()).resolves.toBe(0);
    expect(await downloadScenario(third.page)).toEqual(original);
  });

  it('opening a link never loses your own draft', async () => {
    const { page } = await f.newPage();
    await openPlayground(page, f.server.url);
    await pickHost(page, 'Mirri Code CLI');
    await page.getByLabel('Scenario title').fill('Shared one');
    await waitForDraftSaved(page);
    const link = await copyFrom(page, page.getByRole('button', { name: 'Copy link' }));

    await page.getByLabel('Scenario title').fill('My own work');
    await waitForDraftSaved(page);
    await page.goto('about:blank');
    await page.goto(link);
    await expect.poll(() => page.getByLabel('Scenario title').inputValue()).toBe('Shared one');
    await page.getByTestId('toast').getByRole('button', { name: 'Back to my draft' }).click();
    await expect(page.getByLabel('Scenario title').inputValue()).resolves.toBe('My own work');
  });

  it('a bug report has the scenario, the outcome, the timeline and the link', async () => {
    const { page } = await f.newPage();
    await openPlayground(page, f.server.url);
    await pickHost(page, 'Mirri Code CLI');
    await setEditorText(page, payloadEditor(page), JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf /tmp/x' } }, null, 2));
    await run(page);
    expect(await waitForRunEnd(page)).toBe('done');

    const report = await copyFrom(page, page.getByRole('button', { name: 'Copy bug report' }));
    expect(report).toMatch(/^## hookplay: /);
    expect(report).toContain('`~/.mirri-code/config.toml`');
    expect(report).toContain('```toml\n[[hooks]]');
    expect(report).toContain('"command": "rm -rf /tmp/x"');
    expect(report).toContain('**Verdict:** `block`');
    expect(report).toContain('Dangerous command detected, blocked');
    expect(report).toMatch(/### Timeline\n\n```\n\s*\+[\d.]+ ms {2}run start: parallel/);
    expect(report).toMatch(/#1 end: exit 2/);
    const link = /\[open this scenario\]\(([^)]+)\)/.exec(report)?.[1];
    expect(link).toMatch(/#s=/);
    expect(link).not.toContain(f.server.token);
  });
});
