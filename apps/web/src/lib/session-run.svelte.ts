/**
 * A session as it plays: the server's session timeline events folded into one entry per timeline step (a user
 * step or a phase the host adds), each with its events; each event is a one-event run of its own (a RunState fed
 * the wrapped `session-run` events), so its lanes fold exactly as a one-event run's do and the same Timeline
 * draws them. The session outcome, when it comes, is authoritative: notices and diagnostics come only with it.
 */
import type { ScenarioInput, SessionOutcome, SessionStepRecord, SessionTimelineEvent, SessionTool } from '@hookplay/engine/browser';
import { RunState } from './run.svelte';

export interface SessionEventRun {
  event: string;
  run: RunState;
}

export interface SessionEntry {
  /** Position on the session's timeline (the server's `index`). */
  index: number;
  /** The user step (index in `session.steps`), or null for a phase the host adds. */
  step: number | null;
  label: string;
  atMs: number;
  events: SessionEventRun[];
  tool: SessionTool | null;
  /** The hook texts the model's next request carries, when a request follows this entry. */
  model: string[] | null;
  notices: string[];
  record: SessionStepRecord | null;
}

export class SessionRun {
  entries = $state<SessionEntry[]>([]);
  outcome = $state.raw<SessionOutcome | null>(null);
  readonly #runId: string;
  readonly #scenario: ScenarioInput;
  #seq = 0;

  constructor(runId: string, scenario: ScenarioInput) {
    this.#runId = runId;
    this.#scenario = scenario;
  }

  apply(event: SessionTimelineEvent): void {
    switch (event.type) {
      case 'session-step':
        this.entries.push({ index: event.index, step: event.step, label: event.label, atMs: event.atMs, events: [], tool: null, model: null, notices: [], record: null });
        return;
      case 'session-event': {
        const entry = this.#entry(event.index);
        entry?.events.push({ event: event.event, run: new RunState(`${this.#runId}:${event.index}:${entry.events.length}`, this.#scenario) });
        return;
      }
      case 'session-run': {
        const run = this.#current(event.index);
        run?.apply({ type: 'timeline', id: run.id, seq: this.#seq++, event: event.run });
        return;
      }
      case 'session-tool': {
        const entry = this.#entry(event.index);
        if (entry) entry.tool = event.tool;
        return;
      }
      case 'session-model': {
        const entry = this.#entry(event.index);
        if (entry) entry.model = event.model;
        return;
      }
      case 'session-outcome':
        this.#adopt(event.outcome);
        return;
    }
  }

  /** Live output the page fell behind on, said where it would have been (the hook of that step's current event). */
  gap(step: number | undefined, hook: number, stream: 'stdout' | 'stderr', bytes: number, chunks: number): void {
    const run = step === undefined ? this.entries.at(-1)?.events.at(-1)?.run : this.#current(step);
    run?.apply({ type: 'gap', id: run.id, seq: this.#seq++, hook, stream, bytes, chunks });
  }

  /** The session ended without an outcome (cancelled, lost): every event still running stops where it is. */
  stop(how: 'cancelled' | 'lost'): void {
    for (const entry of this.entries) {
      for (const { run } of entry.events) {
        if (!run.active) continue;
        if (how === 'lost') run.lost();
        else run.apply({ type: 'cancelled', id: run.id, seq: this.#seq++ });
      }
    }
  }

  #entry(index: number): SessionEntry | undefined {
    return this.entries.find((e) => e.index === index);
  }

  #current(index: number): RunState | undefined {
    return this.#entry(index)?.events.at(-1)?.run;
  }

  #adopt(outcome: SessionOutcome): void {
    // An invalid session streams no steps: the outcome's records (none) and diagnostics are all there is.
    outcome.steps.forEach((record, index) => {
      let entry = this.#entry(index);
      if (!entry) {
        entry = { index, step: record.step, label: record.label, atMs: 0, events: [], tool: null, model: null, notices: [], record: null };
        this.entries.push(entry);
      }
      entry.record = record;
      entry.tool = record.tool ?? entry.tool;
      entry.model = record.model ?? entry.model;
      entry.notices = record.notices;
    });
    this.outcome = outcome;
  }
}
