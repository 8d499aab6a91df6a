/**
 * A person downloads the scenario as a `.hookplay.json` file (the SCENARIO.md format the CLI reads) and
 * opens such files again; a broken file is refused with the reason and position, and nothing changes.
 */
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFixture } from './support/fixture';
import { downloadScenario, openPlayground } from './support/playground';
import { pickHost } from './support/session';

const f = useFixture();
const dir = mkdtempSync(join(tmpdir(), 'hookplay-upload-'));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('saving and opening files', () => {
  it('downloads the scenario in the SCENARIO.md format', async () => {
    const { page } = await f.newPage();
    await openPlayground(page, f.server.url);
    await pickHost(page, 'Mirri Code CLI');
    await page.getByLabel('Scenario title').fill('Guard rm -rf');
    await page.getByRole('radio', { name: 'v2' }).check();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download scenario' }).click()]);
    expect(download.suggestedFilename()).toBe('guard-rm-rf.hookplay.json');
    const doc = await downloadScenario(page);
    expect(doc).toMatchObject({ hookplay: 1, title: 'Guard rm -rf', dialect: 'mirri', host: { engine: 'v2' }, event: 'PreToolUse' });
    expect(Object.keys(doc)).toEqual(['hookplay', 'title', 'dialect', 'host', 'files', 'event', 'payload']);
  });

  it('opens a scenario file, and refuses a broken one without touching the work', async () => {
    const { page } = await f.newPage();
    await openPlayground(page, f.server.url);
    await pickHost(page, 'Mirri Code CLI');
    const scenario = {
      hookplay: 1,
      title: 'Uploaded',
      dialect: 'mework',
      files: { '.mework/hooks.json': '{\n  "hooks": {}\n}\n' },
      event: 'Stop',
      payload: { stop_hook_active: false },
      expect: { verdict: 'proceed' },
    };
    await page.getByTestId('upload-input').setInputFiles(file('good.hookplay.json', JSON.stringify(scenario, null, 2)));
    await expect.poll(() => page.getByLabel('Scenario title').inputValue()).toBe('Uploaded');
    expect(await downloadScenario(page)).toEqual(scenario);
    await expect(page.getByTestId('run-status').getAttribute('data-status')).resolves.toBe('idle');

    await page.getByTestId('upload-input').setInputFiles(file('broken.hookplay.json', '{\n  "hookplay": 1,\n  "dialect": "mework",\n  "files": {,\n}\n'));
    const toast = page.getByTestId('toast').filter({ hasText: 'broken.hookplay.json' });
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toMatch(/not a valid scenario.*broken\.hookplay\.json:4:\d+/s);

    await page.getByTestId('upload-input').setInputFiles(file('wrong.hookplay.json', JSON.stringify({ ...scenario, files: { '../escape.sh': 'x' } })));
    await expect(page.getByTestId('toast').filter({ hasText: 'wrong.hookplay.json' }).textContent()).resolves.toContain('..');

    await page.getByTestId('upload-input').setInputFiles(file('future.hookplay.json', JSON.stringify({ ...scenario, hookplay: 2 })));
    await expect(page.getByTestId('toast').filter({ hasText: 'future.hookplay.json' }).textContent()).resolves.toContain('version 2');

    expect(await downloadScenario(page)).toEqual(scenario);
  });
});
