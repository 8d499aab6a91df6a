import type { DialectId } from '@hookplay/engine';

/** error: the hook does not work as written; warning: it may not, or it is a risk; note: worth knowing. */
export type Severity = 'error' | 'warning' | 'note';

export interface Finding {
  /** Stable and greppable: a host's own diagnostic code (`config.unknown-event`), or doctor's (`script.missing`, `security.download-exec`). */
  id: string;
  severity: Severity;
  /** Project-relative, or `~/...` for the home. */
  file: string;
  line: number;
  column: number;
  message: string;
  host: DialectId;
}

/** One hook as its host would load it, and where it can fire. */
export interface HookReport {
  host: DialectId;
  file: string;
  line: number;
  column: number;
  events: string[];
  matcher: string | null;
  command: string;
  /** The host loads it; false: a malformed file or entry drops it. */
  loads: boolean;
  /** It starts for some event and tool; false: the why says what stops it. */
  runs: boolean;
  why: string;
  /** Per event, the tools it fires on, or null for an event not about a tool. */
  firesOn: Record<string, string[] | null>;
  /** Files its command names directly. */
  scripts: string[];
}

export interface DoctorReport {
  findings: Finding[];
  hooks: HookReport[];
}

/** Exit 1 when a finding needs a look (warning or error). */
export const needsLook = (report: DoctorReport) => report.findings.some((f) => f.severity !== 'note');

const RANK: Record<Severity, number> = { error: 0, warning: 1, note: 2 };

/** Findings in file and position order, the most severe first at one place. */
export function sortFindings(findings: Finding[]): Finding[] {
  return [...findings].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || RANK[a.severity] - RANK[b.severity] || a.id.localeCompare(b.id));
}
