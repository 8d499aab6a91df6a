/** Readings of a comparison on every host for its view: the difference that changes the outcome, named first. */
import { COMPARE_ROWS, type HostColumn } from '@hookplay/engine/browser';

/** The rows that say what finally happens: a difference there changes the outcome, not only how it is reached. */
const DECISIVE = ['decision', 'tool'] as const;

export interface RowDifference {
  row: string;
  label: string;
  decisive: boolean;
  /** The source host's cell, and each other host whose cell differs, grouped by what it says. */
  source: string;
  others: { summary: string; hosts: string[] }[];
}

/** Every row where some host differs from the source, decisive rows first, in the CLI's row order within each kind. */
export function rowDifferences(columns: readonly HostColumn[], source: string): RowDifference[] {
  const from = columns.find((c) => c.dialect === source);
  if (!from) return [];
  const out: RowDifference[] = [];
  for (const row of COMPARE_ROWS) {
    const differing = columns.filter((c) => c.dialect !== source && c.cells[row.id]?.differs);
    if (differing.length === 0) continue;
    const bySummary = new Map<string, string[]>();
    for (const c of differing) {
      const s = c.cells[row.id]!.summary;
      bySummary.set(s, [...(bySummary.get(s) ?? []), c.label]);
    }
    out.push({
      row: row.id,
      label: row.label,
      decisive: (DECISIVE as readonly string[]).includes(row.id),
      source: from.cells[row.id]?.summary ?? '',
      others: [...bySummary].map(([summary, hosts]) => ({ summary, hosts })),
    });
  }
  return out.sort((a, b) => Number(b.decisive) - Number(a.decisive));
}
