import type { OpenCodeObservation } from './observe.js';
import type { OpenCodeScript } from './script.js';

/** What a run showed, as outcome-like fields: only what the harness sees (the focus hook's effect read from what followed). */
export function viewOf(o: OpenCodeObservation, _script: OpenCodeScript, focus: string | null): Record<string, unknown> {
  const session = { requests: o.requests, model: o.conversations, tools: o.tools, error: o.error, exitCode: o.exitCode, log: o.log };
  if (!focus) return session;
  switch (focus) {
    case 'tool.execute.before':
    case 'tool.execute.after':
    case 'shell.env':
      return { event: focus, tool: o.tools[0] ?? null, verdict: o.tools[0]?.status === 'error' ? 'block' : 'proceed', session };
    case 'chat.message':
      return { event: focus, verdict: o.requests === 0 ? 'block' : 'proceed', shown: { model: o.conversations[0] ?? [] }, session };
    default:
      return { event: focus, session };
  }
}
