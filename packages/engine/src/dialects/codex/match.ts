import { MATCHER_FIELD } from './events.js';

/** Only these characters: the matcher is a list of exact names split on `|` (Codex's `is_exact_matcher`). */
const NAME_LIST = /^[A-Za-z0-9_|]+$/;

export interface CodexMatch {
  matched: boolean;
  why: string;
  kind: 'all' | 'list' | 'regex' | 'no-matcher-event';
  /** A hint when a miss looks like a mistake (wrong case, a partial name read as an exact one). */
  hint?: string;
}

/**
 * A Rust `regex` pattern as a JavaScript RegExp, or the reason Rust would reject it. The two engines agree on the
 * common syntax; Rust has no look-around and no back-references, and spells flags inline as `(?i)`.
 */
export function compileRustRegex(pattern: string): { re: RegExp } | { error: string } {
  if (/\(\?<?[=!]/.test(pattern)) return { error: 'regex parse error: look-around, including look-ahead and look-behind, is not supported' };
  if (/\\[1-9]/.test(pattern)) return { error: 'regex parse error: backreferences are not supported' };
  let flags = '';
  let source = pattern;
  const inline = /^\(\?([imsx]+)\)/.exec(source);
  if (inline) {
    if (inline[1]!.includes('x')) return { error: 'hookplay cannot emulate the (?x) flag' };
    flags = inline[1]!;
    source = source.slice(inline[0].length);
  }
  try {
    return { re: new RegExp(source, flags) };
  } catch (e) {
    return { error: `regex parse error: ${(e as Error).message}` };
  }
}

/** A matcher Codex drops at load time: one that is not a list of names, `*` or empty, and does not compile. */
export function invalidMatcher(matcher: string | null | undefined): string | undefined {
  if (matcher === undefined || matcher === null || matcher === '' || matcher === '*' || NAME_LIST.test(matcher)) return undefined;
  const compiled = compileRustRegex(matcher);
  return 'error' in compiled ? compiled.error : undefined;
}

/**
 * Codex 0.171.0's matcher, checked against the real CLI:
 * - absent, null, "" or "*" match everything; nothing is trimmed ("Bash " is a regex that misses "Bash");
 * - made only of letters, digits, `_` and `|`: a list of exact, case-sensitive names (`Bas` and `bash` miss Bash);
 * - anything else: an unanchored Rust regex (`^Ba`, `B.sh`, `(?i)bash` match Bash);
 * - UserPromptSubmit, Stop and the model-request events run every group, whatever its matcher.
 */
export function matchCodex(matcher: string | null | undefined, event: string, input: Record<string, unknown>): CodexMatch {
  const field = MATCHER_FIELD[event];
  if (field === undefined) {
    const ignored = matcher !== undefined && matcher !== null && matcher !== '' && matcher !== '*';
    return { matched: true, kind: 'no-matcher-event', why: ignored ? `${event} ignores matchers: the group runs whatever ${JSON.stringify(matcher)} says` : `${event} has no matcher: every group runs` };
  }
  if (matcher === undefined || matcher === null) return { matched: true, kind: 'all', why: 'no matcher: matches everything' };
  if (matcher === '') return { matched: true, kind: 'all', why: 'an empty matcher matches everything' };
  if (matcher === '*') return { matched: true, kind: 'all', why: '"*" matches everything' };

  const raw = input[field];
  const value = typeof raw === 'string' ? raw : '';
  const shown = `${field} ${JSON.stringify(value)}`;
  if (NAME_LIST.test(matcher)) {
    const names = matcher.split('|');
    const list = names.filter(Boolean).length === 1 ? `the exact name ${JSON.stringify(names.find(Boolean))}` : `the list of exact names ${names.filter(Boolean).map((n) => JSON.stringify(n)).join(', ')}`;
    if (names.includes(value)) return { matched: true, kind: 'list', why: `matcher ${JSON.stringify(matcher)} is ${list}; it includes ${shown}` };
    const lower = names.find((n) => n !== '' && n.toLowerCase() === value.toLowerCase());
    const partial = names.find((n) => n !== '' && value.includes(n));
    const internal = field === 'tool_name' && value === 'Bash' && names.some((n) => ['exec_command', 'shell', 'local_shell', 'shell_command'].includes(n));
    const hint = lower
      ? `names are case-sensitive: ${JSON.stringify(lower)} is not ${JSON.stringify(value)}`
      : internal
        ? 'Codex reports its shell tool to hooks as "Bash": the internal tool name is not an alias'
        : partial
          ? `a plain name is matched exactly, not as a part of the name: use ${JSON.stringify(`${partial}.*`)} for a regex`
          : undefined;
    return { matched: false, kind: 'list', why: `matcher ${JSON.stringify(matcher)} is ${list}; ${shown} is not in it${hint ? ` (${hint})` : ''}`, ...(hint ? { hint } : {}) };
  }
  const compiled = compileRustRegex(matcher);
  if ('error' in compiled) return { matched: false, kind: 'regex', why: `matcher ${JSON.stringify(matcher)} is not a valid regex (${compiled.error}): Codex drops the group` };
  const m = compiled.re.exec(value);
  if (!m) {
    const hint = matcher !== matcher.trim() ? 'matchers are not trimmed: the spaces are part of the regex' : new RegExp(compiled.re.source, `${compiled.re.flags}i`).test(value) ? 'it would match ignoring case; add (?i) for that' : undefined;
    return { matched: false, kind: 'regex', why: `matcher /${matcher}/ (a regex: it has characters other than letters, digits, _ and |) does not match ${shown}${hint ? `; ${hint}` : ''}`, ...(hint ? { hint } : {}) };
  }
  const whole = m.index === 0 && m[0].length === value.length;
  return {
    matched: true,
    kind: 'regex',
    why: whole ? `matcher /${matcher}/ (a regex) matches ${shown}` : `matcher /${matcher}/ (a regex) matches ${JSON.stringify(m[0])} inside ${shown}: the test is unanchored`,
  };
}
