/**
 * Replays every case Cline CLI 3.0.65 was recorded on (oracle/hosts/cline/fixtures, written by
 * `npm run oracle -- --host cline` on the real-host harness) through hookplay's cline dialect, as the whole
 * `cline --json "do it"` task the harness played, and checks the engine does what the real CLI did. No CLI needed:
 * the fixtures are the real host's observations.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getDialect, type ClineObservation } from '@hookplay/engine';
import { expectRecordingsCurrent } from '../../engine/test/support/recordings.js';
// @ts-expect-error plain JS module of the oracle harness
import { CASES } from '../../../oracle/hosts/cline/cases.mjs';
// @ts-expect-error plain JS module of the oracle harness
import { caseHash } from '../../../oracle/hosts/cline/compare.mjs';
import { compareCline } from '../src/hosts/cline/compare.js';
import { emulateCline } from '../src/hosts/cline/emulate.js';
import { oracleSession, type OracleCase } from '../src/hosts/cline/oracle.js';
import { scriptOf, type ClineScript } from '../src/hosts/cline/script.js';

const VERIFIED_AGAINST = getDialect('cline').verifiedAgainst!;
const VERSION = VERIFIED_AGAINST.version;
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../../oracle/hosts/cline/fixtures', VERSION);

interface Case extends OracleCase {
  id: string;
  title: string;
  covers: string[];
  timeoutMs?: number;
}
interface Fixture {
  case: string;
  caseHash: string;
  host: { name: string; version: string };
  observed: ClineObservation;
}
const cases = CASES as Case[];

describe(`the oracle's recordings of Cline CLI ${VERSION}`, () => {
  it('cover every case, each recorded for its current definition', () => {
    expectRecordingsCurrent<Case, Fixture>(FIXTURES, cases, VERSION, caseHash, 'npm run oracle -- --host cline');
  });

  it('are at least 60, and the dialect says how many it is verified on', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    expect(VERIFIED_AGAINST.cases).toBeGreaterThanOrEqual(cases.length);
  });

  it('cover every rule the dialect implements', () => {
    const covered = new Set(cases.flatMap((c) => c.covers));
    for (const rule of ['process', 'folders', 'names', 'exec', 'payload', 'context', 'cancel', 'exit-codes', 'output', 'rewrite', 'several', 'order', 'timeout', 'post', 'tool', 'events', 'calls', 'trap', 'divergence', 'sweep']) {
      expect(covered, rule).toContain(rule);
    }
  });
});

// The hooks run for real, concurrently with the other replays: a loaded machine can skew them, so a case gets two
// more tries; a rule the engine gets wrong fails all three. A case waits as long as it declares its hooks take.
describe.concurrent(`hookplay agrees with Cline CLI ${VERSION}`, { retry: 2 }, () => {
  for (const c of cases) {
    it(`${c.id}: ${c.title}`, async () => {
      const fixture = JSON.parse(readFileSync(join(FIXTURES, `${c.id}.json`), 'utf8')) as Fixture;
      const session = oracleSession(c);
      const played = await emulateCline(session, scriptOf(session) as ClineScript, tmpdir());
      expect(compareCline(fixture.observed, played.observation as ClineObservation)).toEqual([]);
    }, (c.timeoutMs ?? 30_000) + 60_000);
  }
});
