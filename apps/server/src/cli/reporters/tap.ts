import type { TestResult } from '../test-results.js';

const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));
/** A YAML block scalar line: TAP diagnostics are YAML, indented two spaces under the test line. */
const yamlString = (s: string) => JSON.stringify(s);

/** TAP version 13: the plan first, one `ok` / `not ok` line per scenario with a YAML block for failures. */
export function tapReport(results: TestResult[]): string {
  const out = ['TAP version 13', `1..${results.length}`];
  results.forEach((r, i) => {
    const name = `${r.name}${r.title ? ` — ${r.title}` : ''}`.replace(/#/g, '\\#');
    out.push(`${r.status === 'passed' ? 'ok' : 'not ok'} ${i + 1} - ${name}`);
    const yaml: string[] = [];
    if (r.error) yaml.push(`  message: ${yamlString(r.error)}`);
    if (r.mismatches.length) {
      yaml.push('  mismatches:');
      for (const m of r.mismatches) yaml.push(`    - path: ${yamlString(m.path)}`, `      expected: ${yamlString(show(m.expected))}`, `      got: ${yamlString(show(m.actual))}`);
    }
    if (r.underLoad) yaml.push(`  note: ${yamlString(`failed while other scenarios ran, run again alone${r.timing ? `; its result depends on timing (${r.timing})` : ''}`)}`);
    if (yaml.length) out.push('  ---', ...yaml, `  duration_ms: ${r.ms}`, '  ...');
  });
  const passed = results.filter((r) => r.status === 'passed').length;
  out.push(`# ${passed} passed, ${results.length - passed} failed`, '');
  return out.join('\n');
}
