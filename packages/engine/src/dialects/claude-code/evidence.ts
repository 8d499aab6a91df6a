import type { Diagnostic, Evidence } from '../../outcome.js';
import { RECORDED_RULES, RECORDED_RULES_BY_VERSION } from './recorded/index.js';
import { isHookplayNote } from '../../consistency/hookplay-notes.js';

/** The generated table of one listed version (the newest's when the version has none). */
export function recordedRulesOf(version: string | undefined): RecordedRules {
  return (version && RECORDED_RULES_BY_VERSION[version]) || RECORDED_RULES;
}

/** A generated table (recorded/VERSION.json): per rule code, how many recorded cases replay in agreement, and a few. */
export interface RecordedRules {
  version: string;
  cases: number;
  rules: Record<string, { n: number; cases: string[] }>;
}

/**
 * Rules stated only when hooks happen to finish close together, so whether a replay states them depends on the
 * machine's timing: they stay out of the generated table, and name the recordings that show the variation instead
 * (hooks of the same shape whose answers the real CLI read in different orders).
 */
export const TIMING_RULES: Record<string, string[]> = {
  'rule.finish-order-racy': ['sw-disable-local-false', 'sw-disable-user-false', 'sw-seq-stop-context-then-block'],
  // An immediate user and an immediate PermissionRequest hook race (oracle/README.md: the hook won 3 of 18 runs);
  // the recorded cases hold each side apart: the hook first (a slow user), the user first (a slow hook).
  'permission.prompt-race': ['combo-pr-allow-slow-user', 'combo-pr-deny-no-rule', 'combo-pr-hook-ask-user-first'],
};

/**
 * Rules the replay states in recorded cases that cannot show them: the cases agree, but what the rule says never
 * happens in them. They stay "from the docs" until a recording exercises them.
 */
export const NOT_EXERCISED: Record<string, string> = {
  'rule.rewrite-with-ask':
    'its recorded cases run claude -p, where an ask is a denial and the tool never runs: none shows the user asked about the rewritten call',
};

/** Where a rule comes from: recorded (with the cases that show it) or, when no recording covers it, the docs. */
export function evidenceFor(code: string, recorded: RecordedRules = RECORDED_RULES): Evidence {
  if (code in NOT_EXERCISED) return { kind: 'docs', source: 'https://code.claude.com/docs/en/hooks' };
  const timing = TIMING_RULES[code];
  if (timing && recorded === RECORDED_RULES) return { kind: 'recorded', host: 'Claude Code', version: recorded.version, cases: timing };
  const rule = recorded.rules[code];
  return rule ? { kind: 'recorded', host: 'Claude Code', version: recorded.version, cases: rule.cases } : { kind: 'docs', source: 'https://code.claude.com/docs/en/hooks' };
}

/** Marks every diagnostic with its rule's evidence, from the recordings of `version` (the newest when unset). */
export function withEvidence<T extends { diagnostics: Diagnostic[] }>(value: T, version?: string): T {
  const recorded = recordedRulesOf(version);
  for (const d of value.diagnostics) d.evidence ??= isHookplayNote(d.code) ? { kind: 'hookplay' } : evidenceFor(d.code, recorded);
  return value;
}

/** The code a matcher decision stands for, so a hook's "why" line carries evidence too. */
export const matchCode = (kind: string, matched: boolean) => `match.${kind}.${matched ? 'hit' : 'miss'}`;
