/**
 * Replays every case Codex CLI 0.171.0 was recorded on (oracle/hosts/codex/fixtures, written by
 * `npm run oracle -- --host codex` on this harness) through hookplay's codex dialect, as a whole `codex exec` turn,
 * and checks the engine does what the real CLI did. No CLI needed: the fixtures are the real host's observations.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getDialect } from '@hookplay/engine';
import { describe, expect, it } from 'vitest';
import { expectRecordingsCurrent } from '../../engine/test/support/recordings.js';
// @ts-expect-error plain JS module of the oracle harness
import { CASES } from '../../../oracle/hosts/codex/cases.mjs';
// @ts-expect-error plain JS module of the oracle harness
import { caseHash, checkTiming } from '../../../oracle/hosts/codex/compare.mjs';
import { compareOracle, simulateCodexSession, type CodexObservation } from '../src/hosts/codex/oracle-exports.js';

interface CodexCase {
  id: string;
  title: string;
  covers: string[];
  files: Record<string, string>;
  tool?: string | null;
  trusted?: boolean;
  timing?: { minGapMs?: number; maxGapMs?: number };
}
interface Fixture {
  case: string;
  caseHash: string;
  host: { name: string; version: string };
  observed: CodexObservation;
}

const VERIFIED_AGAINST = getDialect('codex').verifiedAgainst!;
const VERSION = VERIFIED_AGAINST.version;
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../../oracle/hosts/codex/fixtures', VERSION);
const cases = CASES as CodexCase[];

describe(`the oracle's recordings of Codex CLI ${VERSION}`, () => {
  it('cover every case, each recorded for its current definition', () => {
    expectRecordingsCurrent<CodexCase, Fixture>(FIXTURES, cases, VERSION, caseHash, 'npm run oracle -- --host codex');
  });

  it('are at least 40, and the dialect says how many it is verified on', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(VERIFIED_AGAINST.cases).toBe(cases.length);
  });

  it('cover every rule the dialect implements', () => {
    const covered = new Set(cases.flatMap((c) => c.covers));
    for (const rule of ['process', 'payload', 'parallel', 'dedupe', 'timeout', 'config', 'config-files', 'toml', 'trust', 'disable', 'matcher', 'pre-exit-codes', 'pre-output', 'pre-precedence', 'rewrite', 'context', 'continue-false', 'post', 'prompt', 'session-start', 'stop', 'model-request', 'session-end']) {
      expect(covered, rule).toContain(rule);
    }
  });
});

// Hooks that the engine really runs finish in an order a loaded machine can skew (two instant hooks 100 ms
// apart, a 1 s hook taking 1.8 s): a case gets two more tries. A rule the engine gets wrong fails all three.
describe.concurrent(`hookplay agrees with Codex CLI ${VERSION}`, { retry: 2 }, () => {
  for (const c of cases) {
    const path = join(FIXTURES, `${c.id}.json`);
    it.skipIf(!existsSync(path))(`${c.id}: ${c.title}`, async () => {
      const fixture = JSON.parse(readFileSync(path, 'utf8')) as Fixture;
      const sim = await simulateCodexSession({ files: c.files, tool: c.tool === undefined ? 'echo original' : c.tool, trusted: c.trusted ?? true });
      const problems = [...compareOracle(fixture.observed, sim.observation), ...checkTiming(c, sim.gapMs, 'hookplay')];
      expect(problems.join('\n')).toBe('');
    }, 60_000);
  }
});
