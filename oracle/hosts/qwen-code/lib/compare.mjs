// How the real CLI's observation and hookplay's simulated one are compared: host-level facts only (tool executed
// or not and with which input, the conversation the model read, whether the turn went on, how many times each hook
// command ran), never ids or timestamps.
import { createHash } from 'node:crypto';

/** A stable hash of what defines a case, so a fixture recorded for an older definition is noticed. */
export function caseHash(c) {
  const { id, files, tool, timing, host } = c;
  return createHash('sha256')
    .update(JSON.stringify({ id, files, tool: tool === undefined ? 'default' : tool, timing: timing ?? null, ...(host ? { host } : {}) }))
    .digest('hex')
    .slice(0, 16);
}

const show = (v) => JSON.stringify(v);
const equal = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const sortKeys = (o) => Object.fromEntries(Object.entries(o ?? {}).sort(([a], [b]) => a.localeCompare(b)));

export function compareObservations(real, engine) {
  const problems = [];
  const check = (what, a, b) => {
    if (!equal(a, b)) problems.push(`${what}: Qwen Code ${show(a)}, hookplay ${show(b)}`);
  };
  check('model requests', real.requests, engine.requests);
  if (real.tool === null || engine.tool === null) check('tool call', real.tool, engine.tool);
  else {
    check('tool executed', real.tool.executed, engine.tool.executed);
    check('tool input as executed', real.tool.input, engine.tool.input);
    check('tool result is an error', real.tool.isError, engine.tool.isError);
    check('tool result shown to the model', real.tool.result, engine.tool.result);
  }
  check('conversation the model read last', real.conversation, engine.conversation);
  check('Stop runs (stop_hook_active of each)', real.stopRuns, engine.stopRuns);
  check('hook processes per command', sortKeys(real.hookRuns), sortKeys(engine.hookRuns));
  check('how the run ended', real.ended, engine.ended);
  return problems;
}

export function checkTiming(c, gapMs, who) {
  if (!c.timing || gapMs === undefined) return [];
  const { minGapMs = 0, maxGapMs = Infinity } = c.timing;
  if (gapMs < minGapMs || gapMs > maxGapMs) return [`${who}: ${Math.round(gapMs)} ms between the tool call and the next model request, expected ${minGapMs}–${maxGapMs} ms`];
  return [];
}
