/**
 * Replays every case Claude Code 2.1.332 was recorded on (oracle/fixtures, written by `npm run oracle`) through
 * hookplay's claude-code dialect, as a whole `claude -p` session, and checks the engine does what the real CLI did.
 * No CLI needed: the fixtures are the real host's observations.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { expectRecordingsCurrent } from '../support/recordings.js';
// @ts-expect-error plain JS module of the oracle harness
import { ALL_CASES } from '../../../../oracle/all-cases.mjs';
// @ts-expect-error plain JS module of the oracle harness
import { caseHash, compareObservations, observedOf, sessionOf } from '../../../../oracle/lib/compare.mjs';
// @ts-expect-error plain JS module of the oracle harness
import { recordedRules } from '../../../../oracle/lib/recorded-rules.mjs';
import { RECORDED_RULES } from '../../src/dialects/claude-code/recorded/index.js';
import { claudeRuleCodes as ruleCodes, simulateClaudeSession as simulateSession, type ClaudeOracleObservation as Observation } from '@hookplay/real-host';
import { VERIFIED_AGAINST } from '../../src/dialects/claude-code/verified.js';
import { RACE_MS } from '../../src/dialects/claude-code/combine.js';
import { playAgainAloneIfNeeded } from '../support/gate.js';
import { boundsFor, checkRelativeTiming, CLAUDE_TOOL_EVENTS, compareAllowingLoadRaces, hookMsOf, withLateness } from '../support/timing.js';
import { sessionProblems } from '../../src/consistency/check.js';

interface OracleCase {
  id: string;
  title: string;
  covers: string[];
  files: Record<string, string>;
  tool?: Record<string, unknown> | null;
  allowedTools?: string;
  timing?: { minGapMs?: number; maxGapMs?: number };
}
interface Fixture {
  case: string;
  caseHash: string;
  host: { name: string; version: string };
  observed: Observation;
}

const VERSION = VERIFIED_AGAINST.version;
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../../../oracle/fixtures', VERSION);
const cases = ALL_CASES as OracleCase[];

describe(`the oracle's recordings of Claude Code ${VERSION}`, () => {
  it('cover every case, each recorded for its current definition', () => {
    expectRecordingsCurrent<OracleCase, Fixture>(FIXTURES, cases, VERSION, caseHash, 'npm run oracle --');
  });

  it('are at least 400, and the dialect says how many it is verified on', () => {
    expect(cases.length).toBeGreaterThanOrEqual(400);
    expect(VERIFIED_AGAINST.cases).toBe(cases.length);
  });

  it('cover every rule the issue lists', () => {
    const covered = new Set(cases.flatMap((c) => c.covers));
    for (const rule of ['process', 'parallel', 'dedupe', 'settings-files', 'matcher', 'pre-precedence', 'pre-exit-codes', 'pre-output', 'pre-decisions', 'pre-allow', 'pre-ask', 'rewrite', 'timeout', 'continue-false', 'stop', 'prompt', 'session-start', 'context', 'permissions', 'permission-modes', 'hook-vs-rules', 'approvals', 'plugins', 'multi-turn']) {
      expect(covered, rule).toContain(rule);
    }
  });
});

// Hooks that the engine really runs finish in an order and a time a loaded machine skews: both are read relative to
// the same run (support/timing.ts), and a replay that disagrees plays once more with the file's others held back
// (support/gate.ts). The retries stay for what one run can still skew; a wrong rule fails every try.
describe.concurrent(`hookplay agrees with Claude Code ${VERSION}`, { retry: 2 }, () => {
  for (const c of cases) {
    const path = join(FIXTURES, `${c.id}.json`);
    it.skipIf(!existsSync(path))(`${c.id}: ${c.title}`, async () => {
      const fixture = JSON.parse(readFileSync(path, 'utf8')) as Fixture;
      const { sim, problems } = await playAgainAloneIfNeeded(async () => {
        const { result: sim, lateMs } = await withLateness(c.timing !== undefined, () => simulateSession({ ...sessionOf(c), version: VERSION }));
        const timing = checkRelativeTiming(boundsFor(c.timing), { gapMs: sim.gapMs, hookMs: hookMsOf(sim.steps, CLAUDE_TOOL_EVENTS), lateMs }, 'hookplay');
        const agree = await compareAllowingLoadRaces(sim.observation, sim.steps, RACE_MS, (engine) => compareObservations(c, observedOf(fixture), engine));
        return { sim, problems: [...agree, ...timing] };
      });
      expect(problems).toEqual([]);
      // What hookplay says about the case never contradicts itself, its end or the recordings it cites.
      expect(sessionProblems(sim.session, { version: VERSION })).toEqual([]);
      for (const code of ruleCodes(sim)) (ruleCases[code] ??= []).push(c.id);
      agreed++;
    }, 90_000);
  }

  // After every replay (a filtered run checks nothing here): the rules they stated are exactly the generated table
  // the dialect marks its "why" lines with. Regenerate it with `npm run oracle -- --replay`.
  afterAll(() => {
    if (agreed === cases.length) expect(recordedRules(VERSION, cases.length, ruleCases)).toEqual(RECORDED_RULES);
  });
});

/** Rule code → the cases that replayed in agreement while the engine stated it. */
const ruleCases: Record<string, string[]> = {};
let agreed = 0;

describe('what the recordings verify', () => {
  it('every rule the playground calls verified is recorded', () => {
    expect(VERIFIED_AGAINST.rules.length).toBeGreaterThan(10);
    expect(VERIFIED_AGAINST.cases).toBe(RECORDED_RULES.cases);
  });
});
