/** How a host stops a hook at its deadline. */
export type KillSequence =
  | { first: 'SIGKILL' }
  | { first: 'SIGTERM'; killAfterMs: number };

export interface ProcessResult {
  pid: number | null;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** Set when the process could not be started at all (spawn error). */
  spawnError?: string;
  /** From the run's start. */
  startMs: number;
  durationMs: number;
  stdout: string;
  stderr: string;
  /** Bytes dropped past the cap, per pipe. */
  dropped: { stdout: number; stderr: number };
  /** Of `dropped`, the bytes the run's shared output budget cut (the pipe's own cap would have kept them). */
  droppedByBudget?: number;
  /** The hook exited but left processes running in its group; the runner killed them. */
  leftovers: boolean;
  /**
   * The supervisor, as a subreaper, saw every process the hook started die before it reported: nothing of this
   * hook can be running, so the run's /proc sweep (strays.ts) is not needed for it.
   */
  contained?: boolean;
  /** Processes that had left the hook's process group (setsid, `set -m`) and were killed when it ended. */
  escaped?: number;
  /** The hook kept writing far past what is kept (`yes`): hookplay ended it instead of reading until its timeout. */
  flooded?: { afterBytes: number };
  /** Sandboxed (sandbox.ts): the limit the hook ran into, as far as its end and its stderr tell. */
  limitHit?: 'processes' | 'memory' | 'cpu' | 'file-size';
}
