import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'bullmq';
import { endSpareSupervisors, killAllHookGroups, removalsSettled, parseScenario, RunCancelledError, runAnyScenario, type SandboxConfig } from '@hookplay/engine';
import { scrubRunPaths } from '../scrub-paths.js';
import { runRealHere } from '../real-run.js';
import { ownedRunDirPrefix, sweepStaleRunDirs } from '../stale-runs.js';
import { connectRedis } from './connect.js';
import { CANCEL_CHANNEL, HEARTBEAT_MS, QUEUE_NAME, runChannel, type RunJob, type RunMessage } from './messages.js';

export interface RunWorkerOptions {
  url: string;
  concurrency: number;
  /** Without one, the worker refuses every run its server wants sandboxed (any team server's). */
  sandbox?: SandboxConfig;
}

export interface RunningWorker {
  id: string;
  /** Runs in progress now. */
  active(): number;
  /** Cancels every run (killing its hooks), then leaves the queue. */
  close(): Promise<void>;
}

/**
 * `hookplay worker`: takes runs from the queue, runs them with the engine exactly as a server does in-process,
 * and publishes each timeline event on the run's channel as it happens, with a heartbeat the server watches.
 * A stalled job (this worker killed mid-run) is failed by BullMQ rather than run again elsewhere
 * (maxStalledCount 0): its hooks already ran once and died with the worker, and the server has already told the
 * client the run failed.
 */
export async function startRunWorker(options: RunWorkerOptions): Promise<RunningWorker> {
  const commands = await connectRedis(options.url);
  const publisher = commands.duplicate();
  const cancels = commands.duplicate();
  await Promise.all([publisher.connect(), cancels.connect()]);
  const id = `${hostname()}:${process.pid}`;
  sweepStaleRunDirs(tmpdir());
  const runDir = await mkdtemp(join(tmpdir(), ownedRunDirPrefix()));
  const controllers = new Map<string, AbortController>();
  await cancels.subscribe(CANCEL_CHANNEL);
  cancels.on('message', (_channel: string, key: string) => controllers.get(key)?.abort());

  const worker = new Worker(
    QUEUE_NAME,
    async (job) => {
      const data = job.data as RunJob;
      const channel = runChannel(data.key);
      const publish = (m: RunMessage) => void publisher.publish(channel, JSON.stringify(m)).catch(() => {});
      const controller = new AbortController();
      controllers.set(data.key, controller);
      publish({ kind: 'started', worker: id });
      const beat = setInterval(() => publish({ kind: 'alive' }), HEARTBEAT_MS);
      try {
        if (data.sandbox && !options.sandbox) {
          publish({ kind: 'error', message: 'this team server runs hooks only sandboxed, and the worker that took the run has no sandbox: start workers with `hookplay worker --sandbox`' });
          return;
        }
        const scenario = parseScenario(data.scenario);
        if (data.real) {
          const answer = await runRealHere(scenario, {
            version: data.real.version,
            signal: controller.signal,
            onProgress: (line) => publish({ kind: 'real-progress', line }),
            ...(options.sandbox ? { sandbox: options.sandbox } : {}),
          });
          if (controller.signal.aborted) throw new RunCancelledError();
          publish({ kind: 'real-answer', answer });
          return;
        }
        await runAnyScenario(scenario, {
          signal: controller.signal,
          tmpDir: runDir,
          limits: data.limits,
          ...(options.sandbox ? { sandbox: options.sandbox } : {}),
          onEvent: (event) => publish({ kind: 'event', event }),
        });
      } catch (e) {
        if (e instanceof RunCancelledError) publish({ kind: 'cancelled' });
        // The server prefixes "the run failed: "; the worker's run directory is named as the scenario names files.
        else publish({ kind: 'error', message: `${scrubRunPaths((e as Error)?.message ?? String(e), runDir)} (on worker ${id})` });
      } finally {
        clearInterval(beat);
        controllers.delete(data.key);
      }
    },
    { connection: commands, concurrency: options.concurrency, maxStalledCount: 0, lockDuration: 10_000, stalledInterval: 5_000, autorun: true },
  );
  worker.on('error', (e) => process.stderr.write(`hookplay worker: ${e.message}\n`));
  await worker.waitUntilReady();

  let closing: Promise<void> | undefined;
  return {
    id,
    active: () => controllers.size,
    close: () =>
      (closing ??= (async () => {
        for (const c of controllers.values()) c.abort();
        killAllHookGroups();
        endSpareSupervisors();
        await removalsSettled();
        await worker.close().catch(() => {});
        cancels.disconnect();
        // Let the last messages (cancelled, error) go out before the publisher goes.
        await publisher.quit().catch(() => publisher.disconnect());
        commands.disconnect();
        await rm(runDir, { recursive: true, force: true });
      })()),
  };
}
