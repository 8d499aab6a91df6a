import type { Settled } from '../dialect.js';

/**
 * What the model and the user see of an event's answer, worded as Copilot CLI 1.0.102 words it (recorded):
 * denials become the tool result, preToolUse context a user message after it, postToolUse context is appended to
 * the tool result, a blocked prompt and exit 2's stderr become warnings for the user. `message` is the host's
 * wrapped text of a denial; `s.reason` stays the hook's own reason.
 */
export function shownFor(event: string, toolName: string, s: Settled, warnings: string[], message: string | null = s.reason): { model?: string; user?: string } {
  const shown: { model?: string; user?: string } = {};
  const user = [...warnings];
  switch (event) {
    case 'preToolUse':
    case 'permissionRequest':
      if (s.verdict === 'block' || s.verdict === 'ask') shown.model = message ?? '';
      else if (s.context.length) shown.model = preToolContext(s.context[0]!);
      break;
    case 'postToolUse':
    case 'postToolUseFailure':
      if (s.verdict === 'block') shown.model = message ?? '';
      else if (s.context.length) shown.model = postToolSuffix(toolName, s.context[0]!);
      break;
    case 'sessionStart':
      if (s.context.length) shown.model = s.context[0]!;
      break;
    case 'userPromptSubmitted':
      if (s.verdict === 'block') user.push(s.reason ?? '');
      else if (s.context.length) shown.model = promptReminder(s.context[0]!);
      break;
    case 'agentStop':
      if (s.verdict === 'block' && s.reason) shown.model = s.reason;
      break;
  }
  if (user.length) shown.user = user.join('\n');
  return shown;
}

export const preToolContext = (joined: string) => `Additional context from preToolUse hook:\n${joined}`;
export const postToolSuffix = (toolName: string, joined: string) => `\n\nTool "${toolName}" succeeded. Additional guidance from postToolUse hooks:\n${joined}`;
export const promptReminder = (context: string) => `\n\n<system_reminder>\n${context}\n</system_reminder>`;
