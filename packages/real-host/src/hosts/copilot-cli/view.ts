import type { CopilotObservation, Message } from './observe.js';
import type { CopilotScript } from './script.js';

/** Texts a request carries that the request before it did not: what hooks and tools added in between. */
function added(conversations: Message[][], k: number): Message[] {
  const now = conversations[k] ?? [];
  const before = k > 0 ? (conversations[k - 1] ?? []) : [];
  return now.slice(before.length);
}

/**
 * What a run showed, as outcome-like fields: only what the harness sees. For a one-event scenario the focus
 * event's fields are read from what the CLI did next (the call ran or not, what the following request carried).
 */
export function viewOf(o: CopilotObservation, _script: CopilotScript, focus: string | null): Record<string, unknown> {
  const conversations = o.conversations ?? [o.conversation];
  const session = { requests: o.requests, model: conversations, notices: o.userSaw, hookRuns: o.hookRuns, exitCode: o.exitCode, ...(o.exitCodes ? { exitCodes: o.exitCodes } : {}) };
  if (!focus) return session;
  const base = { event: focus, hooksRan: o.hookRuns[focus] ?? 0 };
  switch (focus) {
    case 'preToolUse':
    case 'permissionRequest':
    case 'postToolUse': {
      const result = (conversations[1] ?? []).find((m) => m.role === 'tool') as { content: string } | undefined;
      const call = (conversations[1] ?? []).find((m) => m.role === 'assistant' && 'tool' in m) as { args: unknown } | undefined;
      return { ...base, ...(call ? { toolArgs: call.args } : {}), toolResult: result?.content ?? null, shown: { model: added(conversations, 1), user: o.userSaw }, session };
    }
    case 'sessionStart':
    case 'userPromptSubmitted':
    case 'userPromptTransformed':
      return { ...base, verdict: o.requests === 0 ? 'block' : 'proceed', context: conversations[0] ?? [], shown: { user: o.userSaw }, session };
    case 'agentStop':
      return { ...base, verdict: o.requests > 1 ? 'block' : 'proceed', context: added(conversations, conversations.length - 1), session };
    default:
      return { ...base, shown: { user: o.userSaw }, session };
  }
}
