/**
 * One "Run on every host": the scenario ported to each host and run there, column by column as the server
 * sends them, then the whole comparison with its differences marked.
 */
import type { Comparison, HostColumn, ScenarioInput } from '@hookplay/engine/browser';
import type { Problem, ServerMessage } from 'hookplay/protocol';

export type CompareStatus = 'starting' | 'running' | 'cancelling' | 'done' | 'cancelled' | 'rejected' | 'failed' | 'disconnected';

let counter = 0;
export function newCompareId(): string {
  return `compare-${Date.now().toString(36)}-${(counter++).toString(36)}`;
}

export class CompareState {
  readonly id: string;
  readonly scenario: ScenarioInput;
  readonly hosts: readonly string[];
  status = $state<CompareStatus>('starting');
  /** Columns as they arrive; replaced by the comparison's (with differences) at the end. */
  columns = $state.raw<HostColumn[]>([]);
  comparison = $state.raw<Comparison | null>(null);
  message = $state('');
  problems = $state.raw<Problem[]>([]);
  cancelRequested = $state(false);

  constructor(id: string, scenario: ScenarioInput, hosts: readonly string[]) {
    this.id = id;
    this.scenario = scenario;
    this.hosts = hosts;
  }

  get active(): boolean {
    return this.status === 'starting' || this.status === 'running' || this.status === 'cancelling';
  }

  apply(message: ServerMessage): void {
    switch (message.type) {
      case 'compare-host':
        if (this.status === 'starting') this.status = 'running';
        this.columns = [...this.columns, message.column];
        return;
      case 'comparison':
        this.comparison = message.comparison;
        this.columns = message.comparison.hosts;
        this.status = 'done';
        return;
      case 'cancelled':
        this.status = 'cancelled';
        return;
      case 'rejected':
        this.status = 'rejected';
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
