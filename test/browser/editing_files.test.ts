/**
 * A person manages the simulated machine's files: adds a script (bad paths are refused with a reason),
 * renames and deletes with the keyboard, undoes a delete, switches hosts and events without losing work.
 */
import { describe, expect, it } from 'vitest';
import { useFixture } from './support/fixture';
import { addFile, downloadScenario, fileEditor, openPlayground, payloadEditor, pickEvent, setEditorText } from './support/playground';
import { pickHost } from './support/session';

const f = useFixture();

describe('editing files', () => {
  it('refuses paths that would escape the workspace, and says why', async () => {
    const { page } = await f.newPage();
    await openPlayground(page, f.server.url);
    await pickHost(page, 'Mirri Code CLI');
    await page.getByRole('button', { name: 'New file' }).click();
    const input = page.getByLabel('New file path');
    const hint = page.locator('#path-hint');
    for (const [path, why] of [
      ['../outside.sh', '".."'],
      ['/etc/passwd', 'absolute'],
      ['~/.mirri-code/config.toml', 'already exists'],
      ['', 'Type a path'],
    ] as const) {
      await input.fill(path);
      await input.press('Enter');
      await expect(hint.textContent()).resolves.toContain(why);
      await expect(input.getAttribute('aria-invalid')).resolves.toBe('true');
    }
    await input.press('Escape');
    await expect(page.locator('[role=tab]').count()).resolves.toBe(2);
  });

  it('adds, renames, deletes and undoes with the keyboard', async () => {
    const { page } = await f.newPage();
    await openPlayground(page, f.server.url);
    await pickHost(page, 'Mirri Code CLI');
    await addFile(page, 'hooks/check.py', 'import sys\nprint("ok")\n');
    await expect(page.locator('.path-bar').textContent()).resolves.toContain('script · Python');

    // F2 on the focused tab renames; the new name keeps the text.
    const tab = page.locator('[role=tab][data-path="hooks/check.py"]');
    await tab.focus();
    await page.keyboard.press('F2');
    const rename = page.getByLabel(/^Rename hooks\/check\.py to/);
    await rename.fill('hooks/check.sh');
    await rename.press('Enter');
    const renamed = page.locator('[role=tab][data-path="hooks/check.sh"]');
    await expect(renamed.getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-path'))).resolves.toBe('hooks/check.sh');
    await expect(page.locator('.path-bar').textContent()).resolves.toContain('script · Shell');

    // Arrow keys move between tabs.
    await page.keyboard.press('Home');
    await expect(page.locator('[role=tab][aria-selected=true]').getAttribute('data-path')).resolves.toBe('~/.mirri-code/config.toml');
    await page.keyboard.press('End');
    await expect(page.locator('[role=tab][aria-selected=true]').getAttribute('data-path')).resolves.toBe('hooks/check.sh');

    // Delete, then Undo from the toast: the file comes back where it was, with its text.
    await page.keyboard.press('Delete');
    await expect(renamed.count()).resolves.toBe(0);
    await page.getByTestId('toast').getByRole('button', { name: 'Undo' }).click();
    await expect(renamed.getAttribute('aria-selected')).resolves.toBe('true');
    const doc = await downloadScenario(page);
    expect(Object.keys(doc.files)).toEqual(['~/.mirri-code/config.toml', '~/.mirri-code/hooks/guard.mjs', 'hooks/check.sh']);
    expect(doc.files['hooks/check.sh']).toBe('import sys\nprint("ok")\n');
  });

  it('keeps files when switching events, and each host’s work when switching hosts', async () => {
    const { page } = await f.newPage();
    await openPlayground(page, f.server.url);
    await pickHost(page, 'Mirri Code CLI');
    await setEditorText(page, fileEditor(page), '[[hooks]]\nevent = "Stop"\ncommand = "echo edited"\n');
    await setEditorText(page, payloadEditor(page), '{\n  "tool_name": "Edit"\n}\n');

    await pickEvent(page, 'Stop');
    let doc = await downloadScenario(page);
    expect(doc.event).toBe('Stop');
    expect(doc.files['~/.mirri-code/config.toml']).toContain('echo edited');
    expect(doc.payload).toHaveProperty('stop_hook_active');

    // Back to PreToolUse: the payload typed for it is still there.
    await pickEvent(page, 'PreToolUse');
    doc = await downloadScenario(page);
    expect(doc.payload).toEqual({ tool_name: 'Edit' });

    await page.getByRole('radio', { name: 'open-strix' }).check();
    doc = await downloadScenario(page);
    expect(doc.dialect).toBe('open-strix');
    expect(Object.keys(doc.files).every((p) => p.startsWith('skills/'))).toBe(true);
    await expect(page.getByRole('group', { name: 'Host settings' }).getByText('Engine').count()).resolves.toBe(0);

    await page.getByRole('radio', { name: 'Mirri Code CLI' }).check();
    doc = await downloadScenario(page);
    expect(doc.files['~/.mirri-code/config.toml']).toContain('echo edited');
    expect(doc.payload).toEqual({ tool_name: 'Edit' });
  });
});
