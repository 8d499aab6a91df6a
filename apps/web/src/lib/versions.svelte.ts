/**
 * One "Compare versions": the scenario run on every version of its host hookplay lists (POST /api/compare-versions),
 * each version's outcome, and between neighbours what changed. The view sorts the rules so the ones that change
 * the outcome come first.
 */
import type { ScenarioInput } from '@hookplay/engine/browser';
import type { VersionComparison } from 'hookplay/protocol';
import { compareVersions } from './api';

export type VersionsStatus = 'running' | 'done' | 'failed' | 'cancelled';

export class VersionsState {
  readonly scenario: ScenarioInput;
  status = $state<VersionsStatus>('running');
  result = $state.raw<VersionComparison | null>(null);
  message = $state('');
  #controller = new AbortController();

  constructor(scenario: ScenarioInput, token: string | null) {
    this.scenario = scenario;
    compareVersions(scenario, token, this.#controller.signal).then(
      (r) => {
        this.result = r;
        this.status = 'done';
      },
      (e: unknown) => {
        if (this.#controller.signal.aborted) return;
        this.message = (e as Error).message;
        this.status = 'failed';
      },
    );
  }

  get active(): boolean {
    return this.status === 'running';
  }

  /** The request is dropped; the server finishes its runs on its own (they are short, bounded by the limits). */
  cancel(): void {
    if (!this.active) return;
    this.#controller.abort();
    this.status = 'cancelled';
  }
}
