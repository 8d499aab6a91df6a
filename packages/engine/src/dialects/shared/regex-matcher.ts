/**
 * Unanchored JavaScript regex test, as `new RegExp(matcher).test(target)`, explained in words.
 * Shared by hosts that treat matchers as regexes (Mirri, Mework); each decides what the target is.
 */
export type RegexMatch =
  | { ok: true; matched: boolean; found?: string; why: string }
  | { ok: false; error: string; why: string };

export function testRegexMatcher(matcher: string, target: string, targetName: string): RegexMatch {
  let re: RegExp;
  try {
    re = new RegExp(matcher);
  } catch (e) {
    return { ok: false, error: (e as Error).message, why: `matcher ${JSON.stringify(matcher)} is not a valid regular expression` };
  }
  const m = re.exec(target);
  const shown = `${targetName} ${JSON.stringify(target)}`;
  if (!m) return { ok: true, matched: false, why: `matcher /${matcher}/ does not match ${shown}` };
  const whole = m.index === 0 && m[0].length === target.length;
  return {
    ok: true,
    matched: true,
    found: m[0],
    why: whole
      ? `matcher /${matcher}/ matches ${shown}`
      : `matcher /${matcher}/ matches ${JSON.stringify(m[0])} inside ${shown} (the test is unanchored: use ^…$ for an exact name)`,
  };
}
