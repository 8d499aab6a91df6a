import type { GeminiObservation } from './observe.js';
import { servedCalls, type GeminiScript } from './script.js';

/** Parts a request carries that the request before it did not: what the prompt, hooks and tools added in between. */
function added(requests: string[][], k: number): string[] {
  const now = requests[k] ?? [];
  const before = k > 0 ? (requests[k - 1] ?? []) : [];
  return now.slice(before.length);
}

/**
 * What a run showed, as outcome-like fields: only what the harness sees. For a one-event scenario the focus
 * event's fields are read from what the CLI did next (the call ran or not, what the next request carried).
 */
export function viewOf(o: GeminiObservation, script: GeminiScript, focus: string | null): Record<string, unknown> {
  const requests = o.requestsSaw ?? [o.modelSaw];
  const calls = servedCalls(script, o.runs ?? o.requests);
  const tools = (o.tools ?? []).map((t, i) => ({ step: calls[i]?.step ?? null, tool: t.tool, ran: t.ran }));
  const session = { requests: o.requests, tools, model: requests, notices: o.userSaw, answer: o.answer, hookRuns: o.hookRuns, exitCode: o.exitCode, ...(o.exits ? { exits: o.exits } : {}) };
  if (!focus) return session;
  const base = { event: focus, hooksRan: o.hookRuns[focus] ?? 0 };
  const tool = tools[0];
  switch (focus) {
    case 'BeforeTool': {
      const verdict = !tool ? undefined : tool.ran ? 'proceed' : 'block';
      return { ...base, ...(verdict ? { verdict } : {}), ...(tool ? { tool } : {}), shown: { model: added(requests, 1), user: o.userSaw }, session };
    }
    case 'AfterTool':
      return { ...base, ...(tool ? { tool } : {}), shown: { model: added(requests, 1), user: o.userSaw }, session };
    case 'SessionStart':
    case 'BeforeAgent':
      return { ...base, verdict: o.requests === 0 ? 'block' : 'proceed', context: requests[0] ?? [], shown: { user: o.userSaw }, session };
    case 'AfterAgent':
      return { ...base, verdict: (o.hookRuns.AfterAgent ?? 0) > 1 ? 'block' : 'proceed', context: added(requests, requests.length - 1), answer: o.answer, session };
    default:
      return { ...base, shown: { user: o.userSaw }, answer: o.answer, session };
  }
}
