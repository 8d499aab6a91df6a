/**
 * Copilot CLI 1.0.102's matchers (checked with the oracle): a matcher is a JavaScript regex that must match the
 * whole subject ("bash" matches, "ba" and "Bash" do not, "ba.*" and "view|bash" do); no matcher matches
 * everything. A matcher that is not a valid regex ("*", "(") never matches: that hook is skipped, the others run.
 * Hooks declared under PascalCase names also match the Claude Code tool name ("Bash" for bash).
 * (An empty matcher is rejected when the file loads: see config.ts.)
 */
export function matchCopilot(matcher: string | null | undefined, subject: string | null, alias: string | null = null): { matched: boolean; why: string; invalid?: string } {
  if (matcher === null || matcher === undefined) return { matched: true, why: 'no matcher: runs for every call' };
  if (subject === null) return { matched: true, why: `this event has no matcher subject: the matcher "${matcher}" is ignored` };
  let re: RegExp;
  try {
    re = new RegExp(`^(?:${matcher})$`);
  } catch (e) {
    return { matched: false, why: `the matcher "${matcher}" is not a valid regex, so Copilot CLI never runs this hook`, invalid: (e as Error).message };
  }
  if (re.test(subject)) return { matched: true, why: `the matcher "${matcher}" matches all of "${subject}"` };
  // A hook declared under a PascalCase event also matches the Claude Code tool name (recorded: "Bash" and "bash").
  if (alias !== null && re.test(alias)) return { matched: true, why: `the matcher "${matcher}" matches all of "${alias}", the Claude Code name of "${subject}"` };
  const partial = (() => {
    try {
      return new RegExp(matcher, 'i').test(subject);
    } catch {
      return false;
    }
  })();
  return {
    matched: false,
    why: `the matcher "${matcher}" does not match all of "${subject}"${partial ? ' (Copilot anchors it at both ends and is case-sensitive)' : ''}`,
  };
}
