import type { WebSocket } from 'ws';
import { parseScenario, RunCancelledError, runScenario, ScenarioError, type Scenario } from '@hookplay/engine';
import { ClientMessage, PROTOCOL_VERSION, RunId, type Limits, type Problem, type ServerMessage } from '../protocol.js';
import { BACKPRESSURE_BYTES, scenarioTooLarge } from './limits.js';
import type { RunRegistry } from './run-registry.js';

export interface SessionOptions {
  limits: Limits;
  version: string;
  registry: RunRegistry;
  /** Parent directory for run workspaces. */
  tmpDir: string;
}

/** One WebSocket connection: its runs, their streams, and their cancellation when it goes away. */
export class Session {
  private readonly runs = new Map<string, AbortController>();
  alive = true;

  constructor(
    private readonly ws: WebSocket,
    private readonly options: SessionOptions,
  ) {
    ws.on('message', (data, isBinary) => this.receive(isBinary ? null : data.toString()));
    ws.on('pong', () => (this.alive = true));
    ws.on('close', () => this.cancelAll());
    ws.on('error', () => this.cancelAll());
    this.send({ type: 'hello', protocol: PROTOCOL_VERSION, version: options.version, limits: options.limits });
  }

  cancelAll(): void {
    for (const controller of this.runs.values()) controller.abort();
  }

  private send(message: ServerMessage): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(message));
  }

  private receive(text: string | null): void {
    if (text === null) return this.send({ type: 'error', message: 'binary messages are not understood; send JSON text' });
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return this.send({ type: 'error', message: 'the message is not JSON' });
    }
    const parsed = ClientMessage.safeParse(raw);
    if (!parsed.success) return this.refuse(raw, parsed.error.issues);
    const message = parsed.data;
    if (message.type === 'cancel') {
      const controller = this.runs.get(message.id);
      if (!controller) return this.send({ type: 'error', id: message.id, message: `no run "${message.id}" is in progress` });
      controller.abort();
      return;
    }
    this.start(message.id, message.scenario);
  }

  /** A message that does not parse: a run with a bad scenario gets the engine's field-by-field problems. */
  private refuse(raw: unknown, issues: { path: PropertyKey[]; message: string }[]): void {
    const r = raw as { type?: unknown; id?: unknown; scenario?: unknown } | null;
    const id = RunId.safeParse(r?.id);
    if (r?.type === 'run' && id.success && r.scenario !== undefined) {
      let problems: Problem[] = [];
      try {
        parseScenario(r.scenario);
      } catch (e) {
        if (e instanceof ScenarioError) problems = e.problems.map(({ path, message }) => ({ path, message }));
      }
      return this.send({ type: 'rejected', id: id.data, reason: 'invalid', message: 'the scenario is invalid', problems });
    }
    const first = issues[0];
    const where = first?.path.length ? `${first.path.map(String).join('.')}: ` : '';
    this.send({
      type: 'error',
      ...(id.success ? { id: id.data } : {}),
      message: `invalid message: ${where}${first?.message ?? 'unknown problem'} (expected {"type":"run","id","scenario"} or {"type":"cancel","id"})`,
    });
  }

  private start(id: string, scenario: Scenario): void {
    const { limits, registry } = this.options;
    if (this.runs.has(id)) return this.send({ type: 'rejected', id, reason: 'duplicate', message: `a run "${id}" is already in progress` });
    const tooLarge = scenarioTooLarge(scenario, limits);
    if (tooLarge) return this.send({ type: 'rejected', id, reason: 'too-large', message: tooLarge });
    if (this.runs.size >= limits.maxRunsPerConnection) {
      return this.send({ type: 'rejected', id, reason: 'busy', message: `this connection already has ${this.runs.size} runs in progress (at most ${limits.maxRunsPerConnection}); wait or cancel one` });
    }
    const controller = registry.acquire();
    if (!controller) {
      return this.send({ type: 'rejected', id, reason: 'busy', message: `the server is running ${registry.size} runs (at most ${limits.maxRunsTotal}); try again in a moment` });
    }
    this.runs.set(id, controller);
    let seq = 0;
    const run = runScenario(scenario, {
      signal: controller.signal,
      tmpDir: this.options.tmpDir,
      onEvent: (event) => {
        // A slow client must not make the server buffer unbounded output; the outcome carries it all.
        if (event.type === 'hook-output' && this.ws.bufferedAmount > BACKPRESSURE_BYTES) return;
        if (event.type === 'outcome') {
          // Every process is gone once the outcome exists: a client may start its next run right away.
          this.runs.delete(id);
          registry.release(controller);
        }
        this.send({ type: 'timeline', id, seq: seq++, event });
      },
    }).then(
      () => {},
      (e: unknown) => {
        if (e instanceof RunCancelledError) this.send({ type: 'cancelled', id, seq: seq++ });
        else this.send({ type: 'error', id, message: `the run failed: ${(e as Error).message}` });
      },
    );
    registry.track(controller, run);
    void run.finally(() => this.runs.delete(id));
  }
}
