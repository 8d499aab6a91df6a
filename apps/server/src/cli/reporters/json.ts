import type { TestResult } from '../test-results.js';

/** Everything, for tools: each scenario's status, differences and full outcome. */
export function jsonReport(results: TestResult[], wallMs: number, jobs: number): string {
  const passed = results.filter((r) => r.status === 'passed').length;
  return `${JSON.stringify({ passed, failed: results.length - passed, jobs, wallMs: Math.round(wallMs), results }, null, 2)}\n`;
}
