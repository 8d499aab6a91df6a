import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { RunCancelledError, type AnyOutcome, type AnyTimelineEvent, type Scenario } from '@hookplay/engine';
import { connectRedis, QueueError, redactUrl } from './connect.js';
import { CANCEL_CHANNEL, QUEUE_NAME, runChannel, SILENCE_MS, type RunJob, type RunMessage } from './messages.js';
import type { RealRunAnswer } from '../real-run.js';

export { QueueError };

export interface RemoteRunOptions {
  signal: AbortSignal;
  onEvent: (event: AnyTimelineEvent) => void;
  limits: RunJob['limits'];
  sandbox: boolean;
  user: string;
}

export interface RemoteRealOptions {
  version: string | undefined;
  signal: AbortSignal;
  onProgress: (line: string) => void;
  sandbox: boolean;
  user: string;
}

/** A server's side of the queue: it hands each run to whichever worker takes it and relays its timeline. */
export interface RunQueue {
  readonly where: string;
  /** Resolves with the outcome; rejects with RunCancelledError on abort, or an Error saying why the run failed. */
  run(scenario: Scenario, options: RemoteRunOptions): Promise<AnyOutcome>;
  /** A real run on a worker's installed CLI: resolves with its answer, rejects like `run`. */
  runReal(scenario: Scenario, options: RemoteRealOptions): Promise<RealRunAnswer>;
  close(): Promise<void>;
}

/** How long a run may wait for a worker before it fails (no worker running, or all of them busy that long). */
export const QUEUE_WAIT_MS = 60_000;

export async function connectRunQueue(url: string, options: { waitMs?: number; silenceMs?: number } = {}): Promise<RunQueue> {
  const commands: Redis = await connectRedis(url);
  const subscriber = commands.duplicate();
  await subscriber.connect().catch((e: Error) => {
    commands.disconnect();
    throw new QueueError(`cannot reach the queue at ${redactUrl(url)}: ${e.message}`);
  });
  const queue = new Queue(QUEUE_NAME, { connection: commands });
  const handlers = new Map<string, (m: RunMessage) => void>();
  subscriber.on('message', (channel: string, text: string) => {
    const handler = handlers.get(channel);
    if (!handler) return;
    try {
      handler(JSON.parse(text) as RunMessage);
    } catch {
      // A message that is not ours (or not JSON) on our channel is ignored.
    }
  });
  const waitMs = options.waitMs ?? QUEUE_WAIT_MS;
  const silenceMs = options.silenceMs ?? SILENCE_MS;

  /**
   * Hands one job to whichever worker takes it: subscribed to the run's channel before the job exists, a wait
   * timer until a worker takes it, then a silence timer its heartbeats keep resetting; `onMessage` settles.
   */
  async function submit<T>(fields: Omit<RunJob, 'key'>, signal: AbortSignal, onMessage: (m: RunMessage, resolve: (value: T) => void) => void): Promise<T> {
    if (signal.aborted) throw new RunCancelledError();
    const key = randomUUID();
    const channel = runChannel(key);
    let settle!: { resolve: (o: T) => void; reject: (e: Error) => void };
    const done = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
    let timer: NodeJS.Timeout | undefined;
    let started = false;
    const arm = (ms: number, why: () => string) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void queue.remove(key).catch(() => {});
        settle.reject(new Error(why()));
      }, ms);
    };
    handlers.set(channel, (m) => {
      if (m.kind === 'started') started = true;
      if (m.kind === 'started' || m.kind === 'alive') {
        arm(silenceMs, () => `the worker running it stopped answering for ${silenceMs / 1000} s (it died, or lost the queue); its hooks died with it`);
      } else if (m.kind === 'cancelled') settle.reject(new RunCancelledError());
      else if (m.kind === 'error') settle.reject(new Error(m.message));
      else onMessage(m, settle.resolve);
    });
    const onAbort = () => {
      void commands.publish(CANCEL_CHANNEL, key);
      // Still waiting for a worker: taking it off the queue is the whole cancellation.
      void queue
        .remove(key)
        .then((removed) => {
          if (removed && !started) settle.reject(new RunCancelledError());
        })
        .catch(() => {});
    };
    try {
      // Subscribed before the job exists, so not even the first event can be missed.
      await subscriber.subscribe(channel);
      const job: RunJob = { key, ...fields };
      await queue.add('run', job, { jobId: key, removeOnComplete: true, removeOnFail: true, attempts: 1 });
      // A worker can take the job and say so before add() resolves here: then its silence timer stands.
      if (!started) arm(waitMs, () => `no worker took it within ${waitMs / 1000} s: are \`hookplay worker --queue ${redactUrl(url)}\` processes running?`);
      signal.addEventListener('abort', onAbort, { once: true });
      return await done;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      handlers.delete(channel);
      void subscriber.unsubscribe(channel).catch(() => {});
    }
  }

  return {
    where: redactUrl(url),
    run: (scenario, { signal, onEvent, limits, sandbox, user }) =>
      submit<AnyOutcome>({ scenario, limits, sandbox, user }, signal, (m, resolve) => {
        if (m.kind !== 'event') return;
        onEvent(m.event);
        // A session ends with its session-outcome (the outcomes of its events arrive wrapped in session-run).
        if (m.event.type === 'outcome' || m.event.type === 'session-outcome') resolve(m.event.outcome);
      }),
    runReal: (scenario, { version, signal, onProgress, sandbox, user }) =>
      submit<RealRunAnswer>({ scenario, limits: { maxHooks: 0, maxOutputBytes: 0 }, sandbox, user, real: version ? { version } : {} }, signal, (m, resolve) => {
        if (m.kind === 'real-progress') onProgress(m.line);
        if (m.kind === 'real-answer') resolve(m.answer);
      }),
    async close() {
      for (const handler of handlers.values()) handler({ kind: 'error', message: 'the server is shutting down' });
      await queue.close().catch(() => {});
      subscriber.disconnect();
      commands.disconnect();
    },
  };
}
