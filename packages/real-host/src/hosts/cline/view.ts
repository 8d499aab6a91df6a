import type { ClineObservation, Message } from './observe.js';
import type { ClineScript } from './script.js';

/** Messages a request carries that the one before it did not: the tool results and hook context in between. */
function added(conversations: Message[][], k: number): Message[] {
  const now = conversations[k] ?? [];
  const before = k > 0 ? (conversations[k - 1] ?? []) : [];
  return now.slice(before.length);
}

/** What a run showed, as outcome-like fields: only what the harness sees. */
export function viewOf(o: ClineObservation, _script: ClineScript, focus: string | null): Record<string, unknown> {
  const session = { requests: o.requests, model: o.conversations, toolsRun: o.toolsRun, hookRuns: o.hookRuns, end: o.end, exitCode: o.exitCode };
  if (!focus) return session;
  const base = { event: focus, hooksRan: o.hookRuns[focus] ?? 0 };
  if (focus === 'PreToolUse' || focus === 'PostToolUse') {
    const next = added(o.conversations, 1);
    const context = next.filter((m) => m.role === 'user').map((m) => (m as { content: string }).content);
    const ran = o.toolsRun[0];
    return { ...base, verdict: o.end === 'aborted' ? 'block' : 'proceed', halt: o.end === 'aborted', ...(ran ? { toolInput: ran.input } : { toolRan: false }), shown: { model: context }, session };
  }
  return { ...base, session };
}
