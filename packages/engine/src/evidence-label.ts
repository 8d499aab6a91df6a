import type { Evidence } from './outcome.js';

/** One line for a rule's evidence, for the CLI and the playground. */
export function evidenceLabel(evidence: Evidence | undefined): string | null {
  if (!evidence) return null;
  if (evidence.kind === 'hookplay') return "hookplay's own note, not a rule of the host";
  if (evidence.kind === 'docs') return 'from the docs only: no recording of the real host covers this rule';
  return `observed on ${evidence.host} ${evidence.version} (recorded: ${evidence.cases.join(', ')})`;
}
