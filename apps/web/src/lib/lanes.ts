/** Pure readings of a lane for the timeline: its state, its result in words, where its bar sits, what it printed. */
import type { Lane } from './run.svelte';

export type LaneState = 'skipped' | 'waiting' | 'running' | 'done';

export function laneState(lane: Lane): LaneState {
  if (!lane.hook.willRun) return 'skipped';
  if (lane.startMs === null) return 'waiting';
  if (lane.endMs === null) return 'running';
  return 'done';
}

export function laneResult(lane: Lane, cancelled: boolean): { text: string; tone: 'ok' | 'fail' | 'timeout' | 'muted' } {
  if (lane.stopped) return { text: cancelled ? 'cancelled' : 'stopped', tone: 'muted' };
  if (lane.timedOut) return { text: `timed out${lane.signal ? ` · ${lane.signal}` : ''}`, tone: 'timeout' };
  if (lane.error) return { text: 'failed to start', tone: 'fail' };
  if (lane.signal) return { text: lane.signal, tone: 'fail' };
  if (lane.exitCode === null) return { text: 'no exit code', tone: 'muted' };
  return { text: `exit ${lane.exitCode}`, tone: lane.exitCode === 0 ? 'ok' : 'fail' };
}

/**
 * Where the bar starts. The server's duration counts from the spawn, its `hook-start` comes once the process is
 * up: the bar starts at end − duration, so its length is the number printed beside it.
 */
export function barStart(lane: Lane): number | null {
  if (lane.startMs === null) return null;
  if (lane.endMs !== null && lane.durationMs !== null) return Math.max(0, Math.min(lane.startMs, lane.endMs - lane.durationMs));
  return lane.startMs;
}

/** What a lane shows at most: enough to read, not enough to freeze the page on a hook that floods. */
const SHOWN_CHARS = 128 * 1024;

/** After the run the outcome's record has the whole (capped) output: prefer it if live chunks were skipped. */
export function laneOutput(lane: Lane): { chunks: { stream: 'stdout' | 'stderr'; data: string }[]; cut: number } {
  const live = lane.output;
  const rec = lane.record;
  const liveLength = live.reduce((n, c) => n + c.data.length, 0);
  const all =
    !rec || liveLength >= rec.stdout.length + rec.stderr.length
      ? live
      : [...(rec.stdout ? [{ stream: 'stdout' as const, data: rec.stdout }] : []), ...(rec.stderr ? [{ stream: 'stderr' as const, data: rec.stderr }] : [])];
  let left = SHOWN_CHARS;
  let cut = 0;
  const chunks = all.map((c) => {
    const keep = c.data.slice(0, Math.max(0, left));
    left -= keep.length;
    cut += c.data.length - keep.length;
    return { stream: c.stream, data: keep };
  });
  return { chunks: chunks.filter((c) => c.data), cut };
}

export function prettyStdin(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Four or five round tick marks across `span` milliseconds. */
export function axisTicks(span: number): number[] {
  const raw = span / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * mag >= raw) ?? 10) * mag;
  const out: number[] = [];
  for (let t = 0; t <= span; t += step) out.push(t);
  return out;
}
