/**
 * A person shares a session, not just one event: the copied link reopens the same steps (exactly as typed) in
 * Session mode for someone else, running nothing; the bug report carries the steps, how the session ended and
 * its timeline; the zip's README and the copied command play the same session headless.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CLI } from '../support/paths';
import { copyFrom } from './support/browser';
import { useFixture } from './support/fixture';
import { downloadScenario, openPlayground, run, setEditorText, waitForRunEnd, waitForDraftSaved } from './support/playground';
import { endedReason, pickHost, waitForSteps } from './support/session';

const f = useFixture();
const exec = promisify(execFile);


// Typed by hand, on few lines: the link keeps this text, not a reformatted copy.
const TYPED = '{ "steps": [\n  { "prompt": "Say hi" },\n  { "tool": "Bash", "input": { "command": "echo hi" }, "result": { "output": "hi" } },\n  { "reply": "Said hi." }\n] }\n';

describe('sharing a session', () => {
  it('a link reopens the same session in Session mode, the report and the exports carry it', async () => {
    const { page } = await f.newPage();
    await openPlayground(page, f.server.url);
    await pickHost(page, 'Mirri Code CLI');
    await pickHost(page, 'Claude Code');
    await page.getByLabel('Scenario title').fill('Say hi session');
    await page.getByRole('radio', { name: 'Session', exact: true }).check();
    await setEditorText(page, page.getByTestId('session-json'), TYPED);
    await waitForSteps(page, JSON.parse(TYPED).steps);
    await waitForDraftSaved(page);
    const original = await downloadScenario(page);
    expect(original).toMatchObject({ dialect: 'claude-code', session: JSON.parse(TYPED) });
    expect(original.event).toBeUndefined();
    expect(original.payload).toBeUndefined();

    const link = await copyFrom(page, page.getByRole('button', { name: 'Copy link' }));
    expect(link).toMatch(/#s=[\w-]+$/);
    expect(link).not.toContain(f.server.token);

    // Someone else, in a fresh browser: Session mode, the same steps, the text as typed, nothing run.
    const other = await f.newPage();
    await other.page.goto(link);
    await other.page.getByTestId('step-row').nth(2).waitFor();
    await expect(other.page.getByRole('radio', { name: 'Session', exact: true }).isChecked()).resolves.toBe(true);
    expect(await downloadScenario(other.page)).toEqual(original);
    await other.page.getByTestId('session-json').locator('[data-monaco=ready]').waitFor({ timeout: 15_000 });
    const shown = await other.page.getByTestId('session-json').locator('.view-lines').innerText();
    expect(shown.replace(/\u00a0/g, ' ').split('\n').filter(Boolean)).toEqual(TYPED.trimEnd().split('\n'));
    await expect(other.page.getByTestId('run-status').getAttribute('data-status')).resolves.toBe('idle');
    await expect(other.page.getByTestId('session-timeline').count()).resolves.toBe(0);

    // Back to one event and to the session again: neither side is lost.
    await page.getByRole('radio', { name: 'One event', exact: true }).check();
    await expect(page.getByLabel('Event', { exact: true }).inputValue()).resolves.toBe('PreToolUse');
    await page.getByRole('radio', { name: 'Session', exact: true }).check();
    expect(await downloadScenario(page)).toEqual(original);
    // A host not opened before starts in Session mode too, with a starter session; coming back restores this one.
    // (Mirri, where the page started, comes back as it was left: one event.)
    await pickHost(page, 'Codex CLI');
    await expect(page.getByRole('radio', { name: 'Session', exact: true }).isChecked()).resolves.toBe(true);
    const codex = await downloadScenario(page);
    expect(codex.dialect).toBe('codex');
    expect((codex.session as { steps: unknown[] }).steps.length).toBeGreaterThan(1);
    await pickHost(page, 'Mirri Code CLI');
    await expect(page.getByRole('radio', { name: 'One event', exact: true }).isChecked()).resolves.toBe(true);
    await pickHost(page, 'Claude Code');
    expect(await downloadScenario(page)).toEqual(original);

    // The bug report: the steps, how it ended, each step, and the streamed timeline.
    await run(page);
    expect(await waitForRunEnd(page, 60_000)).toBe('done');
    expect(await endedReason(page)).toBe('completed');
    const report = await copyFrom(page, page.getByRole('button', { name: 'Copy bug report' }));
    expect(report).toMatch(/^## hookplay: Say hi session/);
    expect(report).toContain('- **Session:** 3 steps');
    expect(report).toContain('### Session\n\n```json\n{\n  "steps": [');
    expect(report).not.toContain('### Payload');
    expect(report).toContain('- **Ended:** `completed`');
    expect(report).toMatch(/\*\*step 2:\*\* Bash: echo hi\n {3}- PreToolUse: `\w+`/);
    expect(report).toMatch(/tool Bash ran \(decided by \w+\): `\{"command":"echo hi"\}`, the model is told "hi"/);
    expect(report).toMatch(/### Timeline\n\n```\n\s*\+[\d.]+ ms {2}\[1\] session start/);
    expect(report).toMatch(/ended: completed/);

    // The copied command plays the same session headless (this checkout's CLI standing in for npx hookplay).
    const command = await copyFrom(page, page.getByRole('button', { name: 'Copy command' }));
    expect(command).toMatch(/\| npx hookplay run -$/);
    const headless = await exec('sh', ['-c', `${command.replace('npx hookplay', `node ${CLI}`)} --json`], { env: { ...process.env, NO_COLOR: '1' } });
    expect(JSON.parse(headless.stdout)).toMatchObject({ session: true, ended: { reason: 'completed' } });

    // The zip: the files, the scenario file, and a README whose command plays it from there.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download files as zip' }).click()]);
    expect(download.suggestedFilename()).toBe('say-hi-session-files.zip');
    const dir = mkdtempSync(join(tmpdir(), 'hookplay-session-export-'));
    await exec('python3', ['-c', 'import sys,zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])', await download.path(), dir]);
    expect(existsSync(join(dir, 'payload.json'))).toBe(false);
    expect(existsSync(join(dir, 'project/.claude/settings.json'))).toBe(true);
    const readme = readFileSync(join(dir, 'README.txt'), 'utf8');
    const line = /^ {2}(npx hookplay run .*)$/m.exec(readme)?.[1];
    expect(line).toBe('npx hookplay run scenario.hookplay.json');
    const fromZip = await exec('sh', ['-c', `${line!.replace('npx hookplay', `node ${CLI}`)} --json`], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
    expect(JSON.parse(fromZip.stdout)).toMatchObject({ session: true, ended: { reason: 'completed' } });
  }, 120_000);
});
