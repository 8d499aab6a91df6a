// How the real Codex CLI's observation and hookplay's simulated one are compared: host-level facts only (model
// requests, the tool call as executed and what the model read of it, hook texts the model read, notices for the
// user, Stop runs, hook processes per event, the exit code), never ids or timestamps.
import { createHash } from 'node:crypto';

/** A stable hash of what defines a case, so a fixture recorded for an older definition is noticed. */
export function caseHash(c) {
  const { id, files, tool, trusted, timing } = c;
  return createHash('sha256')
    .update(JSON.stringify({ id, files, tool: tool === undefined ? 'default' : tool, trusted: trusted ?? true, timing: timing ?? null }))
    .digest('hex')
    .slice(0, 16);
}

const show = (v) => JSON.stringify(v);
const sortKeys = (o) => Object.fromEntries(Object.entries(o ?? {}).sort(([a], [b]) => a.localeCompare(b)));

/**
 * Codex's warnings quote serde's and the regex crate's own error texts ("expected value at line 1 column 28");
 * hookplay says the same in its own words, so those two warnings compare up to the file they name.
 */
export function noticeKey(text) {
  return text.replace(/^(failed to parse hooks config \S+): [\s\S]*$/, '$1: …').replace(/^(invalid matcher [\s\S]*? in \S+): [\s\S]*$/, '$1: …');
}

export function compareObservations(real, engine) {
  const problems = [];
  const check = (what, a, b) => {
    if (show(a) !== show(b)) problems.push(`${what}: Codex ${show(a)}, hookplay ${show(b)}`);
  };
  check('model requests', real.requests, engine.requests);
  check('tool call', real.tool, engine.tool);
  check('hook texts shown to the model', real.modelSaw, engine.modelSaw);
  check('notices shown to the user', real.userSaw.map(noticeKey), engine.userSaw.map(noticeKey));
  check('Stop runs (stop_hook_active of each)', real.stopRuns, engine.stopRuns);
  check('hook processes per event', sortKeys(real.hookRuns), sortKeys(engine.hookRuns));
  check('codex exit code', real.exitCode, engine.exitCode);
  return problems;
}

/** Checks a measured gap between the first two model requests against a case's timing bounds. */
export function checkTiming(c, gapMs, who) {
  if (!c.timing || gapMs === undefined) return [];
  const { minGapMs = 0, maxGapMs = Infinity } = c.timing;
  if (gapMs < minGapMs || gapMs > maxGapMs) return [`${who}: ${Math.round(gapMs)} ms between the tool call and the next model request, expected ${minGapMs}–${maxGapMs} ms`];
  return [];
}
