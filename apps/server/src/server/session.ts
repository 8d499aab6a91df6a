import { setMaxListeners } from 'node:events';
import type { WebSocket } from 'ws';
import { DIALECT_IDS, parseScenario, RunCancelledError, runAnyScenario, runHosts, ScenarioError, type AnyTimelineEvent, type DialectId, type EventScenario, type SandboxConfig, type Scenario } from '@hookplay/engine';
import { ClientMessage, PROTOCOL_VERSION, RunId, type Limits, type Problem, type ServerMessage } from '../protocol.js';
import { clip, deepFileProblem, parseUntrusted } from './json-guard.js';
import { BACKPRESSURE_BYTES, DROP_GRACE_MS, scenarioTooLarge } from './limits.js';
import type { PlanGuard } from './plan-guard.js';
import { boundedProblems } from './replies.js';
import type { RunRegistry } from './run-registry.js';
import { scrubRunPaths } from './scrub-paths.js';
import type { AuditLog, UserRunLimit } from './team-auth.js';
import type { RunQueue } from './queue/client.js';
import { installedRealHosts, runRealHere } from './real-run.js';

export interface SessionOptions {
  limits: Limits;
  version: string;
  registry: RunRegistry;
  /** Parent directory for run workspaces. */
  tmpDir: string;
  /** Queued bytes past which live output is skipped (default BACKPRESSURE_BYTES; tests lower it). */
  backpressureBytes?: number;
  /** How long a dropped client may still read its close frame (default DROP_GRACE_MS). */
  dropGraceMs?: number;
  /** Counts clients dropped for falling behind, for RunningServer.stats(). */
  onDrop?: () => void;
  /** Plans each scenario in a worker with a deadline before it runs (plan-guard.ts). */
  guard: PlanGuard;
  /** `--sandbox`: every hook of every run in bubblewrap (engine runner/sandbox.ts). */
  sandbox?: SandboxConfig;
  /** Team mode: who signed in on this connection, their runs across connections, and the log of who ran what. */
  user?: string;
  team?: { userRuns: UserRunLimit; audit: AuditLog; shortLinks: boolean };
  /** `--queue`: runs go to workers (queue/client.ts) instead of this process. */
  queue?: RunQueue;
  /** `--sandbox --queue`: the workers must run every hook sandboxed (this server runs none itself). */
  workersMustSandbox?: boolean;
}

/** Live output skipped for one hook's stream while the client was behind. */
interface Gap {
  hook: number;
  stream: 'stdout' | 'stderr';
  bytes: number;
  chunks: number;
  /** The session-step index, in a session. */
  step?: number;
}

/**
 * One WebSocket connection: its runs, their streams, and their cancellation when it goes away.
 * Whatever this client sends, the worst it can get is an `error` for itself: every handler is guarded, and
 * what is queued for it is bounded (a client that does not read is dropped, not buffered without end).
 */
