import { dirname } from 'node:path';
import type { TestResult } from '../test-results.js';

const esc = (s: string) =>
  // XML 1.0 forbids most control characters even escaped; hook output can contain them.
  s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
const seconds = (ms: number) => (ms / 1000).toFixed(3);
const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));

/** JUnit XML as CI systems read it: one testcase per scenario, classname from its folder. */
export function junitReport(results: TestResult[], wallMs: number): string {
  const failures = results.filter((r) => r.status === 'failed' && !r.error).length;
  const errors = results.filter((r) => r.status === 'failed' && r.error).length;
  const cases = results.map((r) => {
    const classname = dirname(r.name).replaceAll('/', '.').replace(/^\.+/, '') || 'hookplay';
    const name = r.title ? `${r.name} — ${r.title}` : r.name;
    const open = `    <testcase classname="${esc(classname)}" name="${esc(name)}" file="${esc(r.name)}" time="${seconds(r.ms)}"`;
    const body: string[] = [];
    if (r.error) body.push(`      <error message="${esc(r.error.split('\n')[0]!)}">${esc(r.error)}</error>`);
    else if (r.status === 'failed') {
      const detail = [...r.mismatches.map((m) => `${m.path}: expected ${show(m.expected)}, got ${show(m.actual)}`), ...r.errors.map((e) => `error: ${e}`)].join('\n');
      const first = r.mismatches[0];
      body.push(`      <failure message="${esc(first ? `${first.path}: expected ${show(first.expected)}, got ${show(first.actual)}` : 'failed')}">${esc(detail)}</failure>`);
    }
    if (r.underLoad) body.push(`      <system-out>${esc(`failed while other scenarios ran, so it was run again alone${r.timing ? `; its result depends on timing (${r.timing})` : ''}`)}</system-out>`);
    return body.length ? `${open}>\n${body.join('\n')}\n    </testcase>` : `${open}/>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="hookplay" tests="${results.length}" failures="${failures}" errors="${errors}" time="${seconds(wallMs)}">`,
    `  <testsuite name="hookplay test" tests="${results.length}" failures="${failures}" errors="${errors}" skipped="0" time="${seconds(wallMs)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
