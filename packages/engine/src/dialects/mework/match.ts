import { testRegexMatcher } from '../shared/regex-matcher.js';
import { ALWAYS_MATCH_EVENTS } from './events.js';

/**
 * The payload field a Mework matcher is tested against, per event. The docs do not say; these follow Claude
 * Code's matcher targets (tool name for tool events, `source` for SessionStart, `load_reason` for
 * InstructionsLoaded). UserPromptSubmit and Stop have none: they always match.
 */
export const MATCHER_FIELDS: Record<string, string> = {
  PreToolUse: 'tool_name',
  PermissionRequest: 'tool_name',
  PostToolUse: 'tool_name',
  SessionStart: 'source',
  InstructionsLoaded: 'load_reason',
};

export interface MeworkMatch {
  matched: boolean;
  why: string;
  /** The regex engine's error, when the matcher does not compile. */
  invalid?: string;
  /** Set when the payload has no value to test, so a non-trivial matcher can never match. */
  noValue?: string;
  /** Set when the matcher would match ignoring case: Mework's test is case-sensitive. */
  caseHint?: string;
  /** Set when the event always matches and the matcher is not a match-all: it has no effect. */
  matcherIgnored?: boolean;
}

export function matchMework(matcher: string | null | undefined, event: string, input: Record<string, unknown>): MeworkMatch {
  const trimmed = matcher?.trim() ?? '';
  if (ALWAYS_MATCH_EVENTS.has(event)) {
    const ignored = trimmed !== '' && trimmed !== '*';
    return {
      matched: true,
      why: ignored ? `${event} always matches: the matcher ${JSON.stringify(matcher)} is not used` : `${event} always matches`,
      ...(ignored ? { matcherIgnored: true } : {}),
    };
  }
  if (matcher === undefined || matcher === null) return { matched: true, why: 'no matcher: matches everything' };
  if (trimmed === '') return { matched: true, why: matcher === '' ? 'empty matcher matches everything' : 'the matcher is blank once trimmed, so it matches everything' };
  if (trimmed === '*') return { matched: true, why: '"*" matches everything' };

  const field = MATCHER_FIELDS[event];
  const value = field !== undefined ? input[field] : undefined;
  if (field === undefined || typeof value !== 'string') {
    const what = field === undefined ? `${event} has no value a matcher is tested against` : `the payload has no string "${field}"`;
    return { matched: false, why: `${what}, so matcher ${JSON.stringify(trimmed)} never matches`, noValue: field ?? event };
  }
  const result = testRegexMatcher(trimmed, value, field);
  const trimNote = trimmed !== matcher ? ' (after trimming spaces)' : '';
  if (!result.ok) return { matched: false, why: `${result.why}: Mework never matches it`, invalid: result.error };
  if (result.matched) return { matched: true, why: `${result.why}${trimNote}` };
  let caseHint: string | undefined;
  try {
    if (new RegExp(trimmed, 'i').test(value)) caseHint = `it would match ignoring case, but Mework's test is case-sensitive (${field} is ${JSON.stringify(value)})`;
  } catch {
    // compiled above without the flag; cannot fail here in practice
  }
  return { matched: false, why: `${result.why}${trimNote}${caseHint ? `; ${caseHint}` : ''}`, ...(caseHint ? { caseHint } : {}) };
}
