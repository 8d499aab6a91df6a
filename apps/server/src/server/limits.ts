import type { Limits } from '../protocol.js';
import { MAX_JSON_DEPTH } from './json-guard.js';

export const DEFAULT_LIMITS: Limits = {
  maxPayloadBytes: 1024 * 1024,
  maxRunsPerConnection: 4,
  maxRunsTotal: 16,
  maxFiles: 100,
  maxScenarioBytes: 512 * 1024,
  maxJsonDepth: MAX_JSON_DEPTH,
  maxConnections: 64,
  maxHooksPerRun: 32,
  // 16 runs at most, each keeping at most this much: the kept output of a full server stays near 64 MiB.
  maxRunOutputBytes: 4 * 1024 * 1024,
  // Twice the largest outcome a run can send (its kept output), so a client that reads is never dropped for one.
  maxQueuedBytes: 8 * 1024 * 1024,
};

/** Past this many bytes queued on a socket, live output chunks are skipped (and counted in a `gap` notice). */
export const BACKPRESSURE_BYTES = 1024 * 1024;
export const HEARTBEAT_MS = 15_000;
/**
 * How long a client dropped for falling behind gets to read its close frame (queued behind what it did not
 * read) before the socket is destroyed. Memory stays bounded meanwhile: a dropped client gets nothing more.
 */
export const DROP_GRACE_MS = 10_000;

/** Why a scenario is too big to run or validate here, or null. */
/** Steps of one session: each may fire several events, each event up to maxHooksPerRun hooks. */
export const MAX_SESSION_STEPS = 100;

export function scenarioTooLarge(scenario: { files: Record<string, string>; payload?: unknown; session?: { steps: unknown[] } }, limits: Limits): string | null {
  const count = Object.keys(scenario.files).length;
  if (count > limits.maxFiles) return `the scenario has ${count} files; this server takes at most ${limits.maxFiles}`;
  const steps = scenario.session?.steps.length ?? 0;
  if (steps > MAX_SESSION_STEPS) return `the session has ${steps} steps; this server plays at most ${MAX_SESSION_STEPS}`;
  let bytes = 0;
  for (const [k, v] of Object.entries(scenario.files)) bytes += Buffer.byteLength(k) + Buffer.byteLength(v);
  try {
    bytes += Buffer.byteLength(JSON.stringify(scenario.payload ?? {})) + Buffer.byteLength(JSON.stringify(scenario.session ?? null));
  } catch {
    // Only a value nested past the stack gets here; the depth check on the message text normally stops it first.
    return `the payload is nested too deeply; this server takes at most ${limits.maxJsonDepth} levels`;
  }
  if (bytes > limits.maxScenarioBytes) return `the scenario is ${Math.ceil(bytes / 1024)} KiB; this server takes at most ${limits.maxScenarioBytes / 1024} KiB`;
  return null;
}
