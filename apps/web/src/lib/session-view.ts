/** Pure readings of a session run for the timeline and the bug report: what is new for the model, how it ended. */
import type { SessionEnd, SessionOutcome } from '@hookplay/engine/browser';

/** How many leading texts two model requests share: texts pile up from request to request. */
export function sameStart(a: readonly string[], b: readonly string[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

export const END_WORDS: Record<SessionEnd['reason'], string> = {
  completed: 'Played to the end',
  halted: 'Halted by a hook',
  'prompt-blocked': 'A prompt hook blocked the turn',
  'stop-cap': 'Stop hooks hit the host’s cap',
  interrupted: 'Interrupted',
  deferred: 'A hook deferred the tool call',
  refused: 'The host refused to start',
  limit: 'Stopped by hookplay’s own safety limit',
  invalid: 'Not played: a step the host cannot reach',
};

/** The input fields that carry session state from one event to the next, shown beside each event. */
const STATE_FIELDS = ['stop_hook_active', 'source', 'reason', 'permission_mode'] as const;

export function stateFields(stdin: string | null): { key: string; value: string }[] {
  if (!stdin) return [];
  let value: unknown;
  try {
    value = JSON.parse(stdin);
  } catch {
    return [];
  }
  if (typeof value !== 'object' || value === null) return [];
  const obj = value as Record<string, unknown>;
  return STATE_FIELDS.filter((k) => k in obj && obj[k] !== null && typeof obj[k] !== 'object').map((k) => ({ key: k, value: String(obj[k]) }));
}

/**
 * User steps that never happened, as the page says it. An approval the tool call just before it used (the
 * call was decided by the user) did happen, though it has no timeline entry of its own.
 */
export function answeredApprovals(outcome: SessionOutcome, steps: readonly unknown[]): Set<number> {
  const out = new Set<number>();
  for (const record of outcome.steps) {
    if (record.step === null || record.tool?.decidedBy !== 'user') continue;
    const next = steps[record.step + 1];
    if (typeof next === 'object' && next !== null && 'approval' in next) out.add(record.step + 1);
  }
  return out;
}

/** Where a session that did not complete really ended: the entry of the block, halt or notice that ended it. */
export function endEntryIndex(entries: readonly SessionEntryLike[], outcome: SessionOutcome): number | null {
  if (outcome.ended.reason === 'completed') return null;
  for (let k = entries.length - 1; k >= 0; k--) {
    const e = entries[k]!;
    if (e.label === 'session end') continue;
    const decisive = e.events.some((ev) => ev.run.outcome && (ev.run.outcome.verdict === 'block' || ev.run.outcome.halt)) || e.notices.length > 0 || (e.tool !== null && !e.tool.ran);
    if (decisive) return k;
  }
  const k = entries.findIndex((e) => e.step === outcome.ended.step);
  return k === -1 ? null : k;
}

/** The user step an entry belongs to: its own, or for a phase the host adds, the last user step before it. */
export function ownerStep(entries: readonly SessionEntryLike[], k: number): number | null {
  for (let j = k; j >= 0; j--) {
    const step = entries[j]!.step;
    if (step !== null) return step;
  }
  return null;
}

export interface SessionEntryLike {
  step: number | null;
  label: string;
  notices: string[];
  tool: { ran: boolean } | null;
  events: { run: { outcome: { verdict: string; halt: boolean } | null } }[];
}

/**
 * The entries as the page lays them out: a run of three or more phases the host repeats (the model answering a
 * Stop block again and again) keeps its first and last round in sight and folds the ones between under a count.
 */
export type EntryGroup = { kind: 'entry'; k: number } | { kind: 'rounds'; label: string; ks: number[] };

export function groupRounds(entries: readonly SessionEntryLike[]): EntryGroup[] {
  const out: EntryGroup[] = [];
  let k = 0;
  while (k < entries.length) {
    const e = entries[k]!;
    let end = k;
    while (e.step === null && end + 1 < entries.length && entries[end + 1]!.step === null && entries[end + 1]!.label === e.label) end++;
    const run = end - k + 1;
    if (run >= 3) {
      out.push({ kind: 'entry', k });
      out.push({ kind: 'rounds', label: e.label, ks: Array.from({ length: run - 2 }, (_, i) => k + 1 + i) });
      out.push({ kind: 'entry', k: end });
    } else {
      for (let j = k; j <= end; j++) out.push({ kind: 'entry', k: j });
    }
    k = end + 1;
  }
  return out;
}
