import type { Dialect, EventSpec, HookEntry } from './dialects/dialect.js';
import { getDialect } from './dialects/index.js';
import type { Diagnostic } from './outcome.js';
import { isSessionScenario, type Scenario } from './scenario.js';
import { checkSession } from './session/check.js';
import { closest } from './util/suggest.js';
import type { JsonObject } from './util/json.js';

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
  const host = scenario.host ?? {};
  const loaded = dialect.load(scenario.files, host);
  if (isSessionScenario(scenario)) return [...checkSession(scenario), ...loaded.diagnostics];
  const found = findEvent(dialect, scenario.event!);
  if ('error' in found) return [found.error, ...loaded.diagnostics];
  // Planning is pure (no process, no file), so matcher problems show up while typing too.
  const prepared = dialect.prepare({ loaded, event: found.event, payload: scenario.payload as JsonObject, host, paths: PLACEHOLDER_PATHS, baseEnv: {} });
  return [...loaded.diagnostics, ...prepared.diagnostics];
}

const PLACEHOLDER_PATHS = { home: '/home/you', project: '/home/you/project' };
