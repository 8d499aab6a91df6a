import type { Dialect, EventSpec, HookEntry } from './dialects/dialect.js';
import { getDialect } from './dialects/index.js';
import type { Diagnostic } from './outcome.js';
import type { Scenario } from './scenario.js';
import { closest } from './util/suggest.js';

/** The dialect's catalog entry for the scenario's event, or an error diagnostic that says what exists. */
export function findEvent(dialect: Dialect<HookEntry>, name: string): { event: EventSpec } | { error: Diagnostic } {
  const event = dialect.events.find((e) => e.name === name);
  if (event) return { event };
  const hint = closest(name, dialect.events.map((e) => e.name));
  return {
    error: {
      level: 'error',
      code: 'scenario.unknown-event',
      message: `"${name}" is not a ${dialect.label} event${hint ? `; did you mean "${hint}"?` : `; its events are ${dialect.events.map((e) => e.name).join(', ')}`}`,
    },
  };
}

/**
 * Everything that can be said about a scenario without running a process: config problems with their
 * positions and an unknown event. The editor shows these as live markers.
 */
export function validateScenario(scenario: Scenario): Diagnostic[] {
  const dialect = getDialect(scenario.dialect);
  const loaded = dialect.load(scenario.files, scenario.host ?? {});
  const found = findEvent(dialect, scenario.event);
  return 'error' in found ? [found.error, ...loaded.diagnostics] : loaded.diagnostics;
}
