/**
 * One run, as it happens: the server's timeline events folded into lanes (one per hook in the plan) and,
 * at the end, the outcome. Positions come from the server's `atMs`, so bars show real overlap, not the
 * order messages happened to arrive in.
 */
import type { HookRecord, Outcome, PlanHook, RunPlan, ScenarioInput, SessionTimelineEvent, TimelineEvent } from '@hookplay/engine/browser';
import type { Problem, ServerMessage } from 'hookplay/protocol';
import { SessionRun } from './session-run.svelte';

export type RunStatus = 'starting' | 'running' | 'cancelling' | 'done' | 'cancelled' | 'rejected' | 'failed' | 'disconnected';

export interface OutputChunk {
  stream: 'stdout' | 'stderr';
  data: string;
}

/** Per hook: what the plan said, then what the process did. */
export interface Lane {
  hook: PlanHook;
  startMs: number | null;
  endMs: number | null;
  pid: number | null;
  stdin: string | null;
  output: OutputChunk[];
  outputBytes: number;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  durationMs: number | null;
  error: string | null;
  record: HookRecord | null;
  /** The run ended (cancel, lost connection) while this hook was still running: it has no exit of its own. */
  stopped: boolean;
}

/** Live output shown per lane; the outcome keeps (capped) everything, and is shown when the run ends. */
const LIVE_OUTPUT_LIMIT = 256 * 1024;

let counter = 0;
export function newRunId(kind = 'run'): string {
  return `${kind}-${Date.now().toString(36)}-${(counter++).toString(36)}`;
}

export class RunState {
  readonly id: string;
  readonly scenario: ScenarioInput;
  status = $state<RunStatus>('starting');
  plan = $state.raw<RunPlan | null>(null);
  lanes = $state<Lane[]>([]);
  outcome = $state.raw<Outcome | null>(null);
  message = $state('');
  problems = $state.raw<Problem[]>([]);
  /** Latest `atMs` seen: the right edge of the timeline once the run is over. */
  lastAtMs = $state(0);
  /** Whether this page asked for the cancel; otherwise a `cancelled` means the server stopped the run. */
  cancelRequested = $state(false);
  /** A session's steps, once its first session event arrives (a one-event run leaves it null). */
  session = $state.raw<SessionRun | null>(null);
  /** Every event in order, for the bug report's text timeline. */
  readonly events: { seq: number; event: TimelineEvent | SessionTimelineEvent }[] = [];
  /** performance.now() at the run's `atMs` 0, estimated from the first event's arrival. */
  #origin: number | null = null;
  readonly sentAt = performance.now();

  constructor(id: string, scenario: ScenarioInput) {
    this.id = id;
    this.scenario = scenario;
  }

  /** A run that happened elsewhere (a link's result), folded from its events exactly as a live run is. */
  static replay(id: string, scenario: ScenarioInput, events: readonly (TimelineEvent | SessionTimelineEvent)[]): RunState {
    const run = new RunState(id, scenario);
    events.forEach((event, seq) => run.apply({ type: 'timeline', id, seq, event }));
    // A result cut short (no outcome) is not left "running" forever.
    if (run.active) run.status = 'done';
    return run;
  }

  get active(): boolean {
    return this.status === 'starting' || this.status === 'running' || this.status === 'cancelling';
  }

