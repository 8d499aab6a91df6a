import { validateScenario, type Scenario } from '@hookplay/engine';

/**
 * A host.version hookplay has no rules for is invalid input, not a run: the error that names the listed versions
 * and the nearest one, or null when the version is one hookplay can play.
 */
export function unsupportedVersion(scenario: Scenario): string | null {
  const error = validateScenario(scenario).find((d) => d.code === 'config.unsupported-version' && d.level === 'error');
  return error ? error.message : null;
}
