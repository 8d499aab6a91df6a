/**
 * Problems while you type: the server's `/api/validate` (the same engine that runs the hooks), debounced and
 * cancelled when superseded. Without a server (down, wrong token) the engine's pure validation runs here
 * instead, so markers never go stale silently.
 */
import { parseScenario, ScenarioError, type Diagnostic, type ScenarioInput } from '@hookplay/engine/browser';
import type { Problem } from 'hookplay/protocol';
import { ApiError, validate } from './api';

const DEBOUNCE_MS = 300;

export type ValidationSource = 'server' | 'local';

export class Validation {
  diagnostics = $state.raw<Diagnostic[]>([]);
  problems = $state.raw<Problem[]>([]);
  checking = $state(false);
  source = $state<ValidationSource>('local');
  #timer: ReturnType<typeof setTimeout> | null = null;
  #inflight: AbortController | null = null;
  #lastKey = '';

  /** Validates `scenario` soon; `useServer` is false while there is no authorised connection. */
  schedule(scenario: ScenarioInput, token: string | null, useServer: boolean): void {
    // Title, description and expect change nothing the host would say: typing them triggers no request.
    const { title: _t, description: _d, expect: _e, ...relevant } = scenario;
    const key = JSON.stringify(relevant) + String(useServer);
    if (key === this.#lastKey) return;
    this.#lastKey = key;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.checking = true;
    this.#timer = setTimeout(() => void this.#run(scenario, token, useServer), DEBOUNCE_MS);
  }

  async #run(scenario: ScenarioInput, token: string | null, useServer: boolean): Promise<void> {
    this.#inflight?.abort();
    const controller = new AbortController();
    this.#inflight = controller;
    if (useServer) {
      try {
        const result = await validate(scenario, token, controller.signal);
        if (controller.signal.aborted) return;
        this.#set(result.problems, result.diagnostics, 'server');
        return;
      } catch (e) {
        if (controller.signal.aborted || (e as Error).name === 'AbortError') return;
        if (!(e instanceof ApiError)) throw e;
        // Fall through: the page still deserves markers.
      }
    }
    await this.#local(scenario, controller.signal);
  }

  async #local(scenario: ScenarioInput, signal: AbortSignal): Promise<void> {
    try {
      const parsed = parseScenario(scenario);
      const { validateScenario } = await import('./engine-lazy');
      if (signal.aborted) return;
      this.#set([], validateScenario(parsed), 'local');
    } catch (e) {
      if (!(e instanceof ScenarioError)) throw e;
      this.#set(e.problems.map(({ path, message }) => ({ path, message })), [], 'local');
    }
  }

  #set(problems: Problem[], diagnostics: Diagnostic[], source: ValidationSource): void {
    this.problems = problems;
    this.diagnostics = diagnostics;
    this.source = source;
    this.checking = false;
  }
}
