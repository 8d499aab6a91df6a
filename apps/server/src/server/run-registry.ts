/**
 * Counts runs across all connections so one busy tab (or a hostile client) cannot start unbounded
 * processes, and lets shutdown cancel every run and wait for their cleanup.
 */
export class RunRegistry {
  private readonly active = new Set<AbortController>();
  private readonly settled = new Set<Promise<unknown>>();

  constructor(readonly maxTotal: number) {}

  get size(): number {
    return this.active.size;
  }

  /** A controller for a new run, or null when the server is at its cap. */
  acquire(): AbortController | null {
    if (this.active.size >= this.maxTotal) return null;
    const controller = new AbortController();
    this.active.add(controller);
    return controller;
  }

  /** The run's answer is out: it no longer counts against the cap (only its directory is being removed). */
  release(controller: AbortController): void {
    this.active.delete(controller);
  }

  track(controller: AbortController, run: Promise<unknown>): void {
    const done = run.finally(() => {
      this.active.delete(controller);
      this.settled.delete(done);
    });
    this.settled.add(done);
  }

  /** Cancels every run and waits (bounded) until their processes and directories are gone. */
  async cancelAll(waitMs = 5000): Promise<void> {
    for (const c of this.active) c.abort();
    // Released runs are past their processes; waiting for `settled` still covers their cleanup.
    const all = Promise.allSettled([...this.settled]);
    await Promise.race([all, new Promise((r) => setTimeout(r, waitMs).unref())]);
  }
}
