// Turns one real Copilot CLI run (the requests the mock received, its JSON event stream, the hooks' own log lines)
// into an Observation, in the shape hookplay's session simulation produces (packages/engine/src/session/oracle/copilot-cli.ts, playing the lifecycle in dialects/copilot-cli/lifecycle.ts).
import { existsSync, readFileSync } from 'node:fs';

/** Replaces the run's own directories so observations compare across runs and machines. */
export function normalizer({ project, home }) {
  return (s) => (typeof s === 'string' ? s.split(project).join('$PROJECT').split(home).join('$HOME') : s);
}

const DATE = /<current_datetime>[^<]*<\/current_datetime>/g;

/** A chat message reduced to what hooks can change. */
export function simplify(message, norm) {
  const text = (c) => norm((typeof c === 'string' ? c : Array.isArray(c) ? c.map((p) => p.text ?? '').join('') : '').replace(DATE, '<dt>'));
  if (message.role === 'assistant' && Array.isArray(message.tool_calls) && message.tool_calls.length) {
    const call = message.tool_calls[0];
    let args;
    try {
      args = JSON.parse(call.function.arguments);
    } catch {
      args = call.function.arguments;
    }
    return { role: 'assistant', tool: call.function.name, args };
  }
  return { role: message.role, content: text(message.content) };
}

export function observe({ stdout, requests, logFile, project, home, exitCode }) {
  const norm = normalizer({ project, home });
  const events = stdout
    .split('\n')
    .filter((l) => l.trim().startsWith('{'))
    .map((l) => {
      try {
        return JSON.parse(l);
      } catch {
        return null;
      }
    })
    .filter(Boolean);
  const last = requests[requests.length - 1];
  const messages = last?.body?.messages ?? [];
  const conversation = messages.filter((m, i) => !(i === 0 && m.role === 'system')).map((m) => simplify(m, norm));
  const userSaw = events.filter((e) => e.type === 'session.warning').map((e) => norm(e.data?.message ?? ''));
  const hookRuns = {};
  const lines = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n') : [];
  for (const line of lines) {
    const m = /^@hook (\S+)/.exec(line);
    if (m) hookRuns[m[1]] = (hookRuns[m[1]] ?? 0) + 1;
  }
  return { requests: requests.length, conversation, userSaw, hookRuns, exitCode };
}
