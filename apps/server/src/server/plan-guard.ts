import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Diagnostic, Scenario } from '@hookplay/engine';

/**
 * Planning a scenario runs the scenario's own regular expressions (matchers) against its own payload, on the
 * thread that serves every client: `(a+)+$` against thirty `a`s and a `!` backtracks for minutes, and the
 * whole server with it. A regular expression cannot be interrupted from the thread running it, but a worker
 * can be terminated. So every scenario is planned once in a worker first, with a deadline; only what
 * planned in time is validated for the editor or run (the run plans again, on the main thread, with the same
 * inputs and so in the same short time). One persistent worker serves all checks in order, so the cost is a
 * message round trip; a check over its deadline ends the worker, and the checks queued behind it go to a new one.
 */
// Dynamic imports only: eval'd worker code is CommonJS in plain Node but ESM under some loaders (the test runner's),
// where require does not exist.
const WORKER_SOURCE = `
import('node:worker_threads').then(async ({ parentPort, workerData }) => {
  const { validateScenario } = await import(workerData.engine);
  parentPort.postMessage({ ready: true });
  parentPort.on('message', ({ id, scenario }) => {
    try {
      parentPort.postMessage({ id, ok: true, diagnostics: validateScenario(scenario) });
    } catch (e) {
      parentPort.postMessage({ id, ok: false, message: String((e && e.message) || e) });
    }
  });
});
`;

/**
 * The built engine, for the worker (plain Node, no TypeScript loader). Under the test runner the package
 * resolves to its TypeScript source (the `source` export condition); the build beside it is what runs.
 */
function engineEntry(): string {
  const resolved = createRequire(import.meta.url).resolve('@hookplay/engine');
  return pathToFileURL(resolved.endsWith('.ts') ? join(dirname(dirname(resolved)), 'dist', 'index.js') : resolved).href;
}

/** `cancelled`: the caller's signal fired before the answer, so the check was dropped (or its answer will be). */
export type PlanCheck = { ok: true; diagnostics: Diagnostic[] } | { ok: false; message: string; cancelled?: true };

const CANCELLED: PlanCheck = { ok: false, message: 'the run was cancelled before its scenario was checked', cancelled: true };

interface Job {
  id: number;
  scenario: Scenario;
  /** Settles once: the worker's answer, a deadline, a crash, shutdown or the caller's cancel, whichever is first. */
  resolve(result: PlanCheck): void;
}

export class PlanGuard {
  private worker: Worker | null = null;
  private ready = false;
  /**
   * Only one check is with the worker at a time; the rest wait here, not in the worker's inbox, so a check whose
   * caller went away (a client that disconnects with runs queued) leaves the queue at once and never costs a plan.
   */
  private current: Job | undefined;
  private readonly waiting: Job[] = [];
  private timer: NodeJS.Timeout | undefined;
  private timed: Job | undefined;
  private nextId = 0;
  private readonly engine = engineEntry();

  constructor(private readonly deadlineMs = 5000) {}

  check(scenario: Scenario, signal?: AbortSignal): Promise<PlanCheck> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve(CANCELLED);
      let settled = false;
      const onAbort = () => {
        const i = this.waiting.indexOf(job);
        if (i !== -1) this.waiting.splice(i, 1);
        // The one with the worker finishes there (bounded by the deadline); its answer is dropped.
        job.resolve(CANCELLED);
      };
      const job: Job = {
        id: this.nextId++,
        scenario,
        resolve: (result) => {
          if (settled) return;
          settled = true;
          signal?.removeEventListener('abort', onAbort);
          resolve(result);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(job);
      this.pump();
    });
  }

  /** Hands the next waiting check to the worker when it has none. */
  private pump(): void {
    if (this.current || this.waiting.length === 0) return;
    const job = this.waiting.shift()!;
    this.current = job;
    this.ensureWorker().postMessage({ id: job.id, scenario: job.scenario });
    this.arm();
  }

  /**
   * The deadline runs only once the worker has loaded the engine (that import takes seconds on a loaded
   * machine): time spent waiting for the worker, or behind another check, is not this one's.
   */
  private arm(): void {
    const job = this.current;
    if (!this.ready || !job || this.timed === job) return;
    clearTimeout(this.timer);
    this.timed = job;
    this.timer = setTimeout(() => this.overdue(job), this.deadlineMs);
    this.timer.unref();
  }

  private disarm(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timed = undefined;
  }

  /** The check with the worker is over (answered, overdue or crashed): the next one goes. */
  private finish(result: PlanCheck): void {
    const job = this.current;
    this.current = undefined;
    this.disarm();
    job?.resolve(result);
    this.pump();
  }

  close(): void {
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
    this.disarm();
    const shutdown: PlanCheck = { ok: false, message: 'the server is shutting down' };
    this.current?.resolve(shutdown);
    this.current = undefined;
    for (const job of this.waiting.splice(0)) job.resolve(shutdown);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { engine: this.engine }, resourceLimits: { maxOldGenerationSizeMb: 256 } });
    worker.unref();
    this.ready = false;
    worker.on('message', (m: ({ id: number } & PlanCheck) | { ready: true }) => {
      if (this.worker !== worker) return;
      if ('ready' in m) {
        this.ready = true;
        return this.arm();
      }
      if (m.id !== this.current?.id) return;
      this.finish(m.ok ? { ok: true, diagnostics: m.diagnostics } : { ok: false, message: `the scenario could not be checked: ${m.message}` });
    });
    // A worker that dies (out of memory, a crash) fails the check it held; the next check starts a new one.
    worker.on('error', (e) => {
      process.stderr.write(`hookplay serve: the planning worker failed: ${e.stack ?? e.message}\n`);
      this.restart(worker, `the check of this scenario failed in the server (${e.message})`);
    });
    worker.on('exit', (code) => this.restart(worker, `the check of this scenario failed in the server (its worker exited with ${code})`));
    this.worker = worker;
    return worker;
  }

  /** The check with the worker ran past its deadline: the worker is stuck in it, so it goes too. */
  private overdue(job: Job): void {
    if (this.current !== job) return;
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
    this.finish({ ok: false, message: `planning this scenario took over ${this.deadlineMs / 1000} s and was stopped: a matcher whose regular expression backtracks without end (like "(a+)+$")?` });
  }

  private restart(worker: Worker, message: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.finish({ ok: false, message });
  }
}
