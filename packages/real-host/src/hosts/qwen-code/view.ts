import type { QwenObservation } from './observe.js';
import type { QwenScript } from './script.js';

/** Lines a request carries that the request before it did not: what hooks and tools added in between. */
function added(conversations: string[][], k: number): string[] {
  const now = conversations[k] ?? [];
  const before = k > 0 ? (conversations[k - 1] ?? []) : [];
  return now.slice(before.length);
}

/**
 * What a run showed, as outcome-like fields: only what the harness sees. For a one-event scenario the focus event's
 * fields are read from what the CLI did next (the call ran or not, what the following request carried).
 */
export function viewOf(o: QwenObservation, _script: QwenScript, focus: string | null): Record<string, unknown> {
  const conversations = o.conversations ?? [o.conversation];
  const session = { requests: o.requests, model: conversations, tools: o.tools ?? (o.tool ? [o.tool] : []), stopRuns: o.stopRuns, hookRuns: o.hookRuns, ended: o.ended, ...(o.endings ? { endings: o.endings } : {}) };
  if (!focus) return session;
  const hooksRan = Object.values(o.hookRuns).reduce((n, k) => n + k, 0);
  const base = { event: focus, hooksRan };
  switch (focus) {
    case 'PreToolUse':
    case 'PostToolUse':
    case 'PostToolUseFailure':
    case 'PostToolBatch':
      return { ...base, tool: o.tool, shown: { model: added(conversations, 1) }, session };
    case 'SessionStart':
    case 'UserPromptSubmit':
      return { ...base, verdict: o.requests === 0 ? 'block' : 'proceed', context: conversations[0] ?? [], session };
    case 'Stop':
      return { ...base, verdict: o.stopRuns.length > 1 ? 'block' : 'proceed', context: added(conversations, conversations.length - 1), session };
    default:
      return { ...base, session };
  }
}
