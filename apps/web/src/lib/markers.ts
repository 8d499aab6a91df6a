/**
 * Where each problem goes: validation diagnostics carry a file key and 1-based line/column; scenario problems
 * carry a path like `files["a.sh"]` or `payload.tool_input`. Both end up as editor markers and list rows.
 */
import type { Diagnostic } from '@hookplay/engine/browser';
import type { Problem } from 'hookplay/protocol';
import type { PayloadParse } from './payload';
import { sessionPath, type SessionParse } from './session-text';

export type Severity = 'error' | 'warning' | 'info';

export interface EditorMarker {
  severity: Severity;
  message: string;
  line: number;
  column?: number | undefined;
  code?: string | undefined;
}

export type ProblemTarget = { kind: 'file'; path: string } | { kind: 'payload' } | { kind: 'session' } | { kind: 'scenario' };

export interface ProblemItem {
  severity: Severity;
  message: string;
  code?: string | undefined;
  target: ProblemTarget;
  line?: number | undefined;
  column?: number | undefined;
  /** For a problem in the session: the step it names (index in `session.steps`). */
  step?: number | undefined;
}

/** The `session...` path a problem is about: a scenario problem's path, or the start of a session check's message. */
function sessionPathOf(path: string | undefined, message: string): (string | number)[] | null {
  if (path !== undefined) return sessionPath(path);
  const m = /^session(?:\.[A-Za-z_$][\w$]*|\[\d+\])*/.exec(message);
  return m ? sessionPath(m[0]) : null;
}

/** Where in the session editor a session problem goes, and which step it names. */
function inSession(parts: (string | number)[], session: SessionParse): Pick<ProblemItem, 'line' | 'column' | 'step'> {
  const step = parts[0] === 'steps' && typeof parts[1] === 'number' ? parts[1] : undefined;
  const at = session.ok ? session.locate(parts) : undefined;
  return { line: at?.line ?? 1, column: at?.column, step };
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

/** `session` is the session being edited (null in one-event mode): its problems go on its editor's lines. */
export function problemItems(
  diagnostics: readonly Diagnostic[],
  problems: readonly Problem[],
  payload: PayloadParse,
  files: readonly string[],
  session: SessionParse | null = null,
): ProblemItem[] {
  const items: ProblemItem[] = [];
  if (session) {
    if (!session.ok) items.push({ severity: 'error', message: session.message, target: { kind: 'session' }, line: session.line, column: session.column, code: 'session.json' });
  } else if (!payload.ok) items.push({ severity: 'error', message: payload.message, target: { kind: 'payload' }, line: payload.line, column: payload.column, code: 'payload.json' });
  for (const p of problems) {
    const parts = session ? sessionPathOf(p.path, '') : null;
    const message = p.path ? `${p.path}: ${p.message}` : p.message;
    if (parts && session) items.push({ severity: 'error', message, target: { kind: 'session' }, ...inSession(parts, session) });
    else items.push({ severity: 'error', message, target: problemTarget(p.path, files) });
  }
  for (const d of diagnostics) {
    const parts = session && d.code.startsWith('session.') ? (sessionPathOf(undefined, d.message) ?? []) : null;
    if (parts && session) {
      items.push({ severity: d.level, message: d.message, code: d.code, target: { kind: 'session' }, ...inSession(parts, session) });
      continue;
    }
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
