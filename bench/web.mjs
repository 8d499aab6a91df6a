#!/usr/bin/env node
/**
 * The web app's two budgets, measured on the built app (`npm run build` first):
 *   1. initial JS before Monaco: gzip size of every script index.html loads eagerly (entry + modulepreloads);
 *   2. time from navigation to an editable Monaco editor, median over a few cold loads in headless Chromium,
 *      against the real `hookplay serve`.
 * Usage: node bench/web.mjs [--runs N] [--json] [--strict]   (--strict: exit 1 when a budget is missed)
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = `${ROOT}apps/web/dist/`;
const CLI = `${ROOT}apps/server/dist/cli.js`;
const CHROMIUM = process.env.HOOKPLAY_CHROMIUM ?? '/usr/bin/chromium';
const BUDGET_KIB = 150;
const BUDGET_MS = 1500;

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 5;
const asJson = args.includes('--json');
const strict = args.includes('--strict');

function fail(message) {
  process.stderr.write(`bench/web.mjs: ${message}\n`);
  process.exit(2);
}

if (!existsSync(`${DIST}index.html`)) fail('apps/web/dist is missing: run `npm run build` first');
if (!existsSync(CLI)) fail('apps/server/dist is missing: run `npm run build` first');

// 1. What index.html makes the browser fetch and run before any lazy import.
const html = readFileSync(`${DIST}index.html`, 'utf8');
const eager = [
  ...[...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]),
  ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]),
];
const styles = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]);
const gz = (path) => gzipSync(readFileSync(`${DIST}${path.replace(/^\//, '')}`), { level: 9 }).length;
const scripts = [...new Set(eager)].map((src) => ({ src, gzip: gz(src) }));
const css = styles.map((href) => ({ href, gzip: gz(href) }));
const initialKiB = scripts.reduce((n, s) => n + s.gzip, 0) / 1024;

// 2. Navigation to an editable editor, on the real server.
const { chromium } = await import('playwright-core');
const server = spawn(process.execPath, [CLI, 'serve', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
const url = await new Promise((resolve, reject) => {
  let out = '';
  const timer = setTimeout(() => reject(new Error('hookplay serve printed no URL within 15 s')), 15_000);
  server.stdout.on('data', (d) => {
    out += d;
    const m = /(http:\/\/\S+\/\?token=[0-9a-f]+)/.exec(out);
    if (m) {
      clearTimeout(timer);
      resolve(m[1]);
    }
  });
  server.once('exit', (code) => reject(new Error(`hookplay serve exited with ${code}`)));
});

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const times = [];
try {
  for (let i = 0; i < runs + 1; i++) {
    // A fresh context each time: empty cache, no draft, like a first visit.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('hookplay:editor-ready').length > 0, null, { timeout: 30_000 });
    // Editable means typing changes the text, not only that the widget exists.
    await page.locator('[data-testid=file-editor] .monaco-editor .view-lines').click();
    await page.keyboard.type('#');
    await page.locator('[data-testid=file-editor] .view-lines').filter({ hasText: '#' }).waitFor({ timeout: 5000 });
    const ms = await page.evaluate(() => performance.getEntriesByName('hookplay:editor-ready')[0].startTime);
    // The first load warms the server's file cache and Chromium itself; it is not counted.
    if (i > 0) times.push(ms);
    await context.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}

const sorted = [...times].sort((a, b) => a - b);
const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
const ok = initialKiB < BUDGET_KIB && median < BUDGET_MS;

if (asJson) {
  process.stdout.write(`${JSON.stringify({ initialJsGzipKiB: +initialKiB.toFixed(1), scripts, css, editorReadyMs: { median: +median.toFixed(0), runs: times.map((t) => +t.toFixed(0)) }, ok }, null, 2)}\n`);
} else {
  const mark = (good) => (good ? 'ok' : 'OVER BUDGET');
  console.log(`initial JS before Monaco: ${initialKiB.toFixed(1)} KiB gzip (budget < ${BUDGET_KIB} KiB) ${mark(initialKiB < BUDGET_KIB)}`);
  for (const s of scripts) console.log(`  ${s.src}  ${(s.gzip / 1024).toFixed(1)} KiB`);
  for (const c of css) console.log(`  (css, not counted) ${c.href}  ${(c.gzip / 1024).toFixed(1)} KiB`);
  console.log(`navigation → editable Monaco: median ${median.toFixed(0)} ms over ${times.length} cold loads (budget < ${BUDGET_MS} ms) ${mark(median < BUDGET_MS)}`);
  console.log(`  runs: ${times.map((t) => `${t.toFixed(0)} ms`).join(', ')}`);
}
process.exit(strict && !ok ? 1 : 0);
