// How the real CLI's observation and hookplay's simulated one are compared: the host-level facts only
// (tool executed or not and with which input, what the model was shown, whether the turn went on, how many
// hook processes ran), never incidental details such as ids or timestamps.
import { createHash } from 'node:crypto';

/** A stable hash of what defines a case, so a fixture recorded for an older definition is noticed. */
export function caseHash(c) {
  const { id, files, tool, allowedTools, timing } = c;
  return createHash('sha256')
    .update(JSON.stringify({ id, files, tool: tool === undefined ? 'default' : tool, allowedTools: allowedTools ?? 'Bash', timing: timing ?? null }))
    .digest('hex')
    .slice(0, 16);
}

const show = (v) => JSON.stringify(v);

function equal(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Lists every way `engine` differs from `real` (both Observations). An empty list means the engine agrees.
 * `gapMs` is the engine's time between the first and second model request, checked against the case's bounds.
 */
export function compareObservations(c, real, engine) {
  const problems = [];
  const check = (what, a, b) => {
    if (!equal(a, b)) problems.push(`${what}: Claude Code ${show(a)}, hookplay ${show(b)}`);
  };
  check('model requests', real.requests, engine.requests);
  if (real.tool === null || engine.tool === null) {
    check('tool call', real.tool, engine.tool);
  } else {
    check('tool executed', real.tool.executed, engine.tool.executed);
    check('tool input as executed', real.tool.input, engine.tool.input);
    check('tool result is an error', real.tool.isError, engine.tool.isError);
    // Claude Code's own permission messages (path checks and the like) are not hook semantics: only compare
    // the tool result when a hook or the command itself produced it.
    if (real.tool.decidedBy === 'hook' || real.tool.executed) check('tool result shown to the model', real.tool.result, engine.tool.result);
  }
  check('hook texts shown to the model', real.modelSaw, engine.modelSaw);
  check('messages shown to the user', real.userSaw, engine.userSaw);
  check('Stop runs (stop_hook_active of each)', real.stopRuns, engine.stopRuns);
  check('session halted by continue: false', real.halted, engine.halted);
  check('hook processes per event', sortKeys(real.hookRuns), sortKeys(engine.hookRuns));
  return problems;
}

/** Checks a measured gap between the first two model requests against a case's timing bounds. */
export function checkTiming(c, gapMs, who) {
  if (!c.timing || gapMs === undefined) return [];
  const { minGapMs = 0, maxGapMs = Infinity } = c.timing;
  if (gapMs < minGapMs || gapMs > maxGapMs) return [`${who}: ${Math.round(gapMs)} ms between the tool call and the next model request, expected ${minGapMs}–${maxGapMs} ms`];
  return [];
}

function sortKeys(o) {
  return Object.fromEntries(Object.entries(o ?? {}).sort(([a], [b]) => a.localeCompare(b)));
}
