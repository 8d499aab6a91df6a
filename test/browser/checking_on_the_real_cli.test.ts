/**
 * A person wonders whether hookplay's emulation really is what their host does. Beside Run they press "Check on
 * the real CLI": the server plays the scenario on the host's real CLI (installed in the cache, offline against a
 * mock of its model API) while the progress streams in; the result lays the two readings side by side, the
 * differences first. They save the real run as a recorded case that `npm test` replays, and copy a report for an
 * issue. A host the server has not installed says how to install it; a hung CLI is cancelled like a run.
 *
 * Real Chromium, a real server, the real CLI CI installs (gemini-cli@0.61.0, test/support/real-host.ts).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRecordedCases, replayCase } from '../../packages/real-host/src/index.js';
import { eventually, processesWith } from '../support/processes';
import { realHostUnderTest, type RealHostFixtures } from '../support/real-host';
import { launchBrowser, newContext, watchErrors, type Launched } from './support/browser';
import { useFixture } from './support/fixture';
import { screenshot } from './support/output';
import { openPlayground } from './support/playground';
import { startServer, type Served } from './support/server';

const found = ((): { fixtures: RealHostFixtures } | { reason: string } => {
  try {
    return { fixtures: realHostUnderTest() };
  } catch (e) {
    return { reason: (e as Error).message };
  }
})();
const fixtures = 'fixtures' in found ? found.fixtures : null;

/** Opens a scenario the way a person does: the Open file button's input. */
async function openScenario(page: Page, scenario: object, name: string): Promise<void> {
  await page.getByTestId('upload-input').setInputFiles({ name: `${name}.hookplay.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(scenario)) });
  await expect.poll(() => page.getByLabel('Scenario title').inputValue()).toBe((scenario as { title: string }).title);
}

/** Watches the page: when the first progress line showed, and when the result did. */
async function watchProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { seen: { progress: number | null; result: number | null } };
    w.seen = { progress: null, result: null };
    new MutationObserver(() => {
      if (w.seen.progress === null && document.querySelector('[data-testid=real-progress] li:not(.muted)')) w.seen.progress = performance.now();
      if (w.seen.result === null && document.querySelector('[data-testid=real-result]')) w.seen.result = performance.now();
    }).observe(document.body, { subtree: true, childList: true });
  });
}

async function checkEnd(page: Page, timeout = 240_000): Promise<string> {
  const status = page.locator('[data-testid=real-status]:not([data-status=starting]):not([data-status=running]):not([data-status=cancelling])');
  await status.waitFor({ timeout });
  return (await status.getAttribute('data-status')) ?? '';
}

describe.skipIf(!fixtures)(fixtures ? `checking on the real CLI (${fixtures.host}@${fixtures.version})` : `checking on the real CLI: skipped, ${'reason' in found ? found.reason : ''}`, { timeout: 300_000 }, () => {
  const f = useFixture();
  const host = fixtures!;

  it('streams the CLI’s progress, then both readings field by field; the run saves as a recorded case npm test replays', async () => {
    const { page } = await f.newPage();
    const errors = watchErrors(page);
    await openPlayground(page, f.server.url);
    await openScenario(page, host.agrees, 'agrees');
    await watchProgress(page);

    await page.getByTestId('check-real').click();
    expect(await checkEnd(page)).toBe('done');
    const seen = await page.evaluate(() => (window as unknown as { seen: { progress: number | null; result: number | null } }).seen);
    // Progress was on the page while the CLI ran, before its result.
    expect(seen.progress).not.toBeNull();
    expect(seen.progress!).toBeLessThan(seen.result!);
    await expect(page.getByTestId('real-progress').locator('li').count()).resolves.toBeGreaterThan(0);

    // They agree: said in words, every field both show marked "=", none guessed.
    await expect(page.getByTestId('real-result').getAttribute('data-differences')).resolves.toBe('0');
    await expect(page.getByTestId('real-summary').textContent()).resolves.toMatch(/They agree/);
    const fields = await page.getByTestId('real-field').evaluateAll((rows) => rows.map((r) => ({ path: r.getAttribute('data-path'), state: r.getAttribute('data-state'), real: r.querySelectorAll('td')[1]?.textContent?.trim() })));
    expect(fields.length).toBeGreaterThan(2);
    expect(fields.some((r) => r.path === 'verdict' && r.state === 'same')).toBe(true);
    for (const r of fields.filter((x) => x.state === 'unobserved')) expect(r.real).toBe('not observed');
    await screenshot(page, 'real-cli-agrees');

    // Save as a recorded case: the fixture format, where npm test finds it, and it replays with no difference.
    await expect(page.getByTestId('real-check').textContent()).resolves.toContain(`oracle/recorded/${host.host}/${host.version}/`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('save-recording').click()]);
    const recorded = JSON.parse(readFileSync(await download.path(), 'utf8'));
    expect(recorded).toMatchObject({ host: { id: host.host, version: host.version }, scenario: { dialect: host.host }, played: { session: expect.any(Object) } });
    expect(download.suggestedFilename()).toBe(`${recorded.case}.json`);
    await expect(page.getByTestId('toast').textContent()).resolves.toContain(`oracle/recorded/${host.host}/${host.version}/${recorded.case}.json`);
    const root = mkdtempSync(join(tmpdir(), 'hookplay-recorded-'));
    mkdirSync(join(root, host.host, host.version), { recursive: true });
    writeFileSync(join(root, host.host, host.version, download.suggestedFilename()), readFileSync(await download.path()));
    const cases = loadRecordedCases(root);
    expect(cases.map((c) => c.recorded.case)).toEqual([recorded.case]);
    const replay = await replayCase(cases[0]!.recorded);
    expect(replay).toMatchObject({ stale: false, differences: [] });
    expect(errors).toEqual([]);
  });

  it('a scenario they part on lists each difference first, both sides in words, and reports it as Markdown', async () => {
    const { page } = await f.newPage();
    const errors = watchErrors(page);
    await openPlayground(page, f.server.url);
    await openScenario(page, host.differs, 'differs');
    await page.getByTestId('check-real').click();
    expect(await checkEnd(page)).toBe('done');

    const differences = page.getByTestId('real-difference');
    expect(await differences.count()).toBeGreaterThan(0);
    // Marked by text, not colour alone: the ≠ sign and the field's own words, above the field-by-field table.
    const first = differences.first();
    await expect(first.textContent()).resolves.toMatch(/≠/);
    await expect(first.textContent()).resolves.toMatch(/Emulated.*Real CLI/s);
    const listTop = (await differences.first().boundingBox())!.y;
    const tableTop = (await page.getByTestId('real-field').first().boundingBox())!.y;
    expect(listTop).toBeLessThan(tableTop);
    // In the table the differing rows come first, each with its ≠.
    const states = await page.getByTestId('real-field').evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-state'), r.querySelector('.state')?.textContent?.trim().slice(0, 1)]));
    expect(states[0]).toEqual(['differs', '≠']);
    await screenshot(page, 'real-cli-differs');

    await page.getByTestId('report-real').click();
    const report = await page.evaluate(() => navigator.clipboard.readText());
    expect(report).toMatch(new RegExp(`^## hookplay and the real ${host.host} ${host.version.replace(/\./g, '\\.')} differ`));
    expect(report).toContain('### Differences');
    expect(report).toContain('### Both readings, field by field');
    expect(report).toContain(`"dialect": "${host.host}"`);
    expect(report).toMatch(/\*\*Emulation:\*\* the rules of \d/);
    expect(errors).toEqual([]);
  });

  it('Cancel stops a hung CLI like a run: nothing of it is left running', async () => {
    const { page } = await f.newPage();
    await openPlayground(page, f.server.url);
    await openScenario(page, host.hangs, 'hangs');
    await page.getByTestId('check-real').click();
    expect(await eventually(() => processesWith(host.hangMarker).length > 0, 120_000)).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await checkEnd(page, 60_000)).toBe('cancelled');
    await expect(page.getByTestId('real-check').textContent()).resolves.toMatch(/cancelled/);
    expect(await eventually(() => processesWith(host.hangMarker).length === 0, 20_000)).toBe(true);
  });
});

