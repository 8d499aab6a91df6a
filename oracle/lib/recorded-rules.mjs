// Writes packages/engine/src/dialects/<dialect>/recorded/VERSION.json: for every rule the engine states (a
// diagnostic code), how many recorded cases of that version replay in agreement while it is stated, and the first few
// of them. The dialect marks each "why" line from it: observed on the real CLI (these cases) or from the docs only.
// It is data, written by the replay from a run where every case agreed; the replay tests check it against the
// fixtures, so a table can never claim a case that does not replay.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** How many case ids each rule names (the count says how many there are in all). */
export const NAMED_CASES = 3;

/** The generated table, from `ruleCases` (code → case ids, any order). */
export function recordedRules(version, cases, ruleCases) {
  const rules = Object.fromEntries(
    Object.keys(ruleCases)
      .sort()
      .map((code) => {
        const ids = [...new Set(ruleCases[code])].sort();
        return [code, { n: ids.length, cases: ids.slice(0, NAMED_CASES) }];
      }),
  );
  return { version, cases, rules };
}

/** Every version's table in one folder beside its dialect, one file per version. */
export function recordedRulesPath(root, version, dialect = 'claude-code') {
  return join(root, 'packages/engine/src/dialects', dialect, 'recorded', `${version}.json`);
}

/** One rule a line, so a re-recording's diff shows which rules gained or lost cases. */
export function formatRecordedRules(table) {
  const rules = Object.entries(table.rules).map(([code, rule]) => `    ${JSON.stringify(code)}: ${JSON.stringify(rule)}`);
  return `{\n  "version": ${JSON.stringify(table.version)},\n  "cases": ${table.cases},\n  "rules": {\n${rules.join(',\n')}\n  }\n}\n`;
}

export function writeRecordedRules(root, version, cases, ruleCases, dialect = 'claude-code') {
  const path = recordedRulesPath(root, version, dialect);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, formatRecordedRules(recordedRules(version, cases, ruleCases)));
  return path;
}
