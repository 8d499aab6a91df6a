import type { CodexCall } from './script.js';

/** The reviewer's reasons when it refuses: hookplay's words (the emulation is told them, so both sides say the same). */
export const REVIEWER_RATIONALE = {
  deny: 'hookplay: the approval step denies this call',
  unanswered: 'hookplay: the scenario has no approval step for this call',
} as const;

/**
 * With `--approve-for-me` Codex asks its automatic reviewer (the same Responses endpoint, a structured-output
 * request) whether a call may leave the sandbox. The mock plays the reviewer: its verdict is the scenario's
 * approval step for that call, and a call with none is refused, in hookplay's own words.
 */
export function isReview(body: unknown): boolean {
  const format = (body as { text?: { format?: { type?: string; schema?: { properties?: Record<string, unknown> } } } })?.text?.format;
  return format?.type === 'json_schema' && format.schema?.properties !== undefined && 'outcome' in format.schema.properties;
}

/** The reviewer's verdict on the call it is shown: the last escalated call the request's transcript mentions. */
export function reviewerAnswer(body: unknown, calls: CodexCall[]): string {
  const text = JSON.stringify((body as { input?: unknown })?.input ?? '');
  let call: CodexCall | null = null;
  let at = -1;
  for (const c of calls) {
    if (c.input.sandbox_permissions !== 'require_escalated') continue;
    const where = text.lastIndexOf(JSON.stringify(c.input.command).slice(1, -1));
    if (where > at) {
      at = where;
      call = c;
    }
  }
  const allow = call?.approval === 'allow';
  return JSON.stringify({
    risk_level: allow ? 'low' : 'high',
    user_authorization: allow ? 'high' : 'low',
    outcome: allow ? 'allow' : 'deny',
    rationale: allow ? 'hookplay: the approval step allows this call' : call?.approval === 'deny' ? REVIEWER_RATIONALE.deny : REVIEWER_RATIONALE.unanswered,
  });
}
