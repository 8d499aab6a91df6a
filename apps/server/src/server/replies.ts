import type { Problem } from '../protocol.js';
import { clip } from './json-guard.js';

/** Room for the envelope of a reply (type, id, reason, message) on top of its problems. */
const ENVELOPE_BYTES = 512;
/** Even a tiny request gets a useful answer: one problem always fits. */
const MIN_REPLY_BYTES = 2048;

/**
 * The problems that fit in a reply no larger than the request it answers (or MIN_REPLY_BYTES), each clipped,
 * in order: a client must not be able to make the server queue ten times what it sent (one invalid
 * scenario can have a problem per file key, each key quoted back).
 */
export function boundedProblems(problems: Problem[], requestBytes: number): { problems: Problem[]; omitted: number } {
  const budget = Math.max(requestBytes, MIN_REPLY_BYTES) - ENVELOPE_BYTES;
  const out: Problem[] = [];
  let used = 0;
  for (const p of problems) {
    const clipped = { path: clip(p.path, 200), message: clip(p.message, 400) };
    const size = Buffer.byteLength(JSON.stringify(clipped)) + 1;
    if (used + size > budget) break;
    out.push(clipped);
    used += size;
  }
  return { problems: out, omitted: problems.length - out.length };
}
