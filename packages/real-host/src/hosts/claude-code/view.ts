import type { ClaudeObservation } from './observe.js';
import type { ClaudeScript } from './script.js';

/** Texts a request carries that the request before it did not: what hooks added in between. */
function added(requests: string[][], k: number): string[] {
  const now = requests[k] ?? [];
  const before = k > 0 ? (requests[k - 1] ?? []) : [];
  const rest = [...now];
  for (const t of before) {
    const at = rest.indexOf(t);
    if (at >= 0) rest.splice(at, 1);
  }
  return rest;
}

/**
 * What a run showed, as outcome-like fields. Only what the harness sees: a field it cannot observe on this build
 * is absent (and listed in `unobserved`), never guessed. For a one-event scenario the focus event's fields are read
 * from what the CLI did next (the call ran or not, who decided it, what the following request carried).
 */
export function viewOf(o: ClaudeObservation, script: ClaudeScript, focus: string | null): Record<string, unknown> {
  const calls = script.turns.flatMap((t) => t.replies.flatMap((r) => (r.kind === 'tools' ? r.calls : [])));
  const requests = o.requestsSaw ?? [o.modelSaw];
  const tools = (o.tools ?? []).map((t, i) => ({ step: calls[i]?.step ?? null, tool: calls[i]?.tool ?? null, ran: t.executed, input: t.input, result: t.result, isError: t.isError, decidedBy: t.decidedBy }));
  const session = {
    requests: o.requests,
    tools,
    model: requests,
    ...(o.unobserved?.includes('userSaw') ? {} : { notices: o.userSaw }),
    stopRuns: o.stopRuns,
    halted: o.halted,
    ...(o.terminal !== undefined ? { ended: o.terminal } : {}),
    ...(o.unobserved?.includes('hookRuns') ? {} : { hookRuns: o.hookRuns, hookEnds: o.hookEnds ?? {} }),
    ...(o.asked ? { asked: o.asked } : {}),
    ...(o.unobserved?.length ? { unobserved: o.unobserved } : {}),
  };
  if (!focus) return session;
  const tool = tools[0];
  const base = { event: focus, halt: o.halted, ...(o.unobserved?.includes('hookRuns') ? {} : { hooksRan: o.hookRuns[focus] ?? 0, hookEnds: o.hookEnds?.[focus] ?? [] }) };
  switch (focus) {
    case 'PreToolUse':
    case 'PermissionRequest': {
      const asked = (o.asked?.length ?? 0) > 0;
      const verdict = !tool ? undefined : asked ? 'ask' : tool.decidedBy === 'hook' ? (tool.ran ? 'allow' : 'block') : tool.ran ? 'proceed' : undefined;
      return {
        ...base,
        ...(verdict ? { verdict } : {}),
        ...(tool ? { updatedInput: tool.ran && JSON.stringify(tool.input) !== JSON.stringify(calls[0]?.input) ? tool.input : null, tool } : {}),
        shown: { model: added(requests, 1), toolResult: tool?.result ?? null, ...(o.unobserved?.includes('userSaw') ? {} : { user: o.userSaw }) },
        session,
      };
    }
    case 'PostToolUse':
    case 'PostToolUseFailure':
    case 'PostToolBatch':
      return { ...base, ...(tool ? { tool } : {}), shown: { model: added(requests, 1), ...(o.unobserved?.includes('userSaw') ? {} : { user: o.userSaw }) }, session };
    case 'UserPromptSubmit':
    case 'SessionStart':
      return { ...base, verdict: o.requests === 0 ? 'block' : 'proceed', context: requests[0] ?? [], session };
    case 'Stop':
      return { ...base, verdict: o.stopRuns.length > 1 ? 'block' : 'proceed', stopRuns: o.stopRuns, context: added(requests, requests.length - 1), session };
    default:
      return { ...base, session };
  }
}
