// How the real CLI's observation and hookplay's simulated one are compared: host-level facts only (the
// conversation the model got, the warnings the user saw, hook processes per event, requests, the exit code).
import { createHash } from 'node:crypto';

/** A stable hash of what defines a case, so a fixture recorded for an older definition is noticed. */
export function caseHash(c) {
  const { id, files, tool, trusted, env, prompt } = c;
  return createHash('sha256')
    .update(JSON.stringify({ id, files, tool: tool === undefined ? 'default' : tool, trusted: trusted !== false, env: env ?? {}, prompt: prompt ?? 'do it' }))
    .digest('hex')
    .slice(0, 16);
}

const show = (v) => JSON.stringify(v);
const sortKeys = (o) => Object.fromEntries(Object.entries(o ?? {}).sort(([a], [b]) => a.localeCompare(b)));

export function compareObservations(real, engine) {
  const problems = [];
  const check = (what, a, b) => {
    if (show(a) !== show(b)) problems.push(`${what}: Copilot CLI ${show(a)}, hookplay ${show(b)}`);
  };
  check('model requests', real.requests, engine.requests);
  check('conversation in the last request', real.conversation, engine.conversation);
  check('warnings shown to the user', real.userSaw, engine.userSaw);
  check('hook processes per event', sortKeys(real.hookRuns), sortKeys(engine.hookRuns));
  check('CLI exit code', real.exitCode, engine.exitCode);
  return problems;
}