describe('a real CLI the server has not installed', { timeout: 120_000 }, () => {
  let served: Served;
  let launched: Launched;
  beforeAll(async () => {
    // A cache folder of its own, empty: this server has no real CLI at all.
    const cache = mkdtempSync(join(tmpdir(), 'hookplay-empty-cache-'));
    [served, launched] = await Promise.all([startServer({ env: { HOOKPLAY_CACHE_DIR: cache } }), launchBrowser()]);
  }, 60_000);
  afterAll(async () => {
    await launched?.close();
    await served?.stop();
  });

  it('says how to install it, and a docs-only host says it has no real CLI; nothing fails silently', async () => {
    const context = await newContext(launched.browser, served.origin);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openPlayground(page, served.url);
    await page.getByTestId('check-real').click();
    const help = page.getByTestId('real-not-installed');
    await help.waitFor({ timeout: 15_000 });
    await expect(help.textContent()).resolves.toMatch(/npx hookplay hosts install claude-code@2\.1\.332/);
    await screenshot(page, 'real-cli-not-installed');

    await page.getByRole('radiogroup', { name: 'Host' }).getByText('Mirri Code CLI', { exact: true }).click();
    await page.getByTestId('check-real').click();
    await expect(page.getByTestId('real-none').textContent()).resolves.toMatch(/no real CLI/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
