import { MATCHER_FIELD } from './events.js';
import { NEWEST_PROFILE } from './versions/profiles.js';

/** Only these characters: the matcher is a list of exact names, split on `|` and `,`. */
const NAME_LIST = /^[A-Za-z0-9_|, ]+$/;

export interface ClaudeCodeMatch {
  matched: boolean;
  why: string;
  /** How the matcher was read. */
  /** `older`: an older build reads this matcher differently from today's (versions/profiles.ts, `matcher`). */
  kind: 'all' | 'list' | 'regex' | 'no-matcher-event' | 'older';
  /** The regex engine's error when the matcher does not compile. */
  invalid?: string;
  /** A hint when a miss looks like a mistake (wrong case, a partial name read as an exact one). */
  hint?: string;
}

/**
 * Claude Code 2.1.332's matcher, checked against the real CLI:
 * - trimmed; empty, absent or `*` match everything;
 * - made only of letters, digits, `_`, `|`, `,` and spaces: a list of exact, case-sensitive names split on `|` and `,`
 *   (`Bas` does not match Bash, `bash` does not either);
 * - anything else: an unanchored JavaScript regex (`Bas.*`, `^Bas`, `a.` all match Bash);
 * - events without a matcher value (UserPromptSubmit, Stop, PostToolBatch) run every group, whatever its matcher.
 */
export function matchClaudeCode(matcher: string | null | undefined, event: string, input: Record<string, unknown>, style: 'v1' | 'v2.0' | 'v2' = 'v2', version?: string): ClaudeCodeMatch {
  const field = MATCHER_FIELD[event];
  if (style !== 'v2' && field !== undefined) {
    const older = matchV1(matcher, field, input, style, version);
    const today = matchClaudeCode(matcher, event, input, 'v2');
    return older.matched === today.matched ? older : { ...older, kind: 'older', why: `${older.why} (Claude Code ${NEWEST_PROFILE.version} ${today.matched ? 'matches' : 'does not match'} it)` };
  }
  const trimmed = matcher?.trim() ?? '';
  if (field === undefined) {
    const ignored = trimmed !== '' && trimmed !== '*';
    return {
      matched: true,
      kind: 'no-matcher-event',
      why: ignored ? `${event} has no matcher: the group runs whatever its matcher ${JSON.stringify(matcher)} says` : `${event} has no matcher: every group runs`,
    };
  }
  if (matcher === undefined || matcher === null) return { matched: true, kind: 'all', why: 'no matcher: matches everything' };
  if (trimmed === '') return { matched: true, kind: 'all', why: matcher === '' ? 'an empty matcher matches everything' : 'the matcher is blank once trimmed: matches everything' };
  if (trimmed === '*') return { matched: true, kind: 'all', why: '"*" matches everything' };

  const raw = input[field];
  const value = typeof raw === 'string' ? raw : '';
  const shown = `${field} ${JSON.stringify(value)}`;
  const trimNote = trimmed !== matcher ? ' (after trimming spaces)' : '';

  if (NAME_LIST.test(trimmed)) {
    const names = trimmed
      .split(/[|,]/)
      .map((n) => n.trim())
      .filter((n) => n !== '');
    const list = names.length === 1 ? `the exact name ${JSON.stringify(names[0])}` : `the list of exact names ${names.map((n) => JSON.stringify(n)).join(', ')}`;
    if (names.includes(value)) return { matched: true, kind: 'list', why: `matcher ${JSON.stringify(matcher)} is ${list}; it includes ${shown}${trimNote}` };
    const lower = names.find((n) => n.toLowerCase() === value.toLowerCase());
    const partial = names.find((n) => n !== '' && value.includes(n));
    const hint = lower
      ? `names are case-sensitive: ${JSON.stringify(lower)} is not ${JSON.stringify(value)}`
      : partial
        ? `a plain name is matched exactly, not as a part of the name: use ${JSON.stringify(`${partial}.*`)} for a prefix`
        : undefined;
    return { matched: false, kind: 'list', why: `matcher ${JSON.stringify(matcher)} is ${list}; ${shown} is not in it${hint ? ` (${hint})` : ''}`, ...(hint ? { hint } : {}) };
  }

  let re: RegExp;
  try {
    re = new RegExp(trimmed);
  } catch (e) {
    return { matched: false, kind: 'regex', invalid: (e as Error).message, why: `matcher ${JSON.stringify(matcher)} is not a valid regular expression: it never matches` };
  }
  const m = re.exec(value);
  if (!m) {
    let hint: string | undefined;
    if (new RegExp(trimmed, 'i').test(value)) hint = 'it would match ignoring case, but the test is case-sensitive';
    return { matched: false, kind: 'regex', why: `matcher /${trimmed}/ (a regex: it has characters other than letters, digits, _, | and ,) does not match ${shown}${hint ? `; ${hint}` : ''}`, ...(hint ? { hint } : {}) };
  }
  const whole = m.index === 0 && m[0].length === value.length;
  return {
    matched: true,
    kind: 'regex',
    why: whole
      ? `matcher /${trimmed}/ (a regex) matches ${shown}${trimNote}`
      : `matcher /${trimmed}/ (a regex) matches ${JSON.stringify(m[0])} inside ${shown}: the test is unanchored${trimNote}`,
  };
}

/** Matchers before 2.1.x's (versions/profiles.ts, `matcher: 'v1' | 'v2.0'`): untrimmed, a narrower name list; "*" a failing regex in 1.0.41. */
function matchV1(matcher: string | null | undefined, field: string, input: Record<string, unknown>, style: 'v1' | 'v2.0', version?: string): ClaudeCodeMatch {
  // Which builds read matchers this way, said as a fact of the version played (never "before 2.1.x": 2.1.143 does too).
  const builds = version ? `Claude Code ${version}` : style === 'v1' ? 'Claude Code 1.0.41' : 'Claude Code 2.0.76 to 2.1.143';
  if (style === 'v2.0' && matcher === '*') return { matched: true, kind: 'all', why: '"*" matches everything' };
  if (!matcher) return { matched: true, kind: 'all', why: matcher === '' ? 'an empty matcher matches everything' : 'no matcher: matches everything' };
  const raw = input[field];
  const value = typeof raw === 'string' ? raw : '';
  const shown = `${field} ${JSON.stringify(value)}`;
  if (/^[a-zA-Z0-9_|]+$/.test(matcher)) {
    const names = matcher.split('|').map((n) => n.trim());
    const hit = names.includes(value);
    return { matched: hit, kind: 'list', why: `matcher ${JSON.stringify(matcher)} is a list of exact names (for ${builds}: letters, digits, _ and | only); ${shown} is ${hit ? '' : 'not '}in it` };
  }
  let re: RegExp;
  try {
    re = new RegExp(matcher);
  } catch (e) {
    return { matched: false, kind: 'regex', invalid: (e as Error).message, why: `matcher ${JSON.stringify(matcher)} is read as a regular expression by this Claude Code version (it has characters other than letters, digits, _ and |), and it does not compile: it never matches` };
  }
  const hit = re.test(value);
  return { matched: hit, kind: 'regex', why: `matcher /${matcher}/ (a regex for this Claude Code version, untrimmed) ${hit ? 'matches' : 'does not match'} ${shown}` };
}
