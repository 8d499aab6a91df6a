/**
 * Readings of a version comparison for its view. Between two builds dozens of rules may change; the ones this
 * scenario can touch are those whose wording names what it uses (its event, the fields its hooks print, their
 * exit codes): those come first, the rest fold away. It is a reading of words, and the view says so.
 */
import type { ScenarioInput } from '@hookplay/engine/browser';
import type { VersionComparison } from 'hookplay/protocol';

type Change = VersionComparison['changes'][number];
type Rule = Change['rules'][number];

const STOP = new Set(['type', 'command', 'hooks', 'echo', 'true', 'false', 'null', 'then', 'with', 'this', 'that', 'from', 'when', 'test']);

/** The words a scenario uses: its event, the identifiers in its files and payload, `json` when a hook prints JSON. */
export function scenarioWords(s: ScenarioInput): Set<string> {
  const text = [s.event ?? '', ...Object.values(s.files ?? {}), JSON.stringify(s.payload ?? {}), JSON.stringify(s.session ?? {})].join('\n');
  const words = new Set<string>();
  for (const m of text.matchAll(/[A-Za-z][A-Za-z_]{3,}/g)) {
    const w = m[0].toLowerCase();
    if (!STOP.has(w)) words.add(w);
  }
  for (const m of text.matchAll(/\bexit\s+(\d+)/g)) words.add(`exit ${m[1]}`);
  if (/\{\\?"/.test(Object.values(s.files ?? {}).join('\n'))) words.add('json');
  return words;
}

/** How many of the scenario's words a rule's wording names; a rule that lists many events names them all, so events count once. */
export function ruleScore(rule: Rule, words: Set<string>): number {
  const text = `${rule.rule} ${rule.from} ${rule.to}`.toLowerCase();
  let score = 0;
  for (const w of words) if (text.includes(w)) score += w.startsWith('exit ') || w === 'json' ? 2 : 1;
  return score;
}

/** A change's rules: those the scenario touches (best first), and the others. */
export function splitRules(change: Change, words: Set<string>): { touched: Rule[]; others: Rule[] } {
  const scored = change.rules.map((r) => ({ r, score: ruleScore(r, words) }));
  const best = Math.max(0, ...scored.map((x) => x.score));
  // Only rules that score near the best count as touched: a word in common is not a rule that applies.
  const bar = Math.max(2, Math.ceil(best / 2));
  const touched = scored.filter((x) => x.score >= bar).sort((a, b) => b.score - a.score).map((x) => x.r);
  const others = scored.filter((x) => x.score < bar).map((x) => x.r);
  return { touched, others };
}

/** Why a side is racy, in the engine's words (one hook can be racy too: a crash that depends on timing). */
export function racyWhy(result: VersionComparison, change: Change): string[] {
  const sides = result.versions.filter((v) => v.version === change.from || v.version === change.to);
  return [...new Set(sides.flatMap((v) => v.racy.map((why) => `${v.version}: ${why}`)))];
}
