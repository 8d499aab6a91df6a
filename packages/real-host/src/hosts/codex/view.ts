import type { CodexObservation } from './observe.js';
import { callsOf, type CodexScript } from './script.js';

/** Texts a request carries that the request before it did not: what hooks added in between. */
function added(requests: string[][], k: number): string[] {
  const rest = [...(requests[k] ?? [])];
  for (const t of k > 0 ? (requests[k - 1] ?? []) : []) {
    const at = rest.indexOf(t);
    if (at >= 0) rest.splice(at, 1);
  }
  return rest;
}

/**
 * What a run showed, as outcome-like fields: only what the harness sees. For a one-event scenario the focus
 * event's fields are read from what the CLI did next (the call ran or not and with which command, what the next
 * request carried).
 */
export function viewOf(o: CodexObservation, script: CodexScript, focus: string | null): Record<string, unknown> {
  const calls = callsOf(script);
  const requests = o.requestsSaw ?? [o.modelSaw];
  const tools = (o.tools ?? (o.tool ? [o.tool] : [])).map((t, i) => ({ step: calls[i]?.step ?? null, tool: calls[i]?.tool ?? null, ran: t.executed, command: t.command, exitCode: t.exitCode, result: t.result }));
  const session = { requests: o.requests, tools, model: requests, notices: o.userSaw, stopRuns: o.stopRuns, hookRuns: o.hookRuns, exits: o.exits ?? [o.exitCode] };
  if (!focus) return session;
  const tool = tools[0];
  const base = { event: focus, hooksRan: o.hookRuns[focus] ?? 0 };
  switch (focus) {
    case 'PreToolUse':
    case 'PermissionRequest': {
      const asked = calls[0]?.input.command;
      const verdict = !tool ? undefined : !tool.ran ? 'block' : tool.command !== asked ? 'allow' : 'proceed';
      return { ...base, ...(verdict ? { verdict } : {}), ...(tool ? { updatedInput: tool.ran && tool.command !== asked ? { command: tool.command } : null, tool } : {}), shown: { model: added(requests, 1), toolResult: tool?.result ?? null }, session };
    }
    case 'PostToolUse':
      return { ...base, ...(tool ? { tool } : {}), shown: { model: added(requests, 1), toolResult: tool?.result ?? null }, session };
    case 'UserPromptSubmit':
    case 'SessionStart':
      return { ...base, verdict: o.requests === 0 ? 'block' : 'proceed', context: requests[0] ?? [], session };
    case 'Stop':
      return { ...base, verdict: o.stopRuns.length > 1 ? 'block' : 'proceed', stopRuns: o.stopRuns, context: added(requests, requests.length - 1), session };
    default:
      return { ...base, session };
  }
}
