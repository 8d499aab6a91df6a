import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkExpectations, isSessionScenario, parseScenarioText, runAnyScenario } from '@hookplay/engine';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../../../../scenarios/mirri');
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.hookplay.json'))
  .sort();

describe('scenarios/mirri: the gallery library', () => {
  it('has scenarios', () => {
    expect(names.length).toBeGreaterThan(40);
  });

  it.each(names)('%s is a complete gallery entry whose expect holds', async (name) => {
    const scenario = parseScenarioText(readFileSync(join(dir, name), 'utf8'), name);
    expect(scenario.dialect).toBe('mirri');
    expect(scenario.title).toBeTruthy();
    // A plain-words description of one to three sentences.
    const sentences = (scenario.description ?? '').split(/(?<=[.!?])\s+(?=[A-Z(])/).filter(Boolean);
    expect(sentences.length).toBeGreaterThanOrEqual(1);
    expect(sentences.length).toBeLessThanOrEqual(3);
    expect(scenario.expect).toBeDefined();
    // A one-event entry says what the host decides; a session entry says how the session ended.
    expect(Object.keys(scenario.expect!)).toContain(isSessionScenario(scenario) ? 'ended' : 'verdict');
    const outcome = await runAnyScenario(scenario);
    expect(checkExpectations(scenario, outcome)).toEqual([]);
  });
});
