/**
 * The WebSocket to `hookplay serve`: authenticate with the token subprotocol, route timeline messages to
 * their run, and come back after drops with backoff. A browser never says why a WebSocket upgrade failed,
 * so after a failure before `hello` one HTTP probe tells a wrong token (stop, ask for the printed URL)
 * from a server that is down (keep retrying).
 */
import { ServerMessage, WS_SUBPROTOCOL, WS_TOKEN_PREFIX, type Limits } from 'hookplay/protocol';
import type { ScenarioInput } from '@hookplay/engine/browser';
import { probeAuth } from './api';
import { CompareState, newCompareId } from './compare.svelte';
import { RealState } from './real.svelte';
import { newRunId, RunState } from './run.svelte';

/** Anything the server runs for this page under an id: a run, a comparison, a real-CLI check. Cancel works alike. */
export type Job = RunState | CompareState | RealState;

export type ConnectionStatus =
  | { kind: 'no-token' }
  | { kind: 'connecting'; attempt: number }
  | {
      kind: 'open';
      version: string;
      limits: Limits;
      team?: { user: string; shortLinks: boolean } | undefined;
      /** The real host CLIs installed on the server, by host: what "Check on the real CLI" can use. */
      realHosts: { host: string; versions: string[] }[];
    }
  | { kind: 'retrying'; attempt: number; at: number; reason: 'unreachable' | 'dropped' }
  | { kind: 'unauthorized' };

const BACKOFF_MS = [500, 1000, 2000, 4000, 8000];

export class Connection {
  status = $state<ConnectionStatus>({ kind: 'connecting', attempt: 0 });
  /** Set when the server says something the page cannot use (a protocol mismatch, an error without a run). */
  notice = $state('');
  #token: string | null;
  #ws: WebSocket | null = null;
  #runs = new Map<string, Job>();
  #attempt = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #disposed = false;

  constructor(token: string | null) {
    this.#token = token;
    if (!token) this.status = { kind: 'no-token' };
  }

  get token(): string | null {
    return this.#token;
  }

  get open(): boolean {
    return this.status.kind === 'open';
  }

  get limits(): Limits | null {
    return this.status.kind === 'open' ? this.status.limits : null;
  }

