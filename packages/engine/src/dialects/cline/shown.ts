/**
 * How hook context reaches the model (recorded: pre-context-*, post-context, calls-two-pre-order): each event's
 * merged context in a <hook_context> block naming the event and the call (`_`, `"`, `<`, `>` escaped as `__`, `_q_`,
 * `_lt_`, `_gt_`); the blocks of one model turn's calls join with a blank line into one user message after the tool
 * results, PreToolUse blocks of every call first, then PostToolUse ones.
 */
const ESCAPES: Record<string, string> = { _: '__', '"': '_q_', '<': '_lt_', '>': '_gt_' };
const escapeAttr = (s: string) => s.replace(/[_"<>]/g, (c) => ESCAPES[c]!);

export function hookContextBlock(source: string, call: { name: string; id: string } | null, text: string): string {
  const attrs = [`source="${source}"`, ...(call ? [`tool_name="${escapeAttr(call.name)}"`, `tool_call_id="${escapeAttr(call.id)}"`] : [])];
  // A hook cannot close the block early: its own <hook_context tags are escaped (recorded: pre-context-tag-escaped).
  const body = text.trim().replace(/<(\/?)hook_context/gi, '<\\$1hook_context');
  return `<hook_context ${attrs.join(' ')}>\n${body}\n</hook_context>`;
}

export const joinBlocks = (blocks: string[]) => blocks.join('\n\n');
