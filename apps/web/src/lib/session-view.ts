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
