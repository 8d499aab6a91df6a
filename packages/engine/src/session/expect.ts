import { matchExpectation, type Mismatch } from '../expect.js';
import type { Outcome, SessionOutcome, SessionStepRecord } from '../outcome.js';
import { isSessionScenario, type Scenario, type SessionScenario } from '../scenario.js';
import { stepKind, type StepKind } from './steps.js';

/**
 * What a step's own `expect` is matched against: whether it happened, its tool call, the hook texts the model's
 * request after it carries, its notices, how the session ended if it ended there, and each event it fired (by
 * name, its last run) — counting the phases the host adds right after it (the model's own reply, Stop
 * continuations), which belong to the step that led to them.
 */
export function stepView(outcome: SessionOutcome, index: number, kind?: StepKind): Record<string, unknown> {
  const records = ownRecords(outcome.steps, index);
  const view: Record<string, unknown> = { reached: records.length > 0 };
  if (!records.length) return view;
  const events: Record<string, unknown> = {};
  const runs: Record<string, number> = {};
  const notices: string[] = [];
  let model: string[] | undefined;
  for (const r of records) {
    for (const e of r.events) {
      events[e.event] = e.outcome;
      runs[e.event] = (runs[e.event] ?? 0) + 1;
    }
    if (r.tool) view.tool = r.tool;
    if (r.model) model = r.model;
    notices.push(...r.notices);
  }
  Object.assign(view, events);
  view.runs = runs;
  if (model) view.model = model;
  view.notices = notices;
  // An approval's view shows the call it answered, which the tool step before it owns.
  if (kind === 'approval' && !view.tool && index > 0 && ownRecords(outcome.steps, index - 1).some((r) => r.tool)) view.tool = ownRecords(outcome.steps, index - 1).find((r) => r.tool)!.tool;
  if (outcome.ended.step === index) view.ended = outcome.ended;
  return view;
}

function ownRecords(records: SessionStepRecord[], index: number): SessionStepRecord[] {
  const at = records.findIndex((r) => r.step === index);
  if (at < 0) return [];
  const out = [records[at]!];
  // A step may have several entries of its own (each call of a `calls` step), then the host's phases after it.
  for (let i = at + 1; i < records.length && (records[i]!.step === index || records[i]!.step === null) && records[i]!.label !== 'session end'; i++) out.push(records[i]!);
  return out;
}

/** The session-level `expect` against the whole outcome, then each step's `expect` against its view. */
export function matchSessionExpectations(scenario: SessionScenario, outcome: SessionOutcome): Mismatch[] {
  const out: Mismatch[] = scenario.expect ? matchExpectation(scenario.expect, outcome) : [];
  scenario.session.steps.forEach((step, i) => {
    if (!step.expect) return;
    for (const m of matchExpectation(step.expect, stepView(outcome, i, stepKind(step)))) out.push({ ...m, path: `session.steps[${i}].expect.${m.path}` });
  });
  return out;
}

/** Whether `hookplay test` has anything to check. */
export function hasSessionExpectations(scenario: SessionScenario): boolean {
  return scenario.expect !== undefined || scenario.session.steps.some((s) => s.expect !== undefined);
}

export type AnyOutcome = Outcome | SessionOutcome;
export const isSessionOutcome = (o: AnyOutcome): o is SessionOutcome => 'session' in o;

/** Every place where the outcome differs from the scenario's expectations (a session's steps' included). */
export function checkExpectations(scenario: Scenario, outcome: AnyOutcome): Mismatch[] {
  if (isSessionScenario(scenario) && isSessionOutcome(outcome)) return matchSessionExpectations(scenario, outcome);
  return scenario.expect ? matchExpectation(scenario.expect, outcome) : [];
}

export function hasExpectations(scenario: Scenario): boolean {
  return isSessionScenario(scenario) ? hasSessionExpectations(scenario) : scenario.expect !== undefined;
}