  start(): void {
    if (this.#token) this.#connect();
  }

  /** A new token (another tab opened the printed URL): start over with it. */
  setToken(token: string | null): void {
    if (token === this.#token) return;
    this.#token = token;
    this.#attempt = 0;
    this.#ws?.close();
    this.#ws = null;
    this.#clearTimer();
    if (token) this.#connect();
    else this.status = { kind: 'no-token' };
  }

  retryNow(): void {
    if (this.#disposed || !this.#token || this.status.kind === 'open' || this.status.kind === 'connecting') return;
    this.#clearTimer();
    this.#connect();
  }

  dispose(): void {
    this.#disposed = true;
    this.#clearTimer();
    this.#ws?.close();
  }

  /** Starts a run; returns why not when the connection cannot take it now. */
  run(scenario: ScenarioInput): RunState | string {
    const ws = this.#ws;
    if (!ws || ws.readyState !== WebSocket.OPEN || this.status.kind !== 'open') return this.#whyNotOpen();
    const run = new RunState(newRunId(), scenario);
    this.#runs.set(run.id, run);
    ws.send(JSON.stringify({ type: 'run', id: run.id, scenario }));
    return run;
  }

  /** Ports the scenario to each host and runs every port (all hosts unless listed); returns why not when it cannot now. */
  compare(scenario: ScenarioInput, hosts?: readonly string[]): CompareState | string {
    const ws = this.#ws;
    if (!ws || ws.readyState !== WebSocket.OPEN || this.status.kind !== 'open') return this.#whyNotOpen();
    const compare = new CompareState(newCompareId(), scenario, hosts ?? []);
    this.#runs.set(compare.id, compare);
    ws.send(JSON.stringify({ type: 'compare', id: compare.id, scenario, ...(hosts ? { hosts } : {}) }));
    return compare;
  }

  /** Plays the scenario on its host's real CLI on the server (beside the emulation); returns why not when it cannot now. */
  real(scenario: ScenarioInput, version: string | undefined): RealState | string {
    const ws = this.#ws;
    if (!ws || ws.readyState !== WebSocket.OPEN || this.status.kind !== 'open') return this.#whyNotOpen();
    const real = new RealState(newRunId('real'), scenario, version);
    this.#runs.set(real.id, real);
    ws.send(JSON.stringify({ type: 'real', id: real.id, scenario, ...(version ? { version } : {}) }));
    return real;
  }

  /** The versions of `host` whose real CLI the server has, or [] (none installed, or not connected). */
  realVersions(host: string): string[] {
    return this.status.kind === 'open' ? (this.status.realHosts.find((h) => h.host === host)?.versions ?? []) : [];
  }

  cancel(run: Job): void {
    if (!run.active) return;
    const ws = this.#ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      run.lost();
      return;
    }
    run.status = 'cancelling';
    run.cancelRequested = true;
    ws.send(JSON.stringify({ type: 'cancel', id: run.id }));
  }

  #whyNotOpen(): string {
    switch (this.status.kind) {
      case 'no-token':
      case 'unauthorized':
        return 'Not connected: open the URL printed by `hookplay serve`.';
      case 'connecting':
        return 'Still connecting to the hookplay server…';
      default:
        return 'Not connected to the hookplay server; reconnecting…';
    }
  }

  #clearTimer(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #connect(): void {
    const token = this.#token;
    if (!token || this.#disposed) return;
    this.status = { kind: 'connecting', attempt: this.#attempt };
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    let ws: WebSocket;
    try {
      ws = new WebSocket(`${scheme}://${window.location.host}/api/ws`, [WS_SUBPROTOCOL, WS_TOKEN_PREFIX + token]);
    } catch {
      this.status = { kind: 'unauthorized' };
      return;
    }
    this.#ws = ws;
    let greeted = false;

    ws.onmessage = (e: MessageEvent) => {
      if (typeof e.data !== 'string') return;
      let parsed: ServerMessage;
      try {
        const result = ServerMessage.safeParse(JSON.parse(e.data));
        if (!result.success) {
          this.notice = `The server sent a message this page does not understand (${result.error.issues[0]?.message ?? 'unknown'}). Reload the page after updating hookplay.`;
          return;
        }
        parsed = result.data;
      } catch {
        return;
      }
      if (parsed.type === 'hello') {
        greeted = true;
        this.#attempt = 0;
        this.notice = '';
        this.status = { kind: 'open', version: parsed.version, limits: parsed.limits, team: parsed.team, realHosts: parsed.realHosts ?? [] };
        return;
      }
      const id = 'id' in parsed ? parsed.id : undefined;
      const run = id !== undefined ? this.#runs.get(id) : undefined;
      if (run) {
        run.apply(parsed);
        if (!run.active) this.#runs.delete(run.id);
      } else if (parsed.type === 'error') {
        this.notice = parsed.message;
      }
    };

    ws.onclose = () => {
      if (this.#ws !== ws) return;
      this.#ws = null;
      // The server cancels a connection's runs when it closes: tell them.
      for (const run of this.#runs.values()) run.lost();
      this.#runs.clear();
      if (this.#disposed) return;
      if (greeted) {
        this.#schedule('dropped');
        return;
      }
      void probeAuth(token).then((result) => {
        if (this.#ws !== null || this.#disposed || token !== this.#token) return;
        if (result === 'unauthorized') this.status = { kind: 'unauthorized' };
        else this.#schedule('unreachable');
      });
    };
  }

  #schedule(reason: 'unreachable' | 'dropped'): void {
    const base = BACKOFF_MS[Math.min(this.#attempt, BACKOFF_MS.length - 1)]!;
    // Jitter, so several tabs do not hammer a restarting server in step.
    const delay = base * (0.8 + Math.random() * 0.4);
    this.#attempt++;
    this.status = { kind: 'retrying', attempt: this.#attempt, at: Date.now() + delay, reason };
    this.#clearTimer();
    this.#timer = setTimeout(() => this.#connect(), delay);
  }
}
