/**
 * Evidence labels must match the recordings they cite: "observed on Claude Code V" only for a rule V's replay
 * states, citing cases of that table, never a newer build's recordings for an older one; "from the docs" only
 * where no recording of the version played covers the rule.
 */
import { NOT_EXERCISED, recordedRulesOf, TIMING_RULES } from '../dialects/claude-code/evidence.js';
import { resolveVersion } from '../dialects/claude-code/versions/resolve.js';
import { NEWEST_PROFILE } from '../dialects/claude-code/versions/profiles.js';
import type { Evidence } from '../outcome.js';

export interface EvidenceContext {
  dialect?: string;
  version?: string;
  event?: string;
}

export function evidenceProblems(code: string, evidence: Evidence, ctx: EvidenceContext, where: string): string[] {
  if (ctx.dialect !== 'claude-code') return [];
  const played = ctx.version === undefined ? NEWEST_PROFILE.version : (resolveVersion(ctx.version).profile?.version ?? null);
  if (evidence.kind === 'hookplay') return [];
  if (evidence.kind === 'docs') {
    if (!played || code in NOT_EXERCISED) return [];
    const table = recordedRulesOf(played);
    if (table.version === played && table.rules[code]) return [`${where} is labelled "from the docs only", but Claude Code ${played}'s recordings cover it (${table.rules[code]!.cases.join(', ')})`];
    return [];
  }
  const problems: string[] = [];
  if (code in NOT_EXERCISED) problems.push(`${where} is labelled observed, but ${NOT_EXERCISED[code]}`);
  if (played && evidence.version !== played) problems.push(`${where} cites recordings of Claude Code ${evidence.version}, but the rules played are ${played}'s`);
  const table = recordedRulesOf(evidence.version);
  if (table.version !== evidence.version) return [...problems, `${where} cites Claude Code ${evidence.version}, which has no recorded table`];
  const known = new Set([...(table.rules[code]?.cases ?? []), ...(TIMING_RULES[code] ?? [])]);
  if (!known.size) return [...problems, `${where} is labelled observed on ${evidence.version}, but no recorded case of it states [${code}]`];
  const foreign = evidence.cases.filter((c) => !known.has(c));
  if (foreign.length) problems.push(`${where} cites ${foreign.join(', ')}, which do not state [${code}] on ${evidence.version}`);
  return problems;
}
