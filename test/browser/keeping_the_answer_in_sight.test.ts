/**
 * A newcomer opens the playground on a laptop (1440×900) and on a phone (390×844), presses Run, and sees the
 * host's answer at once: the result dock sits beside the editors (under them on a phone, its Run bar pinned to
 * the bottom) and brings the verdict into view. Comparisons take the whole width, with every host's column in
 * full and differences marked by text; status messages never cover Run; the zip's README command runs; a session
 * shows where it ended and folds its rounds; examples are found by words; a link carries its result to any
 * hookplay server, whatever its port, and to the static viewer, and runs nothing by itself.
 *
 * Checked by geometry (boxes against the viewport, what is under a control's centre), with screenshots of each
 * main view in test/browser/.output/.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DIALECT_IDS } from '../../packages/engine/src/dialects/ids.js';
import { CLI } from '../support/paths';
import { watchErrors } from './support/browser';
import { useFixture } from './support/fixture';
import { screenshot } from './support/output';
import { fileEditor, openFile, openPlayground, run, setEditorText, verdict, waitForRunEnd } from './support/playground';
import { REPO, startServer } from './support/server';
import { useSession } from './support/session';

const f = useFixture();
const exec = promisify(execFile);

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A phone is a touch screen with no hover: what it shows (no keyboard shortcut) follows from that. */
async function pageAt(browser: Browser, origin: string, size: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const phone = size.width < 500;
  const context = await browser.newContext({ viewport: size, ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}) });
  if (origin.startsWith('http')) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  return { context, page: await context.newPage() };
}

/**
 * Whether `locator` is in sight: its top inside the viewport with room for a line of it, and what is drawn at
 * that line is the element itself (not the pinned Run bar, not a message over it).
 */
async function inSight(locator: Locator): Promise<{ ok: boolean; why: string }> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const vh = window.innerHeight;
    const vw = window.innerWidth;
    if (r.top < 0 || r.top + 20 > vh || r.left < 0 || r.right > vw + 1) return { ok: false, why: `box ${JSON.stringify(r)} outside ${vw}×${vh}` };
    const probe = document.elementFromPoint(r.left + Math.min(r.width / 2, 40), r.top + Math.min(r.height / 2, 12));
    return probe && (el === probe || el.contains(probe)) ? { ok: true, why: '' } : { ok: false, why: `covered by ${probe?.outerHTML.slice(0, 120)}` };
  });
}

function rect(locator: Locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height };
  });
}

