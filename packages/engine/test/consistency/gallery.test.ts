/**
 * Every gallery scenario (scenarios/**), run for real: its explanation never contradicts itself, its verdict, how
 * its session ended, or the recordings its evidence labels cite.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isSessionOutcome, parseScenarioText, runAnyScenario } from '@hookplay/engine';
import { outcomeProblems, sessionProblems } from '../../src/consistency/check.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../../scenarios');
const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : f.endsWith('.hookplay.json') ? [join(dir, f)] : []));
const files = walk(root).map((f) => relative(root, f)).sort();

describe.concurrent('the consistency checker over the gallery', () => {
  it('finds the whole gallery', () => {
    expect(files.length).toBeGreaterThan(250);
  });

  it.each(files)('%s', async (file) => {
    const scenario = parseScenarioText(readFileSync(join(root, file), 'utf8'), file);
    const ctx = scenario.host?.version !== undefined ? { version: scenario.host.version } : {};
    const outcome = await runAnyScenario(scenario);
    expect(isSessionOutcome(outcome) ? sessionProblems(outcome, ctx) : outcomeProblems(outcome, ctx)).toEqual([]);
  }, 120_000);
});
