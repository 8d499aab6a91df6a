import { parseScenario, ScenarioError, type Scenario } from '@hookplay/engine';
import { z } from 'zod';

/** The `scenario` argument: any object here, checked by the engine's own parser so errors name the field as the CLI does. */
export const scenarioArg = z
  .record(z.string(), z.unknown())
  .describe('A hookplay scenario object, as in a *.hookplay.json file: {"hookplay": 1, "dialect", "files", "event", "payload", "expect"?} or a "session". Its JSON Schema is the resource hookplay://scenario-schema.');

export type Parsed = { scenario: Scenario } | { error: string; problems: { path: string; message: string }[] };

export function readScenario(input: unknown): Parsed {
  try {
    return { scenario: parseScenario(input) };
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    const problems = e.problems.map((p) => ({ path: p.path ? `scenario.${p.path}` : 'scenario', message: p.message }));
    return { error: `invalid scenario:\n${problems.map((p) => `  ${p.path}: ${p.message}`).join('\n')}`, problems };
  }
}
