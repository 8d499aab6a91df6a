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

export type PlanCheck = { ok: true; diagnostics: Diagnostic[] } | { ok: false; message: string };

interface Job {
  id: number;
  scenario: Scenario;
  resolve(result: PlanCheck): void;
}

export class PlanGuard {
  private worker: Worker | null = null;
  private ready = false;
  /** In the order the worker handles them; only the head is being planned, and only it has a deadline. */
  private readonly queue: Job[] = [];
  private timer: NodeJS.Timeout | undefined;
  private timed: Job | undefined;
  private nextId = 0;
  private readonly engine = engineEntry();

  constructor(private readonly deadlineMs = 5000) {}

  check(scenario: Scenario): Promise<PlanCheck> {
    return new Promise((resolve) => {
      const job: Job = { id: this.nextId++, scenario, resolve };
      this.queue.push(job);
      this.ensureWorker().postMessage({ id: job.id, scenario });
      this.arm();
    });
  }

  /**
   * The deadline runs for the head of the queue only, and only once the worker has loaded the engine (that
   * import takes seconds on a loaded machine): time spent waiting behind another check is not this one's.
   */
  private arm(): void {
    const head = this.queue[0];
    if (!this.ready || !head || this.timed === head) return;
    clearTimeout(this.timer);
    this.timed = head;
    this.timer = setTimeout(() => this.overdue(head), this.deadlineMs);
    this.timer.unref();
  }

  private disarm(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timed = undefined;
  }

  close(): void {
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
    this.disarm();
    for (const job of this.queue.splice(0)) job.resolve({ ok: false, message: 'the server is shutting down' });
  }

  /** A new worker for the checks still queued, in their order. */
  private resubmit(): void {
    this.disarm();
    if (this.queue.length === 0) return;
    const worker = this.ensureWorker();
    for (const job of this.queue) worker.postMessage({ id: job.id, scenario: job.scenario });
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
      const i = this.queue.findIndex((j) => j.id === m.id);
      if (i === -1) return;
      const [job] = this.queue.splice(i, 1);
      if (this.timed === job) this.disarm();
      this.arm();
      job!.resolve(m.ok ? { ok: true, diagnostics: m.diagnostics } : { ok: false, message: `the scenario could not be checked: ${m.message}` });
    });
    // A worker that dies (out of memory, a crash) fails what it held; the next check starts a new one.
    worker.on('error', (e) => {
      process.stderr.write(`hookplay serve: the planning worker failed: ${e.stack ?? e.message}\n`);
      this.restart(worker, `the check of this scenario failed in the server (${e.message})`);
    });
    worker.on('exit', (code) => this.restart(worker, `the check of this scenario failed in the server (its worker exited with ${code})`));
    this.worker = worker;
    return worker;
  }

  /** The oldest check ran past its deadline: it is the one the worker is stuck in. */
  private overdue(job: Job): void {
    if (this.queue[0] !== job) return;
    this.queue.shift();
    job.resolve({ ok: false, message: `planning this scenario took over ${this.deadlineMs / 1000} s and was stopped: a matcher whose regular expression backtracks without end (like "(a+)+$")?` });
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
    this.resubmit();
  }

  private restart(worker: Worker, message: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.queue.shift()?.resolve({ ok: false, message });
    this.resubmit();
  }
}