export class Session {
  private readonly runs = new Map<string, AbortController>();
  alive = true;
  private dropped = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly options: SessionOptions,
  ) {
    ws.on('message', (data, isBinary) => {
      // A dropped client's remaining messages are not worth the CPU: nothing would be sent back.
      if (this.dropped) return;
      try {
        this.receive(isBinary ? null : data.toString(), Buffer.isBuffer(data) ? data.length : 0);
      } catch (e) {
        // Anything a message can make a handler throw (a stack overflow included) ends here, for this client only.
        this.report('receive', e);
        this.send({ type: 'error', message: 'the server could not handle this message' });
      }
    });
    ws.on('pong', () => (this.alive = true));
    ws.on('close', () => this.cancelAll());
    ws.on('error', () => this.cancelAll());
    this.send({
      type: 'hello',
      protocol: PROTOCOL_VERSION,
      version: options.version,
      limits: options.limits,
      ...(options.team && options.user ? { team: { user: options.user, shortLinks: options.team.shortLinks } } : {}),
      realHosts: installedRealHosts(),
    });
  }

  cancelAll(): void {
    for (const controller of this.runs.values()) controller.abort();
  }

  private report(where: string, e: unknown): void {
    process.stderr.write(`hookplay serve: a client's ${where} failed (the server goes on): ${(e as Error)?.stack ?? String(e)}\n`);
  }

  /**
   * Queues a message unless the client is too far behind. `maxQueuedBytes` bounds what one client can make the
   * server hold: past it the client is told why in the close frame and dropped, its runs cancelled.
   */
  private send(message: ServerMessage): boolean {
    if (this.dropped || this.ws.readyState !== this.ws.OPEN) return false;
    let text: string;
    try {
      text = JSON.stringify(message);
    } catch (e) {
      // Only a value deeper than the stack (hook output parsed by a dialect) can get here.
      this.report('reply', e);
      text = JSON.stringify({ type: 'error', ...('id' in message ? { id: message.id } : {}), message: 'the server could not encode its answer' });
    }
    // Sent as bytes: a string queued on a socket that is not read stays a JS string (two bytes a character when
    // it holds any non-Latin-1 one) until written, so the byte cap below would bound only half of it.
    const bytes = Buffer.from(text);
    const queued = this.ws.bufferedAmount;
    if (queued + bytes.length > this.options.limits.maxQueuedBytes && queued > 0) {
      this.drop(`fell behind: over ${this.options.limits.maxQueuedBytes} bytes queued`);
      return false;
    }
    this.ws.send(bytes, { binary: false });
    return true;
  }

  private drop(reason: string): void {
    if (this.dropped) return;
    this.dropped = true;
    this.options.onDrop?.();
    this.cancelAll();
    // Nothing it sends is read any more: without this the socket would still take in (and parse into frames)
    // whatever it keeps sending during the grace period, which is what made a few such clients cost 500 MB.
    this.ws.pause();
    // The close frame waits behind the queue, so a client that reads late still learns why; one that never
    // reads is destroyed after a grace period, freeing what was queued.
    this.ws.close(1008, reason.slice(0, 120));
    setTimeout(() => this.ws.terminate(), this.options.dropGraceMs ?? DROP_GRACE_MS).unref();
  }

  private receive(text: string | null, bytes: number): void {
    if (text === null) return void this.send({ type: 'error', message: 'binary messages are not understood; send JSON text' });
    const parsed = parseUntrusted(text, this.options.limits.maxJsonDepth);
    if (!parsed.ok) {
      return void this.send({ type: 'error', message: parsed.message.startsWith('not JSON') ? 'the message is not JSON' : `the message is refused: ${parsed.message}` });
    }
    const raw = parsed.value;
    const message = ClientMessage.safeParse(raw);
    if (!message.success) return this.refuse(raw, message.error.issues, Math.max(bytes, text.length));
    const m = message.data;
    if (m.type === 'cancel') {
      const controller = this.runs.get(m.id);
      if (!controller) return void this.send({ type: 'error', id: m.id, message: `no run "${m.id}" is in progress` });
      controller.abort();
      return;
    }
    // Ports run in this process: a server that leaves hooks to sandboxed workers has nowhere safe to run them.
    if (m.type === 'compare' && this.options.workersMustSandbox && !this.options.sandbox) {
      return void this.send({ type: 'rejected', id: m.id, reason: 'invalid', message: 'this server hands every run to sandboxed workers and runs no hooks itself, so it cannot compare hosts here', problems: [] });
    }
    if (m.type === 'compare' && m.scenario.session) {
      return void this.send({ type: 'rejected', id: m.id, reason: 'invalid', message: 'a session cannot be compared across hosts yet: compare one of its events as a one-event scenario', problems: [] });
    }
    if (m.type === 'compare') return this.start(m.id, m.scenario, { hosts: m.hosts ?? DIALECT_IDS, renameTools: m.renameTools === true });
    if (m.type === 'real') return this.startReal(m.id, m.scenario, m.version);
    this.start(m.id, m.scenario);
  }

  /**
   * A message that does not parse: a run with a bad scenario gets the engine's field-by-field problems, as
   * many as fit in the size of the request itself (an invalid run must not make the server send 10x what it got).
   */
  private refuse(raw: unknown, issues: { path: PropertyKey[]; message: string }[], requestBytes: number): void {
    const r = raw as { type?: unknown; id?: unknown; scenario?: unknown } | null;
    const id = RunId.safeParse(r?.id);
    if (r?.type === 'run' && id.success && r.scenario !== undefined) {
      let problems: Problem[] = [];
      try {
        parseScenario(r.scenario);
      } catch (e) {
        if (e instanceof ScenarioError) problems = e.problems.map(({ path, message }) => ({ path, message }));
      }
      const bounded = boundedProblems(problems, requestBytes);
      return void this.send({ type: 'rejected', id: id.data, reason: 'invalid', message: `the scenario is invalid${bounded.omitted ? ` (${bounded.omitted} more problems not listed)` : ''}`, problems: bounded.problems });
    }
    const first = issues[0];
    const where = first?.path.length ? `${clip(first.path.map(String).join('.'), 100)}: ` : '';
    this.send({
      type: 'error',
      ...(id.success ? { id: id.data } : {}),
      message: `invalid message: ${where}${clip(first?.message ?? 'unknown problem', 200)} (expected {"type":"run","id","scenario"}, {"type":"compare","id","scenario"} or {"type":"cancel","id"})`,
    });
  }

  /**
   * Everything a run must pass before it starts, whatever kind it is: a fresh id, the size limits, this
   * connection's, this user's and the server's run slots. On success the run holds its slots until `release`.
   */
  private admit(id: string, scenario: Scenario): { controller: AbortController; releaseUser: () => void; user: string; startedAt: number } | null {
    const { limits, registry } = this.options;
    if (this.runs.has(id)) return void this.send({ type: 'rejected', id, reason: 'duplicate', message: `a run "${id}" is already in progress` }), null;
    const tooLarge = scenarioTooLarge(scenario, limits);
    if (tooLarge) return void this.send({ type: 'rejected', id, reason: 'too-large', message: tooLarge }), null;
    const deep = deepFileProblem(scenario.files, limits.maxJsonDepth);
    if (deep) return void this.send({ type: 'rejected', id, reason: 'invalid', message: 'the scenario is invalid', problems: [deep] }), null;
    if (this.runs.size >= limits.maxRunsPerConnection) {
      return void this.send({ type: 'rejected', id, reason: 'busy', message: `this connection already has ${this.runs.size} runs in progress (at most ${limits.maxRunsPerConnection}); wait or cancel one` }), null;
    }
    const team = this.options.team;
    const user = this.options.user ?? 'local';
    const releaseUser = team ? team.userRuns.tryStart(user) : () => {};
    if (!releaseUser) {
      return void this.send({ type: 'rejected', id, reason: 'busy', message: `${user} already has ${team!.userRuns.max} runs in progress on this team server (at most ${team!.userRuns.max} per user); wait or cancel one` }), null;
    }
    const controller = registry.acquire();
    if (!controller) {
      releaseUser();
      return void this.send({ type: 'rejected', id, reason: 'busy', message: `the server is running ${registry.size} runs (at most ${limits.maxRunsTotal}); try again in a moment` }), null;
    }
    this.runs.set(id, controller);
    return { controller, releaseUser, user, startedAt: Date.now() };
  }

  /** A run, or with `compare` the scenario ported to those hosts and each port run (same limits, guard and cancel). */
  private start(id: string, scenario: Scenario, compare?: { hosts: readonly DialectId[]; renameTools: boolean }): void {
    const { limits, registry } = this.options;
    const admitted = this.admit(id, scenario);
    if (!admitted) return;
    const { controller, releaseUser, user, startedAt } = admitted;
    const team = this.options.team;
    team?.audit.write({ event: 'run-start', user, run: id, dialect: scenario.dialect, hostEvent: scenario.event, title: scenario.title ?? null, files: Object.keys(scenario.files) });
    // Every hook of the run listens to this signal; a run may have up to maxHooksPerRun of them at once.
    setMaxListeners(limits.maxHooksPerRun + 10, controller.signal);
    let seq = 0;
    /** Output skipped per hook and stream since that stream's last delivered chunk. */
    const gaps = new Map<string, Gap>();
    const flushGaps = (hook?: number) => {
      for (const [key, gap] of gaps) {
        if (hook !== undefined && gap.hook !== hook) continue;
        gaps.delete(key);
        this.send({ type: 'gap', id, seq: seq++, ...gap });
      }
    };
    const onEvent = (event: AnyTimelineEvent) => {
      // A session's events of one step arrive wrapped; their output is paced like a one-event run's.
      const inner = event.type === 'session-run' ? event.run : event;
      const step = event.type === 'session-run' ? { step: event.index } : {};
      if (inner.type === 'hook-output') {
        const key = `${event.type === 'session-run' ? event.index : ''}:${inner.hook}:${inner.stream}`;
        // A slow client must not make the server buffer unbounded output: skip, count, and say so.
        if (this.ws.bufferedAmount > (this.options.backpressureBytes ?? BACKPRESSURE_BYTES)) {
          const gap = gaps.get(key) ?? { hook: inner.hook, stream: inner.stream, bytes: 0, chunks: 0, ...step };
          gap.bytes += Buffer.byteLength(inner.data);
          gap.chunks++;
          gaps.set(key, gap);
          return;
        }
        const gap = gaps.get(key);
        if (gap) {
          gaps.delete(key);
          this.send({ type: 'gap', id, seq: seq++, ...gap });
        }
      } else if (inner.type === 'hook-end') flushGaps(inner.hook);
      else if (event.type === 'outcome' || event.type === 'session-outcome') {
        flushGaps();
        // Every process is gone once the outcome exists: a client may start its next run right away.
        this.runs.delete(id);
        registry.release(controller);
        releaseUser();
        // A session's log line names how it ended, and every hook command it ran.
        const o = event.outcome;
        const ran = 'session' in o ? o.steps.flatMap((s) => s.events.flatMap((e) => e.outcome.hooks)) : o.hooks;
        const verdict = 'session' in o ? `session ${o.ended.reason}` : o.verdict;
        team?.audit.write({ event: 'run-end', user, run: id, verdict, hooks: ran.filter((h) => h.ran).map((h) => h.command), ms: Date.now() - startedAt });
      }
      this.send({ type: 'timeline', id, seq: seq++, event });
    };
    // A cancel (or a disconnect) while the check waits frees this run's slot at once, not after the check.
    const run = this.options.guard.check(scenario, controller.signal).then((checked) => {
      if (!checked.ok && checked.cancelled) throw new RunCancelledError();
      if (!checked.ok) {
        this.runs.delete(id);
        registry.release(controller);
        this.send({ type: 'rejected', id, reason: 'invalid', message: checked.message, problems: [] });
        return;
      }
      if (controller.signal.aborted) throw new RunCancelledError();
      if (compare) return this.compare(id, scenario, compare, controller).then(() => undefined);
      const runLimits = { maxHooks: limits.maxHooksPerRun, maxOutputBytes: limits.maxRunOutputBytes };
      const guarded = (event: AnyTimelineEvent) => {
        try {
          onEvent(event);
        } catch (e) {
          this.report('run event', e);
        }
      };
      const queue = this.options.queue;
      if (queue) return queue.run(scenario, { signal: controller.signal, onEvent: guarded, limits: runLimits, sandbox: this.options.sandbox !== undefined || team !== undefined || this.options.workersMustSandbox === true, user });
      return runAnyScenario(scenario, {
      signal: controller.signal,
      tmpDir: this.options.tmpDir,
      ...(this.options.sandbox ? { sandbox: this.options.sandbox } : {}),
      limits: runLimits,
      onEvent: guarded,
    });
    }).then(
      () => {},
      (e: unknown) => {
        if (e instanceof RunCancelledError) this.send({ type: 'cancelled', id, seq: seq++ });
        else this.send({ type: 'error', id, message: `the run failed: ${clip(scrubRunPaths((e as Error)?.message ?? String(e), this.options.tmpDir), 500)}` });
      },
    );
    registry.track(controller, run);
    void run.finally(() => {
      this.runs.delete(id);
      releaseUser();
    });
  }

  /**
   * A scenario on its host's real CLI beside the emulation: admitted like any run (the same slots and per-user
   * limit), checked by the same planning guard, run here or by a worker, in the sandbox when the server has one.
   */
  private startReal(id: string, scenario: Scenario, version: string | undefined): void {
    const admitted = this.admit(id, scenario);
    if (!admitted) return;
    const { controller, releaseUser, user, startedAt } = admitted;
    const team = this.options.team;
    team?.audit.write({ event: 'run-start', user, run: id, dialect: scenario.dialect, hostEvent: scenario.event ?? null, title: scenario.title ?? null, files: Object.keys(scenario.files), real: version ?? 'default' });
    const release = () => {
      if (!this.runs.has(id)) return;
      this.runs.delete(id);
      this.options.registry.release(controller);
      releaseUser();
    };
    const progress = (line: string) => this.send({ type: 'real-progress', id, line: clip(line, 300) });
    const run = this.options.guard
      .check(scenario, controller.signal)
      .then(async (checked) => {
        if (!checked.ok && checked.cancelled) throw new RunCancelledError();
        if (!checked.ok) return void this.send({ type: 'rejected', id, reason: 'invalid', message: checked.message, problems: [] });
        const queue = this.options.queue;
        const sandbox = this.options.sandbox !== undefined || team !== undefined || this.options.workersMustSandbox === true;
        const result = queue
          ? await queue.runReal(scenario, { version, signal: controller.signal, onProgress: progress, sandbox, user })
          : await runRealHere(scenario, { version, signal: controller.signal, onProgress: progress, ...(this.options.sandbox ? { sandbox: this.options.sandbox } : {}) });
        if ('rejected' in result) return void this.send({ type: 'rejected', id, ...result.rejected });
        team?.audit.write({ event: 'run-end', user, run: id, verdict: `real ${result.result.differences.length ? 'differs' : 'agrees'}`, hooks: [], ms: Date.now() - startedAt });
        this.send({ type: 'real-result', id, result: result.result });
      })
      .then(
        () => release(),
        (e: unknown) => {
          release();
          if (e instanceof RunCancelledError || controller.signal.aborted) this.send({ type: 'cancelled', id, seq: 0 });
          else this.send({ type: 'error', id, message: `the real run failed: ${clip(scrubRunPaths((e as Error)?.message ?? String(e), this.options.tmpDir), 500)}` });
        },
      );
    this.options.registry.track(controller, run);
  }

  private async compare(id: string, scenario: Scenario, request: { hosts: readonly DialectId[]; renameTools: boolean }, controller: AbortController): Promise<void> {
    const { limits, tmpDir, guard } = this.options;
    try {
      // Sessions are refused before this point (handle): a comparison is of one event.
      const comparison = await runHosts(scenario as EventScenario, request.hosts, {
        signal: controller.signal,
        tmpDir,
        limits: { maxHooks: limits.maxHooksPerRun, maxOutputBytes: limits.maxRunOutputBytes },
        ...(this.options.sandbox ? { sandbox: this.options.sandbox } : {}),
        port: { renameTools: request.renameTools },
        // A port is a new config: it gets the same planning deadline as anything a client sends.
        check: async (derived) => guard.check(derived, controller.signal),
        onHost: (column) => this.send({ type: 'compare-host', id, column }),
      });
      this.send({ type: 'comparison', id, comparison });
    } finally {
      this.runs.delete(id);
      this.options.registry.release(controller);
    }
  }
}
