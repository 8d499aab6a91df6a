import type { AnyTimelineEvent } from '@hookplay/engine';
import type { RealRunAnswer } from '../real-run.js';

/**
 * What travels between a server and the workers besides the BullMQ job itself. Timeline events go over Redis
 * pub/sub, one channel per run, published in order by one connection of the worker: the server subscribes before
 * it adds the job, so nothing is missed. The job carries the scenario and what the server requires of the run.
 */
export const QUEUE_NAME = 'hookplay-runs';
export const CANCEL_CHANNEL = 'hookplay:cancel';
export const runChannel = (key: string) => `hookplay:run:${key}`;

export interface RunJob {
  key: string;
  scenario: unknown;
  limits: { maxHooks: number; maxOutputBytes: number };
  /** The server runs anyone's hooks (`--team`, `--sandbox`): a worker without a sandbox must refuse the run. */
  sandbox: boolean;
  user: string;
  /** A real run: the scenario on the worker's installed real CLI (this version, or the default) beside the emulation. */
  real?: { version?: string };
}

export type RunMessage =
  | { kind: 'started'; worker: string }
  /** Every second while the run is on a worker: its silence means the worker is gone. */
  | { kind: 'alive' }
  | { kind: 'event'; event: AnyTimelineEvent }
  | { kind: 'real-progress'; line: string }
  | { kind: 'real-answer'; answer: RealRunAnswer }
  | { kind: 'cancelled' }
  | { kind: 'error'; message: string };

/** A worker that took a run and then went silent this long is taken for dead, and the run fails. */
export const HEARTBEAT_MS = 1000;
export const SILENCE_MS = 6000;
