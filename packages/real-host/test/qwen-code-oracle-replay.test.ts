/**
 * Replays every case Qwen Code 0.24.4 was recorded on (oracle/hosts/qwen-code/fixtures, written by
 * `npm run oracle -- --host qwen-code`, now on this harness) through hookplay's qwen-code dialect, as the adapter
 * plays a one-shot session, and checks the engine does what the real CLI did. No CLI needed: the fixtures are the
 * real host's observations.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getDialect } from '@hookplay/engine';
import { expectRecordingsCurrent } from '../../engine/test/support/recordings.js';
// @ts-expect-error plain JS module of the oracle harness
import { CASES } from '../../../oracle/hosts/qwen-code/cases.mjs';
// @ts-expect-error plain JS module of the oracle harness
import { caseHash, checkTiming } from '../../../oracle/hosts/qwen-code/compare.mjs';
import { compareOracle, simulateQwenSession, type OracleObservation } from '../src/hosts/qwen-code/oracle-exports.js';

interface OracleCase {
  id: string;
  title: string;
  covers: string[];
  files: Record<string, string>;
  tool?: Record<string, unknown> | null;
  host?: { trusted?: boolean };
  timing?: { minGapMs?: number; maxGapMs?: number };
}
interface Fixture {
  case: string;
  caseHash: string;
  host: { name: string; version: string };
  observed: OracleObservation;
  cli: { otherTraffic: unknown[] };
}

const VERIFIED_AGAINST = getDialect('qwen-code').verifiedAgainst!;
const VERSION = VERIFIED_AGAINST.version;
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../../oracle/hosts/qwen-code/fixtures', VERSION);
const cases = CASES as OracleCase[];
const fixture = (id: string) => JSON.parse(readFileSync(join(FIXTURES, `${id}.json`), 'utf8')) as Fixture;

describe(`the oracle's recordings of Qwen Code ${VERSION}`, () => {
  it('cover every case, each recorded for its current definition, with no traffic past the mock', () => {
    const read = expectRecordingsCurrent<OracleCase, Fixture>(FIXTURES, cases, VERSION, caseHash, 'npm run oracle -- --host qwen-code');
    for (const c of cases) expect(read.get(c.id)!.cli.otherTraffic, c.id).toEqual([]);
  });

  it('are at least 40, and the dialect says how many it is verified on', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(VERIFIED_AGAINST.cases).toBe(cases.length);
  });

  it('cover every rule the dialect implements', () => {
    const covered = new Set(cases.flatMap((c) => c.covers));
    for (const rule of ['process', 'parallel', 'sequential', 'dedupe', 'settings-files', 'bad-config', 'disable', 'matcher', 'pre-exit-codes', 'pre-output', 'pre-decisions', 'pre-precedence', 'pre-ask', 'combine', 'rewrite', 'timeout', 'kill', 'continue-false', 'post', 'prompt', 'session-start', 'stop', 'context', 'cannot-block', 'sweep', 'events', 'trust']) {
      expect(covered, rule).toContain(rule);
    }
  });
});

// Hooks that the engine really runs finish in an order a loaded machine can skew (two instant hooks 100 ms
// apart, a 1 s hook taking 1.8 s): a case gets two more tries. A rule the engine gets wrong fails all three.
describe.concurrent(`hookplay agrees with Qwen Code ${VERSION}`, { retry: 2 }, () => {
  for (const c of cases) {
    const path = join(FIXTURES, `${c.id}.json`);
    it.skipIf(!existsSync(path))(`${c.id}: ${c.title}`, async () => {
      const sim = await simulateQwenSession({ files: c.files, ...(c.tool !== undefined ? { tool: c.tool as never } : {}), ...(c.host?.trusted === false ? { trusted: false } : {}) });
      const problems = [...compareOracle(fixture(c.id).observed, sim.observation), ...checkTiming(c, sim.gapMs, 'hookplay')];
      expect(problems).toEqual([]);
      // A Stop that blocks 8 times plays about 40 events: generous on a loaded 2-core machine.
    }, 120_000);
  }
});
