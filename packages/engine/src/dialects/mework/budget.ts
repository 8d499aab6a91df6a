import type { Outcome } from '../../outcome.js';

/** The docs: "all synchronous hook work in one turn shares a 5-minute budget on top of the per-handler timeout". */
export const TURN_BUDGET_MS = 5 * 60 * 1000;

/**
 * A payload field only the session lifecycle sets: how much of the turn's budget is left when an event fires. The
 * dialect takes it out before anything reaches a hook. (A stand-in until the session player's `fire` effect can
 * carry a host's per-run knobs; a one-event run, without it, starts with the whole budget.)
 */
export const BUDGET_LEFT_FIELD = '$hookplay.turnBudgetLeftMs';

/**
 * What one batch costs the turn: SEMANTICS charges "the wall-clock time of each batch", from the first hook's
 * start to the last one's end (they run in parallel).
 */
export function batchWallMs(outcome: Outcome): number {
  const ran = outcome.hooks.filter((h) => h.ran && h.startMs !== null && h.durationMs !== null);
  if (!ran.length) return 0;
  const start = Math.min(...ran.map((h) => h.startMs!));
  const end = Math.max(...ran.map((h) => h.startMs! + h.durationMs!));
  return end - start;
}
