/**
 * Every recorded case (oracle/recorded/<host>/<version>/<case>.json, written by `hookplay run --real --record` and
 * by the session sweeps) replayed through the engine, as the real run was launched: the engine must do what the
 * real host did. No CLI needed: the recordings are the host's observations.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadRecordedCases, replayCase } from '../src/index.js';

const RECORDED = join(dirname(fileURLToPath(import.meta.url)), '../../../oracle/recorded');
const GAPS = (JSON.parse(readFileSync(join(RECORDED, 'known-gaps.json'), 'utf8')) as { gaps: Record<string, string> }).gaps;
const cases = loadRecordedCases(RECORDED);

describe('the recorded cases', () => {
  it('are each recorded for their current definition, and every known gap names a recorded case', () => {
    const ids = new Set(cases.map((c) => c.recorded.case));
    for (const id of Object.keys(GAPS)) expect(ids, `known-gaps.json lists ${id}, which no recording has`).toContain(id);
  });
});

const byHost = new Map<string, typeof cases>();
for (const c of cases) {
  const key = `${c.recorded.host.id} ${c.recorded.host.version}`;
  byHost.set(key, [...(byHost.get(key) ?? []), c]);
}
for (const [host, list] of byHost) {
  // Hooks the engine really runs finish in an order a loaded machine can skew: a case gets two more tries; a rule
  // the engine gets wrong fails all three.
  describe.concurrent(`hookplay agrees with the real ${host}`, { retry: 2 }, () => {
    for (const { recorded } of list) {
      const gap = GAPS[recorded.case];
      it.skipIf(gap !== undefined)(`${recorded.case}${recorded.title ? `: ${recorded.title}` : ''}${gap ? ` (known gap: ${gap})` : ''}`, async () => {
        const { differences, stale } = await replayCase(recorded);
        expect(stale, 'the case changed since it was recorded: record it again').toBe(false);
        expect(differences).toEqual([]);
      }, 90_000);
    }
  });
}
