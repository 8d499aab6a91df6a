// How the real CLI's observation and hookplay's simulated one are compared: host-level facts only.
import { createHash } from 'node:crypto';

export function caseHash(c) {
  const { id, files, tool, trusted, env, timing } = c;
  return createHash('sha256')
    .update(JSON.stringify({ id, files, tool: tool === undefined ? 'default' : tool, trusted: trusted ?? true, env: env ?? null, timing: timing ?? null }))
    .digest('hex')
    .slice(0, 16);
}

const show = (v) => JSON.stringify(v);
const sortKeys = (o) => Object.fromEntries(Object.entries(o ?? {}).sort(([a], [b]) => a.localeCompare(b)));

export function compareObservations(real, engine) {
  const problems = [];
  const check = (what, a, b) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) problems.push(`${what}: Gemini CLI ${show(a)}, hookplay ${show(b)}`);
  };
  check('exit code', real.exitCode, engine.exitCode);
  check('model requests', real.requests, engine.requests);
  check('tool', real.tool, engine.tool);
  check('what the model saw (user-side parts of the last request)', real.modelSaw, engine.modelSaw);
  check('hook lines on stderr', real.userSaw, engine.userSaw);
  check('the answer printed on stdout', real.answer, engine.answer);
  check('hook processes per event', sortKeys(real.hookRuns), sortKeys(engine.hookRuns));
  check('hook inputs', real.hookInputs, engine.hookInputs);
  return problems;
}

/** Checks the probe's start times of one event's hooks against a case's bounds (parallel vs sequential). */
export function checkTiming(c, starts, who) {
  if (!c.timing) return [];
  const { event, minSpreadMs = 0, maxSpreadMs = Infinity } = c.timing;
  const at = starts.filter((s) => s.event === event).map((s) => s.at);
  if (at.length < 2) return [`${who}: fewer than two ${event} hooks started`];
  const spread = Math.max(...at) - Math.min(...at);
  if (spread < minSpreadMs || spread > maxSpreadMs) return [`${who}: ${event} hooks started ${Math.round(spread)} ms apart, expected ${minSpreadMs}–${maxSpreadMs} ms`];
  return [];
}
