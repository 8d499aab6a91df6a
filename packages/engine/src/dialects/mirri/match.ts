import { testRegexMatcher } from '../shared/regex-matcher.js';

/** What a Mirri matcher is tested against, per event, and the name of that value for explanations. */
export function matcherTarget(event: string, input: Record<string, unknown>): { value: string; name: string } {
  const s = (v: unknown) => (typeof v === 'string' ? v : '');
  switch (event) {
    case 'PreToolUse':
    case 'RewriteToolInput':
    case 'PostToolUse':
    case 'PostToolUseFailure':
    case 'PermissionRequest':
    case 'PermissionResult':
      return { value: s(input.tool_name), name: 'tool name' };
    case 'UserPromptSubmit':
      return { value: s(input.prompt), name: 'prompt' };
    case 'StopFailure':
      return { value: s(input.error_type), name: 'error type' };
    case 'Notification':
      return { value: s(input.notification_type), name: 'notification type' };
    case 'PreCompact':
    case 'PostCompact':
      return { value: s(input.trigger), name: 'trigger' };
    case 'SessionStart':
      return { value: s(input.source), name: 'source' };
    case 'SessionEnd':
      return { value: 'exit', name: 'reason' };
    case 'SubagentStart':
    case 'SubagentStop':
      return { value: s(input.agent_name), name: 'sub-agent name' };
    default:
      // Stop, Interrupt, PreLlmRequest, PostLlmRequest
      return { value: '', name: 'empty string' };
  }
}

export type MirriMatch = { matched: boolean; why: string; invalid?: string };

/** `new RegExp(matcher).test(target)`, case-sensitive and unanchored; empty or absent matches everything. */
export function matchMirri(matcher: string | null | undefined, event: string, input: Record<string, unknown>): MirriMatch {
  if (matcher === undefined || matcher === null || matcher === '') {
    return { matched: true, why: matcher === '' ? 'empty matcher matches everything' : 'no matcher: matches everything' };
  }
  const target = matcherTarget(event, input);
  const result = testRegexMatcher(matcher, target.value, target.name);
  if (!result.ok) return { matched: false, why: `${result.why}: the host skips it silently`, invalid: result.error };
  return { matched: result.matched, why: result.why };
}
