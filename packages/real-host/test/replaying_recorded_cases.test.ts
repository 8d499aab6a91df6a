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
import { RECORDED_RULES as AGENT_SDK_RULES } from '../../engine/src/dialects/claude-agent-sdk/recorded/index.js';
// @ts-expect-error plain JS module of the oracle harness
import { recordedRules } from '../../../oracle/lib/recorded-rules.mjs';

const RECORDED = join(dirname(fileURLToPath(import.meta.url)), '../../../oracle/recorded');
const GAPS = (JSON.parse(readFileSync(join(RECORDED, 'known-gaps.json'), 'utf8')) as { gaps: Record<string, string> }).gaps;
const cases = loadRecordedCases(RECORDED);
/**
 * Hosts whose "recorded" labels come from a table generated from these recordings alone (oracle/hosts/<id>/run.mjs
 * --replay): the table must be what the agreeing replays stated, so no rule is called recorded that no case shows.
 */
const RULE_TABLES: Record<string, { version: string; cases: number; rules: Record<string, unknown> }> = { 'claude-agent-sdk': AGENT_SDK_RULES };

describe('the recorded cases', () => {
  it('are each recorded for their current definition, and every known gap names a recorded case', () => {
    const ids = new Set(cases.map((c) => c.recorded.case));
    for (const id of Object.keys(GAPS)) expect(ids, `known-gaps.json lists ${id}, which no recording has`).toContain(id);
  });
});

/** The rules each case's agreeing replay stated. */
const stated = new Map<string, Set<string>>();
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
        const { differences, stale, codes } = await replayCase(recorded);
        expect(stale, 'the case changed since it was recorded: record it again').toBe(false);
        expect(differences).toEqual([]);
        stated.set(recorded.case, codes);
      }, 90_000);
    }
  });
  const table = RULE_TABLES[list[0]!.recorded.host.id];
  if (table && table.version === list[0]!.recorded.host.version) {
    describe(`the rules table of ${host}`, () => {
      const counted = list.filter((c) => GAPS[c.recorded.case] === undefined);
      it('is what the agreeing replays stated (npm run oracle -- --host ID --replay writes it)', (ctx) => {
        // Only a run where every case agreed can check it (one filtered with -t replays some cases).
        if (counted.some((c) => !stated.has(c.recorded.case))) ctx.skip();
        const ruleCases: Record<string, string[]> = {};
        for (const c of counted) for (const code of stated.get(c.recorded.case)!) (ruleCases[code] ??= []).push(c.recorded.case);
        expect(recordedRules(table.version, counted.length, ruleCases)).toEqual(table);
      });
    });
  }
}