  /** Milliseconds since the run started, on the server's clock, for bars that are still growing. */
  elapsed(now = performance.now()): number {
    if (this.#origin === null) return 0;
    return Math.max(this.lastAtMs, now - this.#origin);
  }

  statusText(): string {
    switch (this.status) {
      case 'starting':
        return 'is starting';
      case 'running':
        return 'is running';
      case 'cancelling':
        return 'is being cancelled';
      case 'done':
        return 'finished';
      case 'cancelled':
        return 'was cancelled';
      case 'rejected':
        return `was rejected: ${this.message}`;
      case 'failed':
        return `failed: ${this.message}`;
      case 'disconnected':
        return 'lost its connection to the server';
    }
  }

  apply(message: ServerMessage): void {
    switch (message.type) {
      case 'timeline':
        this.#timeline(message.seq, message.event);
        return;
      case 'cancelled':
        this.status = 'cancelled';
        this.#closeOpenLanes();
        this.session?.stop('cancelled');
        return;
      case 'rejected':
        this.status = 'rejected';
        this.message = message.message;
        this.problems = message.problems ?? [];
        return;
      case 'error':
        this.status = 'failed';
        this.message = message.message;
        this.#closeOpenLanes();
        this.session?.stop('lost');
        return;
      case 'gap': {
        if (this.session) {
          this.session.gap(message.step, message.hook, message.stream, message.bytes, message.chunks);
          return;
        }
        // The server skipped live output while this page was behind; say so where the output would have been.
        const lane = this.#lane(message.hook);
        if (lane) lane.output.push({ stream: message.stream, data: `\n[hookplay: ${message.bytes} bytes of live ${message.stream} skipped (${message.chunks} chunks): this page fell behind; the result below has all kept output]\n` });
        return;
      }
      case 'hello':
        return;
    }
  }

  /** The socket closed under a running run: the server cancels it, nothing more will arrive. */
  lost(): void {
    if (!this.active) return;
    this.status = 'disconnected';
    this.#closeOpenLanes();
    this.session?.stop('lost');
  }

  #lane(hook: number): Lane | undefined {
    return this.lanes[hook];
  }

  #timeline(seq: number, event: TimelineEvent | SessionTimelineEvent): void {
    this.events.push({ seq, event });
    if (this.#origin === null) this.#origin = performance.now() - event.atMs;
    this.lastAtMs = Math.max(this.lastAtMs, event.atMs);
    switch (event.type) {
      case 'session-step':
      case 'session-event':
      case 'session-run':
      case 'session-tool':
      case 'session-model':
      case 'session-outcome':
        this.session ??= new SessionRun(this.id, this.scenario);
        if (this.status === 'starting') this.status = 'running';
        this.session.apply(event);
        if (event.type === 'session-outcome') this.status = 'done';
        return;
      case 'run-start':
        if (this.status === 'starting') this.status = 'running';
        this.plan = event.plan;
        this.lanes = event.plan.hooks.map((hook) => ({
          hook,
          startMs: null,
          endMs: null,
          pid: null,
          stdin: null,
          output: [],
          outputBytes: 0,
          exitCode: null,
          signal: null,
          timedOut: false,
          durationMs: null,
          error: null,
          record: null,
          stopped: false,
        }));
        return;
      case 'hook-start': {
        const lane = this.#lane(event.hook);
        if (!lane) return;
        lane.startMs = event.atMs;
        lane.pid = event.pid;
        lane.stdin = event.stdin;
        return;
      }
      case 'hook-output': {
        const lane = this.#lane(event.hook);
        if (!lane || lane.outputBytes > LIVE_OUTPUT_LIMIT) return;
        lane.outputBytes += event.data.length;
        const last = lane.output[lane.output.length - 1];
        // Consecutive chunks of one stream share a node: fewer DOM updates for chatty hooks.
        if (last && last.stream === event.stream) last.data += event.data;
        else lane.output.push({ stream: event.stream, data: event.data });
        return;
      }
      case 'hook-end': {
        const lane = this.#lane(event.hook);
        if (!lane) return;
        lane.endMs = event.atMs;
        lane.startMs ??= event.atMs - event.durationMs;
        lane.exitCode = event.exitCode;
        lane.signal = event.signal;
        lane.timedOut = event.timedOut;
        lane.durationMs = event.durationMs;
        lane.error = event.error ?? null;
        return;
      }
      case 'outcome': {
        this.outcome = event.outcome;
        // The outcome's records are authoritative (complete output, effect); lanes adopt them.
        for (const record of event.outcome.hooks) {
          const lane = this.#lane(record.index);
          if (!lane) continue;
          lane.record = record;
          if (lane.startMs === null && record.startMs !== null) lane.startMs = record.startMs;
          if (lane.endMs === null && record.startMs !== null && record.durationMs !== null) lane.endMs = record.startMs + record.durationMs;
        }
        this.status = 'done';
        return;
      }
    }
  }

  #closeOpenLanes(): void {
    const end = this.elapsed();
    for (const lane of this.lanes) {
      if (lane.startMs !== null && lane.endMs === null) {
        lane.endMs = Math.max(end, lane.startMs);
        lane.durationMs = lane.endMs - lane.startMs;
        lane.stopped = true;
      }
    }
    this.lastAtMs = Math.max(this.lastAtMs, end);
  }
}
