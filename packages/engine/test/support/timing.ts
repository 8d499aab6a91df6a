/**
 * Reads a replayed case's timing bounds relative to what the same run measured, so a busy machine cannot fail a
 * replay the engine got right, and a wrong engine still fails on an idle one.
 *
 * A case's bounds (`minGapMs`–`maxGapMs` between the two model requests) are the real host's, measured on an idle
 * machine. Load can only make a run slower, so the lower bound stays absolute. The upper bound is what tells "ran in
 * parallel" from "ran one after the other" or "moved on at the deadline" from "waited for the hook": the replay is
 * held to it after taking off two things the same run measured:
 *  - the engine's own work between the two requests (the gap minus the time its hooks ran): hookplay's overhead,
 *    which `npm run bench` measures, not the host's semantics;
 *  - how late this machine runs a one-second process right now: a plain `sh -c 'sleep 1'` started beside the replay.
 * Both grow with load; neither can hide a serial run of two 1 s hooks (2 s + 2 × lateness against 1.7 s + lateness)
 * or a hook waited for instead of cut at its deadline.
 */
import { spawn } from 'node:child_process';

export interface TimingBounds {
  minGapMs?: number;
  maxGapMs?: number;
}

/** One hook process as the engine's outcome reports it (`startMs` from its event's start). */
export interface TimedHook {
  startMs: number | null;
  durationMs: number | null;
}

const PROBE_MS = 1000;

/** How much longer than `ms` a plain `sh -c 'sleep <ms>'` takes right now (ms, at least 0). */
export function lateness(ms = PROBE_MS): Promise<number> {
  return new Promise((resolve) => {
    const t = performance.now();
    const child = spawn('/bin/sh', ['-c', `sleep ${ms / 1000}`], { stdio: 'ignore' });
    child.on('error', () => resolve(0));
    child.on('close', () => resolve(Math.max(0, performance.now() - t - ms)));
  });
}

/**
 * Plays `replay` with the lateness probe running beside it when the case is timed (`timed`), so both see the same
 * load; an untimed case pays nothing.
 */
export async function withLateness<T>(timed: boolean, replay: () => Promise<T>): Promise<{ result: T; lateMs: number }> {
  if (!timed) return { result: await replay(), lateMs: 0 };
  const [result, lateMs] = await Promise.all([replay(), lateness()]);
  return { result, lateMs };
}

/** From the first hook's start to the last one's end, for the hooks of one event (0 when none ran). */
export function spanOf(hooks: readonly TimedHook[]): number {
  const ran = hooks.filter((h): h is { startMs: number; durationMs: number } => h.startMs !== null && h.durationMs !== null);
  if (ran.length === 0) return 0;
  return Math.max(...ran.map((h) => h.startMs + h.durationMs)) - Math.min(...ran.map((h) => h.startMs));
}

/**
 * The problems of a replay's gap against `bounds` (none when the case is untimed or the replay measured no gap).
 * `hookMs` is the time the engine's hooks ran between the two requests (the sum of each event's span); unknown
 * (undefined) takes nothing off for the engine's own work.
 */
export function checkRelativeTiming(bounds: TimingBounds | undefined, m: { gapMs: number | undefined; hookMs?: number; lateMs: number }, who: string): string[] {
  if (!bounds || m.gapMs === undefined) return [];
  const { minGapMs = 0, maxGapMs = Infinity } = bounds;
  const gap = Math.round(m.gapMs);
  if (m.gapMs < minGapMs) return [`${who}: ${gap} ms between the tool call and the next model request, expected at least ${minGapMs} ms`];
  const own = m.hookMs === undefined ? 0 : Math.max(0, m.gapMs - m.hookMs);
  const held = m.gapMs - own - m.lateMs;
  if (held > maxGapMs) {
    return [`${who}: ${gap} ms between the tool call and the next model request; less the engine's own ${Math.round(own)} ms and this machine's lateness of ${Math.round(m.lateMs)} ms (a 1 s sleep measured beside it) that is ${Math.round(held)} ms, expected at most ${maxGapMs} ms`];
  }
  return [];
}

/** A case's bounds for `version`: the build's own where it times hooks otherwise (`timing.byVersion`), or the case's. */
export function boundsFor(timing: (TimingBounds & { byVersion?: Record<string, TimingBounds> }) | undefined, version?: string): TimingBounds | undefined {
  if (!timing) return undefined;
  return (version !== undefined ? timing.byVersion?.[version] : undefined) ?? timing;
}

/** The time the hooks of the events matching `between` ran, event by event (each event's hooks run together). */
export function hookMsOf(steps: readonly { event: string; outcome: { hooks?: readonly TimedHook[] } }[], between: RegExp): number {
  return steps.filter((s) => between.test(s.event)).reduce((sum, s) => sum + spanOf(s.outcome.hooks ?? []), 0);
}

/** Claude Code's events between a tool call's model request and the next one. */
export const CLAUDE_TOOL_EVENTS = /^(PreToolUse|PermissionRequest|PostToolUse|PostToolUseFailure|PostToolBatch)$/;

/**
 * The events whose hooks finished within `windowMs` of each other (end to end, as the engine measured them).
 *
 * The dialect calls hooks that finish within its race window (RACE_MS, 100 ms, recorded) racy: the real host reads
 * them in whichever order they reach it. On a loaded machine the engine's own measurement is noisy by about how late
 * a process starts right now: two instant hooks that the real host saw finish together can end 300 ms apart here by
 * scheduling alone, and the dialect then states one order as fixed. A replay that disagrees only on such an order
 * retries its comparison with the window widened by this machine's lateness, measured right after the replay.
 */
export function racingEvents(steps: readonly { event: string; outcome: { hooks?: readonly TimedHook[] } }[], windowMs: number): string[] {
  const racing: string[] = [];
  for (const s of steps) {
    const ends = (s.outcome.hooks ?? []).filter((h) => h.startMs !== null && h.durationMs !== null).map((h) => h.startMs! + h.durationMs!).sort((a, b) => a - b);
    if (ends.slice(1).some((end, i) => end - ends[i]! < windowMs)) racing.push(s.event);
  }
  return racing;
}

/**
 * The problems of comparing an engine observation with the real one (`compare`), read again with every event whose
 * hooks raced on this machine marked racy (see racingEvents) when the strict reading finds any.
 */
export async function compareAllowingLoadRaces<O extends { racy?: string[] }>(
  observation: O,
  steps: readonly { event: string; outcome: { hooks?: readonly TimedHook[] } }[],
  raceMs: number,
  compare: (engine: O) => string[],
): Promise<string[]> {
  const strict = compare(observation);
  if (strict.length === 0) return strict;
  const late = await lateness(100);
  const racy = racingEvents(steps, raceMs + late);
  if (racy.length === 0) return strict;
  const widened = compare({ ...observation, racy: [...new Set([...(observation.racy ?? []), ...racy])] });
  return widened.length === 0 ? [] : strict;
}
