/**
 * A person copied a Claude Code guard and wants to know what every other host would do with it: they open the
 * Porting example, press "On every host", read the columns, open a cell for the host's rule, and open one
 * host's port in the editor as an ordinary scenario.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DIALECT_IDS } from '../../packages/engine/src/dialects/ids.js';
import { hookplay } from '../support/cli.js';
import { useFixture } from './support/fixture';
import { REPO } from './support/server';
import { openPlayground, run, verdict, waitForRunEnd } from './support/playground';

const f = useFixture();
const GUARD = 'porting/rm-rf-guard.hookplay.json';

async function compareDone(page: Page): Promise<void> {
  await page.locator('[data-testid=host-compare][data-status=done]').waitFor({ timeout: 90_000 });
}

/** Whether real-CLI recordings of a host sit in this checkout (either place the oracle writes them). */
function hasRecordings(host: string): boolean {
  return [join(REPO, 'oracle', 'recorded', host), join(REPO, 'oracle', 'hosts', host, 'fixtures')].some((d) => existsSync(d) && readdirSync(d, { recursive: true }).some((n) => String(n).endsWith('.json')));
}

function cell(page: Page, host: string, row: string) {
  return page.locator(`[data-testid=cell][data-host="${host}"][data-row="${row}"]`);
}

describe('running on every host', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await f.newPage());
    await openPlayground(page, f.server.url);
    await page.getByRole('button', { name: 'Examples', exact: true }).click();
    await page.locator(`[data-testid=example][data-id="${GUARD}"]`).click();
    await page.getByTestId('run-every-host').click();
    await compareDone(page);
  }, 120_000);

  it('shows one column per host, with the rows the CLI prints and the same cells', async () => {
    const hosts = await page.getByTestId('host-column').evaluateAll((els) => els.map((e) => e.getAttribute('data-host')));
    expect([...hosts].sort()).toEqual([...DIALECT_IDS].sort());
    const rows = await page.locator('[data-testid=host-compare] tbody tr').evaluateAll((els) => els.map((e) => e.querySelector('th')?.textContent?.trim()));
    const cli = await hookplay(['run', join(REPO, 'scenarios', GUARD), '--hosts', 'all', '--json']);
    const json = JSON.parse(cli.stdout) as { hosts: Record<string, { compare: Record<string, { summary: string }> }> };
    expect(rows).toEqual(['Port changes', 'Did each hook fire', 'What the host decided', 'What the tool ran', 'What reaches the model', 'Output fields', 'Input the script receives']);
    for (const host of DIALECT_IDS) {
      for (const row of ['fired', 'tool', 'decision']) {
        await expect(cell(page, host, row).locator('summary').textContent(), `${host} ${row}`).resolves.toBe(json.hosts[host]!.compare[row]!.summary);
      }
    }
  });

  it('highlights where a host differs from the source and where the hook breaks', async () => {
    await expect(cell(page, 'claude-code', 'tool').locator('summary').textContent()).resolves.toBe('blocked');
    await expect(cell(page, 'gemini-cli', 'tool').locator('summary').textContent()).resolves.toBe('original');
    await expect(cell(page, 'gemini-cli', 'tool').getAttribute('data-differs')).resolves.toBe('true');
    await expect(cell(page, 'gemini-cli', 'fired').getAttribute('data-warn')).resolves.toBe('true');
    await expect(cell(page, 'codex', 'tool').getAttribute('data-differs')).resolves.toBe('false');
    // The highlight is visible, not only an attribute.
    const bg = await cell(page, 'gemini-cli', 'tool').evaluate((el) => getComputedStyle(el).backgroundColor);
    const plain = await cell(page, 'codex', 'tool').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).not.toBe(plain);
  });

  it('explains a cell by the host\'s own rule, with its verified or docs mark', async () => {
    const fired = cell(page, 'gemini-cli', 'fired');
    await fired.locator('summary').click();
    await expect(fired.innerText()).resolves.toMatch(/matcher \/Bash\/ does not match tool_name "run_shell_command"/);
    const decided = cell(page, 'claude-code', 'decision');
    await decided.locator('summary').click();
    await expect(decided.getByTestId('cell-evidence').textContent()).resolves.toMatch(/^(verified on Claude Code 2\.1\.332|from the docs)$/);
    const port = cell(page, 'gemini-cli', 'port');
    await port.locator('summary').click();
    await expect(port.innerText()).resolves.toMatch(/not made: .*the matcher names Bash; gemini-cli.s Bash tool is "run_shell_command"/);
  });

  it('marks each host verified only when recordings of its real CLI exist, the others "from the docs"', async () => {
    const marks = await page.locator('th[data-testid=host-column]').evaluateAll((els) =>
      els.map((e) => [e.getAttribute('data-host'), e.querySelector('[data-testid=host-evidence]')?.getAttribute('data-kind'), e.querySelector('[data-testid=host-evidence]')?.textContent?.trim()]),
    );
    expect(marks).toHaveLength(DIALECT_IDS.length);
    for (const [host, kind, text] of marks) {
      expect(kind, `${host}`).toBe(hasRecordings(host!) ? 'recorded' : 'docs');
      expect(text, `${host}`).toMatch(kind === 'recorded' ? /^verified on / : /^from the docs$/);
    }
    // Some of each: the docs-only hosts are really there to be told apart.
    expect(marks.some(([, kind]) => kind === 'docs')).toBe(true);
    // No cell of a docs-only host claims a recording.
    for (const [host, kind] of marks) {
      if (kind !== 'docs') continue;
      const claims = await page.locator(`[data-testid=cell][data-host="${host}"] [data-testid=cell-evidence]`).evaluateAll((els) => els.map((e) => e.textContent ?? ''));
      expect(claims.filter((t) => /verified|observed/.test(t)), `${host}`).toEqual([]);
    }
  });

  it('opens a host\'s port in the editor as an ordinary scenario, which runs there as its column said', async () => {
    await page.locator('[data-testid=host-column][data-host="gemini-cli"] [data-testid=open-port]').click();
    await page.locator('[role=tab][data-path=".gemini/settings.json"]').waitFor();
    // What the port could not make is among the problems, not "No problems found": its matcher names Claude
    // Code's tool, which Gemini CLI calls run_shell_command.
    const problems = page.getByTestId('problems');
    await problems.getByTestId('problem').filter({ hasText: /Not ported: .*the matcher names Bash; gemini-cli.s Bash tool is "run_shell_command"/ }).waitFor({ timeout: 10_000 });
    await expect(problems.textContent()).resolves.not.toContain('No problems found');
    await run(page);
    await expect(waitForRunEnd(page)).resolves.toBe('done');
    await expect(verdict(page)).resolves.toContain('proceed');
    // Back to the comparison: it is still there beside the single-host run.
    await page.getByTestId('view-hosts').click();
    // The comparison view is loaded when first shown again: wait for its last column, then count them.
    await page.getByTestId('host-column').nth(DIALECT_IDS.length - 1).waitFor();
    await expect(page.getByTestId('host-column').count()).resolves.toBe(DIALECT_IDS.length);
  });
});
