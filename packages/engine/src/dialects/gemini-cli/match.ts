import type { Json } from '../../util/json.js';
import { MATCHER_FIELD } from './events.js';

export interface GeminiMatch {
  matched: boolean;
  why: string;
  /** The matcher is not a string on an event that tests it: the planner throws and the whole event runs no hook. */
  breaksEvent?: boolean;
  /** The matcher does not compile as a regex, so it is compared as an exact name. */
  literal?: boolean;
  hint?: string;
}

/**
 * hookPlanner.matchesContext of Gemini CLI 0.61.0:
 * - no matcher (or an empty one) matches; the matcher is trimmed; "" and "*" match everything;
 * - tool events: `new RegExp(matcher).test(tool_name)`, unanchored and case-sensitive; a matcher that does not
 *   compile is compared to the tool name exactly;
 * - SessionStart, SessionEnd and PreCompress: the matcher must equal the source, reason or trigger exactly;
 * - every other event ignores the matcher.
 */
export function matchGemini(raw: Json | undefined, event: string, input: Record<string, unknown>): GeminiMatch {
  const field = MATCHER_FIELD[event];
  if (raw === undefined || raw === null || raw === '' || raw === false || raw === 0) return { matched: true, why: raw === undefined ? 'no matcher: matches everything' : 'an empty matcher matches everything' };
  if (field === undefined) return { matched: true, why: `${event} has no matcher: the group runs whatever its matcher ${JSON.stringify(raw)} says` };
  const rawValue = input[field];
  const value = typeof rawValue === 'string' ? rawValue : '';
  if (typeof raw !== 'string') {
    return {
      matched: false,
      breaksEvent: true,
      why: `matcher ${JSON.stringify(raw)} is not a string: Gemini CLI's planner fails on it (matcher.trim is not a function), and no hook of ${event} runs at all`,
    };
  }
  const matcher = raw.trim();
  if (matcher === '' || matcher === '*') return { matched: true, why: matcher === '*' ? '"*" matches everything' : 'the matcher is blank once trimmed: matches everything' };
  const shown = `${field} ${JSON.stringify(value)}`;
  if (field !== 'tool_name') {
    if (matcher === value) return { matched: true, why: `matcher ${JSON.stringify(matcher)} equals ${shown}` };
    const hint = matcher.toLowerCase() === value.toLowerCase() ? 'the comparison is case-sensitive' : /[|*.^$]/.test(matcher) ? `for ${event} the matcher is an exact string, not a regex` : undefined;
    return { matched: false, why: `matcher ${JSON.stringify(matcher)} is not ${shown} (${event} compares exactly)${hint ? `; ${hint}` : ''}`, ...(hint ? { hint } : {}) };
  }
  let re: RegExp;
  try {
    re = new RegExp(matcher);
  } catch {
    const same = matcher === value;
    return { matched: same, literal: true, why: `matcher ${JSON.stringify(matcher)} is not a valid regex, so it is compared exactly: ${same ? 'equals' : 'is not'} ${shown}` };
  }
  const m = re.exec(value);
  if (!m) {
    const hint = new RegExp(matcher, 'i').test(value) ? 'it would match ignoring case, but the test is case-sensitive' : undefined;
    return { matched: false, why: `matcher /${matcher}/ does not match ${shown}${hint ? `; ${hint}` : ''}`, ...(hint ? { hint } : {}) };
  }
  const whole = m.index === 0 && m[0].length === value.length;
  return { matched: true, why: whole ? `matcher /${matcher}/ matches ${shown}` : `matcher /${matcher}/ matches ${JSON.stringify(m[0])} inside ${shown}: the test is unanchored` };
}
