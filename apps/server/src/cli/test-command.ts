import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { matchExpectation, runScenario } from '@hookplay/engine';
import { loadScenarioFile } from './load-scenario.js';
import { bold, dim, green, red } from './style.js';

const SUFFIX = '.hookplay.json';

async function collect(target: string): Promise<string[]> {
  const info = await stat(target).catch(() => null);
  if (!info) throw new Error(`${target}: no such file or directory`);
  if (info.isFile()) return [target];
  const found: string[] = [];
  for (const entry of (await readdir(target, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(target, entry.name);
    if (entry.isDirectory()) found.push(...(await collect(path)));
    else if (entry.name.endsWith(SUFFIX)) found.push(path);
  }
  return found;
}

const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));

/** `hookplay test FILE_OR_DIR...`: each scenario's `expect` against its real outcome; exit 1 on any failure. */
export async function testCommand(args: string[]): Promise<number> {
  if (args.length === 0) {
    process.stderr.write('usage: hookplay test FILE_OR_DIR...\n');
    return 2;
  }
  let files: string[];
  try {
    files = (await Promise.all(args.map(collect))).flat();
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    return 2;
  }
  if (files.length === 0) {
    process.stderr.write(`no *${SUFFIX} files in ${args.join(', ')}\n`);
    return 2;
  }
  let passed = 0;
  let failed = 0;
  for (const file of files) {
    const name = relative(process.cwd(), file) || file;
    try {
      const scenario = await loadScenarioFile(file);
      if (!scenario.expect) {
        process.stdout.write(`${red('✗')} ${name}\n    no "expect" block: nothing to check\n`);
        failed++;
        continue;
      }
      const started = performance.now();
      const outcome = await runScenario(scenario);
      const mismatches = matchExpectation(scenario.expect, outcome);
      const ms = Math.round(performance.now() - started);
      if (mismatches.length === 0) {
        passed++;
        process.stdout.write(`${green('✓')} ${name}${scenario.title ? dim(` — ${scenario.title}`) : ''} ${dim(`${ms} ms`)}\n`);
      } else {
        failed++;
        process.stdout.write(`${red('✗')} ${name}${scenario.title ? dim(` — ${scenario.title}`) : ''}\n`);
        for (const m of mismatches) process.stdout.write(`    ${bold(m.path)}: expected ${show(m.expected)}, got ${show(m.actual)}\n`);
        const errors = outcome.diagnostics.filter((d) => d.level === 'error');
        for (const d of errors) process.stdout.write(dim(`    (error: ${d.message})\n`));
      }
    } catch (e) {
      failed++;
      process.stdout.write(`${red('✗')} ${name}\n${String((e as Error).message).replace(/^/gm, '    ')}\n`);
    }
  }
  process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}