async function openScenarioFile(page: Page, path: string): Promise<void> {
  const scenario = JSON.parse(readFileSync(join(REPO, 'scenarios', path), 'utf8')) as { title: string };
  await page.getByTestId('upload-input').setInputFiles({ name: path.replace(/.*\//, ''), mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(scenario)) });
  await expect.poll(() => page.getByLabel('Scenario title').inputValue()).toBe(scenario.title);
}

describe('keeping the answer in sight', () => {
  for (const size of [LAPTOP, PHONE]) {
    const where = `${size.width}×${size.height}`;

    it(`${where}: opens on Claude Code with a guard that decides, and the verdict is in sight right after Run`, async () => {
      const { context, page } = await pageAt(f.browser, f.server.origin, size);
      const errors = watchErrors(page);
      await openPlayground(page, f.server.url);
      await expect(page.getByRole('radio', { name: 'Claude Code', exact: true }).isChecked()).resolves.toBe(true);
      await page.getByTestId('file-editor').locator('[data-monaco=ready]').waitFor({ timeout: 20_000 });
      await screenshot(page, 'start');
      // Run is in sight before anything is scrolled, on a phone too.
      expect(await inSight(page.getByRole('button', { name: /^Run/ }))).toEqual({ ok: true, why: '' });
      // No keyboard shortcut is offered on a touch screen.
      await expect(page.locator('.shortcut').isVisible()).resolves.toBe(size === LAPTOP);

      await run(page);
      expect(await waitForRunEnd(page)).toBe('done');
      expect(await verdict(page)).toBe('block');
      await expect.poll(() => inSight(page.getByTestId('verdict'))).toEqual({ ok: true, why: '' });
      // The card leads with what decided, not with a note about the version applied.
      await expect(page.getByTestId('verdict-card').locator('[data-code]').first().getAttribute('data-code')).resolves.toMatch(/^rule\./);
      await screenshot(page, 'run');

      if (size === LAPTOP) {
        // Ctrl+Enter from the editor: the same, the new verdict in sight.
        await page.getByTestId('file-editor').locator('.view-lines').click();
        await page.keyboard.press('ControlOrMeta+Enter');
        await page.getByTestId('run-status').and(page.locator('[data-status=done]')).waitFor({ timeout: 20_000 });
        await expect.poll(() => inSight(page.getByTestId('verdict'))).toEqual({ ok: true, why: '' });
      }
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`${where}: status messages never cover Run or the controls beside it`, async () => {
      const { context, page } = await pageAt(f.browser, f.server.origin, size);
      await openPlayground(page, f.server.url);
      await openScenarioFile(page, 'claude-code/block-rm-rf.hookplay.json');
      const toast = page.getByTestId('toast');
      await toast.waitFor();
      const message = await rect(toast);
      for (const button of await page.getByTestId('run-controls').getByRole('button').all()) {
        const b = await rect(button);
        const overlaps = b.left < message.right && message.left < b.right && b.top < message.bottom && message.top < b.bottom;
        expect(overlaps, `${await button.textContent()} is covered`).toBe(false);
      }
      expect(await inSight(page.getByRole('button', { name: /^Run/ }))).toEqual({ ok: true, why: '' });
      await context.close();
    });
  }

  it('1440×900: On every host takes the whole width, every column in full, the decisive difference first, marked in text', async () => {
    const { context, page } = await pageAt(f.browser, f.server.origin, LAPTOP);
    await openPlayground(page, f.server.url);
    await openScenarioFile(page, 'porting/rm-rf-guard.hookplay.json');
    await page.getByTestId('run-every-host').click();
    await page.locator('[data-testid=host-compare][data-status=done]').waitFor({ timeout: 120_000 });
    await expect(page.getByTestId('editors').isVisible()).resolves.toBe(false);

    const scroller = page.getByTestId('compare-scroller');
    const box = await rect(scroller);
    expect(box.width).toBeGreaterThan(1300);
    const sizes = await scroller.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(sizes.scrollWidth, 'the table scrolls sideways').toBeLessThanOrEqual(sizes.clientWidth + 1);
    const headers = await page.getByTestId('host-column').evaluateAll((ths) =>
      ths.map((th) => {
        const r = th.getBoundingClientRect();
        return { host: th.getAttribute('data-host'), left: r.left, right: r.right, clipped: [...th.querySelectorAll('.host')].some((s) => s.scrollWidth > s.clientWidth + 1) };
      }),
    );
    // A column per host the engine lists, every one of them fitting.
    expect(headers).toHaveLength(DIALECT_IDS.length);
    for (const h of headers) {
      expect(h.left, `${h.host} starts outside the table`).toBeGreaterThanOrEqual(box.left - 1);
      expect(h.right, `${h.host} ends outside the table`).toBeLessThanOrEqual(box.right + 1);
      expect(h.clipped, `${h.host} is cut`).toBe(false);
    }
    // No word is broken mid-way in a summary: each summary's widest word fits its cell. A key may break after a
    // `{` or a `_` (the app allows a break there: with a dozen hosts `transcript_path,` is wider than a column).
    const broken = await page.locator('[data-testid=cell] summary').evaluateAll((els) =>
      els.filter((s) => {
        const range = document.createRange();
        range.selectNodeContents(s);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        const words = (s.textContent ?? '').trim().split(/\s+|(?<=[{_])/).filter(Boolean).length;
        return lines.size > words;
      }).map((s) => s.textContent),
    );
    expect(broken).toEqual([]);
    // The difference that changes the outcome is named first, and a differing cell says so in text.
    const first = page.getByTestId('compare-difference').first();
    await expect(first.getAttribute('data-decisive')).resolves.toBe('true');
    await expect(first.textContent()).resolves.toMatch(/changes the outcome/);
    const differing = page.locator('[data-testid=cell][data-differs=true]').first();
    await expect(differing.locator('.mark.differs').textContent()).resolves.toMatch(/≠/);
    await screenshot(page, 'every-host');

    // Back to the editors, beside the table; and to this host.
    await page.getByTestId('toggle-wide').click();
    await expect(page.getByTestId('editors').isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('390×844: On every host shows a card per host, none wider than the screen', async () => {
    const { context, page } = await pageAt(f.browser, f.server.origin, PHONE);
    await openPlayground(page, f.server.url);
    await openScenarioFile(page, 'porting/rm-rf-guard.hookplay.json');
    await page.getByTestId('run-every-host').click();
    await page.locator('[data-testid=host-compare][data-status=done]').waitFor({ timeout: 120_000 });
    const cards = await page.getByTestId('host-column').evaluateAll((els) => els.map((el) => ({ host: el.getAttribute('data-host'), left: el.getBoundingClientRect().left, right: el.getBoundingClientRect().right })));
    expect(cards).toHaveLength(DIALECT_IDS.length);
    for (const c of cards) {
      expect(c.left, c.host!).toBeGreaterThanOrEqual(0);
      expect(c.right, c.host!).toBeLessThanOrEqual(PHONE.width);
    }
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
    await page.getByTestId('host-compare').scrollIntoViewIfNeeded();
    await screenshot(page, 'every-host');
    await context.close();
  });

  it('Compare versions: full width, the rule this scenario touches first, racy said why, the badge names the version in use', async () => {
    const { context, page } = await pageAt(f.browser, f.server.origin, LAPTOP);
    await openPlayground(page, f.server.url);
    await openScenarioFile(page, 'claude-code-versions/exit2-with-json-does-not-block-2.1.47.hookplay.json');
    await expect(page.getByTestId('verified').getAttribute('data-version')).resolves.toBe('2.1.47');
    await expect(page.getByTestId('verified').locator('summary').textContent()).resolves.toMatch(/verified against Claude Code 2\.1\.47/);
    await page.getByTestId('compare-versions').click();
    await page.locator('[data-testid=version-compare][data-status=done]').waitFor({ timeout: 120_000 });
    await expect(page.getByTestId('editors').isVisible()).resolves.toBe(false);
    const change = page.locator('[data-testid=version-change][data-from="2.1.47"][data-to="2.1.143"]');
    await expect(change.getByTestId('changed-rule').first().getAttribute('data-rule')).resolves.toBe('answers');
    // Words stay apart: "proceed" and the racy mark are two words.
    await expect(page.locator('[data-testid=version-row][data-version="1.0.41"] .verdict').innerText()).resolves.toMatch(/proceed\s+racy/);
    await expect(page.locator('[data-testid=version-change][data-from="1.0.41"] .racy-why').textContent()).resolves.toMatch(/1\.0\.41: .+/);
    await screenshot(page, 'versions');
    await context.close();
  });

  it("the zip's README command runs, also for a scenario with no home files", async () => {
    const { context, page } = await pageAt(f.browser, f.server.origin, LAPTOP);
    await openPlayground(page, f.server.url);
    // The Claude Code starter keeps all its files in the project.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download files as zip' }).click()]);
    const dir = mkdtempSync(join(tmpdir(), 'hookplay-zip-'));
    await exec('unzip', ['-q', await download.path(), '-d', dir]);
    expect(existsSync(join(dir, 'home'))).toBe(true);
    const command = /^ {2}(npx hookplay run .*)$/m.exec(readFileSync(join(dir, 'README.txt'), 'utf8'))?.[1];
    expect(command).toBeDefined();
    const { stdout } = await exec('sh', ['-c', `${command!.replace('npx hookplay', `node ${CLI}`)} --json`], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
    expect(JSON.parse(stdout)).toMatchObject({ dialect: 'claude-code', verdict: 'block' });
    await context.close();
  });

  it('a session shows where it ended, folds its repeated rounds, and a quick-added step happens', async () => {
    const { context, page } = await pageAt(f.browser, f.server.origin, LAPTOP);
    const errors = watchErrors(page);
    await openPlayground(page, f.server.url);
    await openFile(page, '.claude/settings.json');
    await setEditorText(page, fileEditor(page), `${JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'cat > /dev/null; echo "Tests still fail" >&2; exit 2' }] }] } }, null, 2)}\n`);
    await useSession(page, [{ prompt: 'Fix the failing tests' }, { reply: 'Fixed.' }]);
    await run(page);
    expect(await waitForRunEnd(page, 60_000)).toBe('done');
    // The end is where the Stop blocks are, after step 2, not at the prompt.
    await expect(page.getByTestId('session-ended-at').textContent()).resolves.toMatch(/at step 2, after \d+ Stop blocks/);
    const ended = page.locator('[data-testid=session-step][data-ended=true]');
    await expect(ended.count()).resolves.toBe(1);
    await expect(ended.getAttribute('data-label')).resolves.toBe('the model answers again');
    await expect(page.locator('[data-testid=session-step][data-step="0"]').getByTestId('ended-here').count()).resolves.toBe(0);
    // The rounds between the first and the last are folded under a count.
    const rounds = page.getByTestId('session-rounds');
    await expect(rounds.locator(':scope > details > summary').textContent()).resolves.toMatch(/^\d+ more rounds: the model answers again, blocked each time/);
    await expect(rounds.locator(':scope > details').getAttribute('open')).resolves.toBeNull();
    await expect.poll(() => inSight(page.getByTestId('session-ended'))).toEqual({ ok: true, why: '' });
    await screenshot(page, 'session');

    // "Tool call" after a reply goes inside the turn, and is not left "never happened".
    await page.locator('[data-testid=add-step][data-kind=tool]').click();
    await expect(page.getByTestId('step-placed').textContent()).resolves.toMatch(/before the final reply/);
    await expect.poll(() => page.getByTestId('step-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind')))).toEqual(['prompt', 'tool', 'reply']);
    await run(page);
    expect(await waitForRunEnd(page, 60_000)).toBe('done');
    await expect(page.getByTestId('session-skipped').count()).resolves.toBe(0);
    await expect(page.getByTestId('session-tool').count()).resolves.toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('the gallery opens on the host being edited with one request, grouped by topic, and finds examples by words', async () => {
    const { context, page } = await pageAt(f.browser, f.server.origin, LAPTOP);
    await openPlayground(page, f.server.url);
    // Monaco's own chunks and workers load after the first editor appears: let them finish, so that what is
    // counted below is what opening the gallery asked for.
    await page.getByTestId('payload-editor').locator('[data-monaco=ready]').waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.getByRole('button', { name: 'Examples', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Examples' });
    await page.getByTestId('example').first().waitFor({ timeout: 15_000 });
    await expect(dialog.getByRole('radio', { name: /^Claude Code/ }).isChecked()).resolves.toBe(true);
    // Opening loads the index and the gallery's own code, not one file per example.
    const scripts = requests.filter((u) => /\.js$/.test(u));
    expect(scripts.filter((u) => /\.hookplay-[\w-]+\.js$/.test(u))).toEqual([]);
    expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(4);
    const groups = await dialog.locator('section.group h3').allTextContents();
    expect(groups.some((g) => /Claude Code · one event/.test(g))).toBe(true);
    expect(groups.some((g) => /Claude Code · sessions/.test(g))).toBe(true);
    await screenshot(page, 'gallery');
    // Words in any order, across every host.
    await page.getByTestId('gallery-search').fill('guard PreToolUse');
    await expect.poll(() => page.getByTestId('example').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('the toolbar is labelled in words, and a file tab has no × that deletes the file', async () => {
    for (const size of [LAPTOP, PHONE]) {
      const { context, page } = await pageAt(f.browser, f.server.origin, size);
      await openPlayground(page, f.server.url);
      const controls = await page.locator('nav[aria-label=Scenario] button, nav[aria-label=Scenario] summary').all();
      let shown = 0;
      for (const c of controls) {
        if (!(await c.isVisible())) continue;
        shown++;
        expect((await c.innerText()).trim(), await c.evaluate((el) => el.outerHTML.slice(0, 80))).not.toBe('');
      }
      expect(shown).toBeGreaterThan(1);
      const extra = await page.locator('[role=tablist] button:not([role=tab])').count();
      expect(extra).toBe(0);
      await expect(page.getByRole('button', { name: 'Delete file' }).isVisible()).resolves.toBe(true);
      await context.close();
    }
  });

  it('a link carries its result to another hookplay on another port, to `hookplay open`, and to the static viewer, running nothing', async () => {
    const { context, page } = await pageAt(f.browser, f.server.origin, LAPTOP);
    await openPlayground(page, f.server.url);
    await run(page);
    expect(await waitForRunEnd(page)).toBe('done');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByTestId('toast').textContent()).resolves.toMatch(/carries your last run’s result/);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/#s=[\w-]+$/);
    const hash = link.slice(link.indexOf('#'));

    // Another server, another port: the link's hash opens there, with the result read-only and nothing run.
    const other = await startServer();
    try {
      expect(other.origin).not.toBe(f.server.origin);
      const { context: c2, page: p2 } = await pageAt(f.browser, other.origin, LAPTOP);
      await openPlayground(p2, other.url);
      await p2.goto(`${other.origin}/${hash}`);
      await p2.getByTestId('shared-result').waitFor({ timeout: 15_000 });
      await expect(p2.getByTestId('verdict').textContent()).resolves.toMatch(/block/i);
      await expect(p2.getByTestId('run-status').getAttribute('data-status')).resolves.toBe('idle');
      await screenshot(p2, 'shared-result');
      await c2.close();
    } finally {
      await other.stop();
    }

    // `hookplay open LINK`: its own playground, the link's hash on the URL it prints.
    const child = spawn(process.execPath, [CLI, 'open', link, '--no-browser'], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`hookplay open printed no URL: ${out}`)), 20_000);
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /hookplay is running at (\S+#s=[\w-]+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        });
      });
      const { context: c3, page: p3 } = await pageAt(f.browser, new URL(url).origin, LAPTOP);
      await p3.goto(url);
      await p3.getByTestId('shared-result').waitFor({ timeout: 15_000 });
      await expect(p3.getByTestId('run-status').getAttribute('data-status')).resolves.toBe('idle');
      await c3.close();
    } finally {
      child.kill('SIGTERM');
    }

    // The static viewer: one file, no server, the same result read-only.
    const { stdout } = await exec(process.execPath, [CLI, 'open', link, '--static', '--no-browser']);
    const viewerUrl = stdout.trim();
    expect(viewerUrl).toMatch(/^file:\/\/.*index\.html#s=/);
    const { context: c4, page: p4 } = await pageAt(f.browser, 'null', LAPTOP);
    const errors = watchErrors(p4);
    await p4.goto(viewerUrl);
    await p4.getByTestId('viewer').waitFor({ timeout: 15_000 });
    await expect(p4.getByTestId('verdict').textContent()).resolves.toMatch(/block/i);
    await expect(p4.getByTestId('viewer-file').textContent()).resolves.toContain('PreToolUse');
    await screenshot(p4, 'viewer');
    expect(errors).toEqual([]);
    await c4.close();
    await context.close();
  }, 120_000);
});
