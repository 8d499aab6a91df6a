/**
 * Replays every recording of one older Claude Code version (oracle/fixtures/<version>/, written by
 * `npm run oracle -- --version V`) through hookplay's claude-code dialect under that version's profile, and checks
 * the engine does what that real CLI did. One test file per version keeps the replays in parallel workers.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module of the oracle harness
import { ALL_CASES } from '../../../../../oracle/all-cases.mjs';
// @ts-expect-error plain JS module of the oracle harness
import { caseHash, compareObservations, observedOf, sessionOf } from '../../../../../oracle/lib/compare.mjs';
// @ts-expect-error plain JS module of the oracle harness
import { recordedRules } from '../../../../../oracle/lib/recorded-rules.mjs';
// @ts-expect-error plain JS module of the oracle harness
import { KNOWN_GAPS } from '../../../../../oracle/known-gaps.mjs';
// @ts-expect-error plain JS module of the oracle harness
import { unsupportedReason } from '../../../../../oracle/lib/versions.mjs';
import { recordedRulesOf } from '../../../src/dialects/claude-code/evidence.js';
import { claudeRuleCodes as ruleCodes, simulateClaudeSession as simulateSession, type ClaudeOracleObservation as Observation } from '@hookplay/real-host';
import { PROFILES } from '../../../src/dialects/claude-code/versions/profiles.js';
import { switchEvidence } from '../../../src/dialects/claude-code/versions/switch-evidence.js';
import { RACE_MS } from '../../../src/dialects/claude-code/combine.js';
import { playAgainAloneIfNeeded } from '../../support/gate.js';
import { boundsFor, checkRelativeTiming, CLAUDE_TOOL_EVENTS, compareAllowingLoadRaces, hookMsOf, withLateness } from '../../support/timing.js';
import { sessionProblems } from '../../../src/consistency/check.js';

interface OracleCase {
  id: string;
  title: string;
  files: Record<string, string>;
  timing?: { minGapMs?: number; maxGapMs?: number; byVersion?: Record<string, { minGapMs?: number; maxGapMs?: number }> };
}
interface Fixture {
  case: string;
  caseHash: string;
  host: { name: string; version: string };
  observed: Observation;
}

export function replayVersion(version: string, atLeast: number): void {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '../../../../../oracle/fixtures', version);
  const byId = new Map((ALL_CASES as OracleCase[]).map((c) => [c.id, c]));
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  const fixtures = files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Fixture);
  const profile = PROFILES.find((p) => p.version === version)!;
  const gaps: Record<string, string> = (KNOWN_GAPS as Record<string, Record<string, string>>)[version] ?? {};
  const compared = fixtures.filter((f) => !(f.case in gaps));
  const ruleCases: Record<string, string[]> = {};
  let agreed = 0;

  describe(`the oracle's recordings of Claude Code ${version}`, () => {
    it(`are at least ${atLeast}, each of a current case this build can express, recorded on ${version}`, () => {
      expect(fixtures.length).toBeGreaterThanOrEqual(atLeast);
      for (const f of fixtures) {
        const c = byId.get(f.case);
        expect(c, `${f.case}: no such case any more`).toBeDefined();
        expect(f.host.version, f.case).toBe(version);
        expect(f.caseHash, `${f.case} changed since it was recorded: run npm run oracle -- --version ${version} --case ${f.case}`).toBe(caseHash(c));
        expect(unsupportedReason(c, version), f.case).toBeNull();
      }
    });

    it('cite, for every switch of the profile, only cases recorded on this version', () => {
      const recorded = new Set(fixtures.map((f) => f.case));
      for (const [key, ids] of Object.entries(switchEvidence(profile))) for (const id of ids) expect(recorded, `${key} cites ${id}`).toContain(id);
      for (const id of Object.keys(gaps)) expect(recorded, `known gap ${id} has no recording`).toContain(id);
    });
  });

  // Hooks that the engine really runs finish in an order and a time a loaded machine skews: both are read relative
  // to the same run (support/timing.ts), and a replay that disagrees plays once more with the file's others held back
  // (support/gate.ts). The retries stay for what one run can still skew; a wrong rule fails every try.
  describe.concurrent(`hookplay agrees with Claude Code ${version}`, { retry: 2 }, () => {
    for (const f of fixtures) {
      const c = byId.get(f.case);
      if (!c) continue;
      // A known gap (oracle/known-gaps.mjs) is shown as skipped, with what differs, not counted as verified.
      if (f.case in gaps) {
        it.skip(`${c.id}: known gap on ${version}: ${gaps[f.case]}`, () => {});
        continue;
      }
      it(`${c.id}: ${c.title}`, async () => {
        const { sim, codes, problems } = await playAgainAloneIfNeeded(async () => {
          const { result: sim, lateMs } = await withLateness(c.timing !== undefined, () => simulateSession({ ...sessionOf(c), version }));
          const codes = ruleCodes(sim);
          const timing = checkRelativeTiming(boundsFor(c.timing, version), { gapMs: sim.gapMs, hookMs: hookMsOf(sim.steps, CLAUDE_TOOL_EVENTS), lateMs }, 'hookplay');
          const agree = await compareAllowingLoadRaces(sim.observation, sim.steps, RACE_MS, (engine) => compareObservations(c, observedOf(f), engine, codes));
          return { sim, codes, problems: [...agree, ...timing] };
        });
        expect(problems).toEqual([]);
        // What hookplay says about the case never contradicts itself, its end or the recordings it cites.
        expect(sessionProblems(sim.session, { version })).toEqual([]);
        for (const code of codes) (ruleCases[code] ??= []).push(c.id);
        agreed++;
      }, 90_000);
    }
    // After a full replay: the rules stated are exactly the generated table the dialect marks evidence with for this
    // version. Regenerate it with `npm run oracle -- --replay --version V`.
    afterAll(() => {
      if (agreed === compared.length && compared.length > 0) expect(recordedRules(version, compared.length, ruleCases)).toEqual(recordedRulesOf(version));
    });
  });
}
