/**
 * Replays every case Gemini CLI 0.61.0 was recorded on (oracle/hosts/gemini-cli/fixtures, written by
 * `npm run oracle -- --host gemini-cli` on the real-host harness) through hookplay's gemini-cli dialect, as a whole
 * `gemini -p` run (the oracle's view, src/hosts/gemini-cli/oracle.ts), and checks the engine does what the real CLI
 * did. No CLI needed: the fixtures are the real host's observations.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getDialect } from '@hookplay/engine';
import { expectRecordingsCurrent } from '../../engine/test/support/recordings.js';
// @ts-expect-error plain JS module of the oracle harness
import { CASES } from '../../../oracle/hosts/gemini-cli/cases.mjs';
// @ts-expect-error plain JS module of the oracle harness
import { caseHash, checkTiming, compareObservations } from '../../../oracle/hosts/gemini-cli/compare.mjs';
import { simulateSession, type OracleObservation as Observation } from '../src/hosts/gemini-cli/oracle.js';

const VERIFIED_AGAINST = getDialect('gemini-cli').verifiedAgainst!;

interface OracleCase {
  id: string;
  title: string;
  covers: string[];
  files: Record<string, string>;
  tool?: Record<string, unknown> | null;
  trusted?: boolean;
  env?: Record<string, string>;
  timing?: { event: string; minSpreadMs?: number; maxSpreadMs?: number };
}
interface Fixture {
  case: string;
  caseHash: string;
  host: { name: string; version: string };
  observed: Observation;
}

const VERSION = VERIFIED_AGAINST.version;
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../../oracle/hosts/gemini-cli/fixtures', VERSION);
const cases = CASES as OracleCase[];

describe(`the oracle's recordings of Gemini CLI ${VERSION}`, () => {
  it('cover every case, each recorded for its current definition', () => {
    expectRecordingsCurrent<OracleCase, Fixture>(FIXTURES, cases, VERSION, caseHash, 'npm run oracle -- --host gemini-cli');
  });

  it('are at least 40, and the dialect says how many it is verified on', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(VERIFIED_AGAINST.cases).toBe(cases.length);
  });

  it('cover every rule the dialect implements', () => {
    const covered = new Set(cases.flatMap((c) => c.covers));
    for (const rule of ['process', 'parallel', 'sequential', 'exit-codes', 'json', 'before-tool', 'rewrite', 'combine', 'system-message', 'matcher', 'files', 'dedupe', 'switches', 'bad-config', 'trust', 'timeout', 'after-tool', 'before-agent', 'after-agent', 'session-start', 'continue-false', 'context', 'events', 'model-events']) {
      expect(covered, rule).toContain(rule);
    }
  });
});

// Hooks that the engine really runs finish in an order a loaded machine can skew (two instant hooks 100 ms
// apart, a 1 s hook taking 1.8 s): a case gets two more tries. A rule the engine gets wrong fails all three.
describe(`hookplay agrees with Gemini CLI ${VERSION}`, { retry: 2 }, () => {
  for (const c of cases) {
    const path = join(FIXTURES, `${c.id}.json`);
    it.skipIf(!existsSync(path))(`${c.id}: ${c.title}`, async () => {
      const fixture = JSON.parse(readFileSync(path, 'utf8')) as Fixture;
      const sim = await simulateSession({ files: c.files, ...(c.tool !== undefined ? { tool: c.tool as never } : {}), ...(c.trusted !== undefined ? { trusted: c.trusted } : {}), ...(c.env ? { env: c.env } : {}) });
      const starts = sim.steps.flatMap((s) => s.outcome.hooks.filter((h) => h.ran && h.startMs !== null).map((h) => ({ event: s.event, command: h.command, at: h.startMs })));
      const problems = [...compareObservations(fixture.observed, sim.observation), ...checkTiming(c, starts, 'hookplay')];
      expect(problems).toEqual([]);
    }, 60_000);
  }
});
