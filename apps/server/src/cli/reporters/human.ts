import { bold, dim, green, red, yellow } from '../style.js';
import type { TestResult } from '../test-results.js';

const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));

/** The terminal report: one line per scenario, differences with their paths, and `N passed, N failed`. */
export function humanResult(r: TestResult): string {
  const title = r.title ? dim(` — ${r.title}`) : '';
  const alone = r.underLoad ? yellow(' (run alone)') : '';
  if (r.status === 'passed') {
    const lines = [`${green('✓')} ${r.name}${title} ${dim(`${r.ms} ms`)}${alone}`];
    if (r.underLoad) lines.push(dim(`    failed while other scenarios ran, passed when run alone: ${loadNote(r)}`));
    return `${lines.join('\n')}\n`;
  }
  const lines = [`${red('✗')} ${r.name}${title}${alone}`];
  if (r.error) lines.push(r.error.replace(/^/gm, '    '));
  for (const m of r.mismatches) lines.push(`    ${bold(m.path)}: expected ${show(m.expected)}, got ${show(m.actual)}`);
  for (const e of r.errors) lines.push(dim(`    (error: ${e})`));
  if (r.underLoad) lines.push(dim(`    failed while other scenarios ran, and again when run alone${r.timing ? ` (${r.timing})` : ''}`));
  return `${lines.join('\n')}\n`;
}

/** Why a pass needed a run alone: the scenario's own timing, or the load itself. */
export function loadNote(r: TestResult): string {
  return r.timing ? `its result depends on timing (${r.timing})` : 'its hooks behave differently on a loaded machine';
}

export function humanSummary(results: TestResult[]): string {
  const passed = results.filter((r) => r.status === 'passed').length;
  return `\n${passed} passed, ${results.length - passed} failed\n`;
}
