/** Qwen Code's command-hook timeout (hook-timeout.ts `readCommandHookTimeout`). */
export interface TimeoutRead {
  ms: number;
  source: 'default' | 'configured' | 'legacy-milliseconds';
  /** Set when the value is read in a way a hook author may not expect. */
  note?: string;
  /** Recorded cases that cover the note. */
  cases: string[];
}

export const DEFAULT_TIMEOUT_S = 60;
/** A number this large is the old millisecond form. */
export const LEGACY_MS_THRESHOLD = 1000;

/**
 * Seconds; a numeric string counts; 1000 or more keeps its old meaning of milliseconds; anything not a positive
 * finite number (0, -1, "soon", true) falls back to the 60-second default.
 */
export function readTimeout(raw: unknown): TimeoutRead {
  if (raw === undefined) return { ms: DEFAULT_TIMEOUT_S * 1000, source: 'default', cases: [] };
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    return {
      ms: DEFAULT_TIMEOUT_S * 1000,
      source: 'default',
      note: `timeout ${JSON.stringify(raw)} is not a positive number of seconds, so Qwen Code uses its default of ${DEFAULT_TIMEOUT_S} seconds`,
      cases: ['timeout-zero-default'],
    };
  }
  if (value >= LEGACY_MS_THRESHOLD) {
    return {
      ms: value,
      source: 'legacy-milliseconds',
      note: `timeout ${value} is read as ${value} ms, not seconds: values of ${LEGACY_MS_THRESHOLD} or more keep their old millisecond meaning (write ${value / 1000} for ${value / 1000} s)`,
      cases: ['timeout-legacy-ms'],
    };
  }
  return {
    ms: value * 1000,
    source: 'configured',
    ...(typeof raw === 'string' ? { note: `timeout ${JSON.stringify(raw)} is a string; Qwen Code reads it as ${value} seconds`, cases: ['timeout-string'] } : { cases: [] }),
  };
}
