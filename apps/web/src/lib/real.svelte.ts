/**
 * One "Check on the real CLI": the scenario played on its host's real CLI on the server, beside the emulation.
 * Progress lines arrive as the CLI starts, its hooks run and the model's turns go by; the result holds both
 * readings, field by field, and where they part.
 */
import type { ScenarioInput } from '@hookplay/engine/browser';
import type { Problem, RealResult, ServerMessage } from 'hookplay/protocol';

export type RealStatus = 'starting' | 'running' | 'cancelling' | 'done' | 'cancelled' | 'rejected' | 'failed' | 'disconnected';

/** Progress kept on the page: a CLI that chatters cannot grow it without end. */
const MAX_LINES = 500;

export class RealState {
  readonly id: string;
  readonly scenario: ScenarioInput;
  /** The version asked for (undefined: the server picks the modelled one). */
  readonly version: string | undefined;
  status = $state<RealStatus>('starting');
  lines = $state<{ at: number; text: string }[]>([]);
  /** Lines dropped from the front once past MAX_LINES. */
  dropped = $state(0);
  result = $state.raw<RealResult | null>(null);
  message = $state('');
  /** Why it was not started, by path (an `unavailable` host, a step no real CLI can play). */
  problems = $state.raw<Problem[]>([]);
  reason = $state<string | null>(null);
  cancelRequested = $state(false);
  readonly startedAt = performance.now();

  constructor(id: string, scenario: ScenarioInput, version: string | undefined) {
    this.id = id;
    this.scenario = scenario;
    this.version = version;
  }

  get active(): boolean {
    return this.status === 'starting' || this.status === 'running' || this.status === 'cancelling';
  }

  apply(message: ServerMessage): void {
    switch (message.type) {
      case 'real-progress':
        if (this.status === 'starting') this.status = 'running';
        this.lines.push({ at: performance.now() - this.startedAt, text: message.line });
        if (this.lines.length > MAX_LINES) {
          this.lines.shift();
          this.dropped++;
        }
        return;
      case 'real-result':
        this.result = message.result;
        this.status = 'done';
        return;
      case 'cancelled':
        this.status = 'cancelled';
        return;
      case 'rejected':
        this.status = 'rejected';
        this.reason = message.reason;
        this.message = message.message;
        this.problems = message.problems ?? [];
        return;
      case 'error':
        this.status = 'failed';
        this.message = message.message;
        return;
      default:
        return;
    }
  }

  lost(): void {
    if (this.active) this.status = 'disconnected';
  }
}
