import type { SessionTimelineEvent, TimelineEvent } from './outcome.js';
import { runScenario, type RunOptions } from './run.js';
import { isSessionScenario, type EventScenario, type Scenario } from './scenario.js';
import type { AnyOutcome } from './session/expect.js';
import { playSession } from './session/play.js';

export type AnyTimelineEvent = TimelineEvent | SessionTimelineEvent;

export interface AnyRunOptions extends Omit<RunOptions, 'onEvent'> {
  onEvent?: (event: AnyTimelineEvent) => void;
}

/** Runs a one-event scenario or plays a session, whichever the scenario holds. */
export async function runAnyScenario(scenario: Scenario, options: AnyRunOptions = {}): Promise<AnyOutcome> {
  if (isSessionScenario(scenario)) return (await playSession(scenario, options)).outcome;
  return runScenario(scenario as EventScenario, options as RunOptions);
}

