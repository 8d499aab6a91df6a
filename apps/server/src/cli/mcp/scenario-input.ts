import { parseScenario, parseScenarioText, ScenarioError, type Scenario } from '@hookplay/engine';
import { z } from 'zod';

/** The `scenario` argument: any object here, checked by the engine's own parser so errors name the field as the CLI does. */
export const scenarioArg = z
  .union([z.record(z.string(), z.unknown()), z.string()])
  .describe('A hookplay scenario object, as in a *.hookplay.json file (or the text of such a file): {"hookplay": 1, "dialect", "files", "event", "payload", "expect"?} or a "session". Its JSON Schema is the resource hookplay://scenario-schema.');

export type Parsed = { scenario: Scenario } | { error: string; problems: { path: string; message: string; line?: number; column?: number }[] };

export function readScenario(input: unknown): Parsed {
  try {
    // Text is read as a file is, so a syntax error has its line and column.
    return { scenario: typeof input === 'string' ? parseScenarioText(input) : parseScenario(input) };
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    const problems = e.problems.map((p) => ({
      path: p.path ? `scenario.${p.path}` : 'scenario',
      message: p.message,
      ...(p.line !== undefined ? { line: p.line, column: p.column } : {}),
    }));
    const at = (p: (typeof problems)[number]) => ('line' in p ? `${p.line}:${p.column}: ` : '');
    return { error: `invalid scenario:\n${problems.map((p) => `  ${at(p)}${p.path}: ${p.message}`).join('\n')}`, problems };
  }
}
