// What is the Qwen Code oracle's own in comparing: which definition of a case its fixture was recorded for, and the
// timing bounds some cases set. The observations themselves compare with the harness's qwen-code comparison
// (packages/real-host/src/hosts/qwen-code/compare.ts, `compareOracle`).
import { createHash } from 'node:crypto';

/** A stable hash of what defines a case, so a fixture recorded for an older definition is noticed. */
export function caseHash(c) {
  const { id, files, tool, timing, host } = c;
  return createHash('sha256')
    .update(JSON.stringify({ id, files, tool: tool === undefined ? 'default' : tool, timing: timing ?? null, ...(host ? { host } : {}) }))
    .digest('hex')
    .slice(0, 16);
}

/** Checks a measured gap between the first two model requests against a case's timing bounds. */
export function checkTiming(c, gapMs, who) {
  if (!c.timing || gapMs === undefined) return [];
  const { minGapMs = 0, maxGapMs = Infinity } = c.timing;
  if (gapMs < minGapMs || gapMs > maxGapMs) return [`${who}: ${Math.round(gapMs)} ms between the tool call and the next model request, expected ${minGapMs}–${maxGapMs} ms`];
  return [];
}
