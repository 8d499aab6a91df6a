/**
 * Where each problem goes: validation diagnostics carry a file key and 1-based line/column; scenario problems
 * carry a path like `files["a.sh"]` or `payload.tool_input`. Both end up as editor markers and list rows.
 */
import type { Diagnostic } from '@hookplay/engine/browser';
import type { Problem } from 'hookplay/protocol';
import type { PayloadParse } from './payload';

export type Severity = 'error' | 'warning' | 'info';

export interface EditorMarker {
  severity: Severity;
  message: string;
  line: number;
  column?: number | undefined;
  code?: string | undefined;
}

export type ProblemTarget = { kind: 'file'; path: string } | { kind: 'payload' } | { kind: 'scenario' };

export interface ProblemItem {
  severity: Severity;
  message: string;
  code?: string | undefined;
  target: ProblemTarget;
  line?: number | undefined;
  column?: number | undefined;
}

function problemTarget(path: string, files: readonly string[]): ProblemTarget {
  const file = /^files\[("(?:[^"\\]|\\.)*")\]/.exec(path);
  if (file) {
    try {
      const key = JSON.parse(file[1]!) as string;
      if (files.includes(key)) return { kind: 'file', path: key };
    } catch {
      // Fall back to the scenario as a whole.
    }
  }
  if (path === 'payload' || path.startsWith('payload.') || path.startsWith('payload[')) return { kind: 'payload' };
  return { kind: 'scenario' };
}

export function problemItems(diagnostics: readonly Diagnostic[], problems: readonly Problem[], payload: PayloadParse, files: readonly string[]): ProblemItem[] {
  const items: ProblemItem[] = [];
  if (!payload.ok) items.push({ severity: 'error', message: payload.message, target: { kind: 'payload' }, line: payload.line, column: payload.column, code: 'payload.json' });
  for (const p of problems) items.push({ severity: 'error', message: p.path ? `${p.path}: ${p.message}` : p.message, target: problemTarget(p.path, files) });
  for (const d of diagnostics) {
    const target: ProblemTarget = d.file && files.includes(d.file) ? { kind: 'file', path: d.file } : { kind: 'scenario' };
    items.push({ severity: d.level, message: d.message, code: d.code, target, line: d.line, column: d.column });
  }
  const rank = { error: 0, warning: 1, info: 2 };
  return items.sort((a, b) => rank[a.severity] - rank[b.severity]);
}

export function markersFor(items: readonly ProblemItem[], target: ProblemTarget): EditorMarker[] {
  return items
    .filter((i) => i.target.kind === target.kind && (target.kind !== 'file' || (i.target.kind === 'file' && i.target.path === target.path)))
    .map((i) => ({ severity: i.severity, message: i.message, line: i.line ?? 1, column: i.column, code: i.code }));
}
