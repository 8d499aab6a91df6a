import type { Limits } from '../protocol.js';

export const DEFAULT_LIMITS: Limits = {
  maxPayloadBytes: 1024 * 1024,
  maxRunsPerConnection: 4,
  maxRunsTotal: 16,
  maxFiles: 100,
  maxScenarioBytes: 512 * 1024,
};

/** Past this many bytes queued on a socket, live output chunks are skipped; the outcome still has them. */
export const BACKPRESSURE_BYTES = 1024 * 1024;
export const HEARTBEAT_MS = 15_000;

/** Why a scenario is too big to run or validate here, or null. */
export function scenarioTooLarge(scenario: { files: Record<string, string>; payload?: unknown }, limits: Limits): string | null {
  const count = Object.keys(scenario.files).length;
  if (count > limits.maxFiles) return `the scenario has ${count} files; this server takes at most ${limits.maxFiles}`;
  let bytes = 0;
  for (const [k, v] of Object.entries(scenario.files)) bytes += Buffer.byteLength(k) + Buffer.byteLength(v);
  bytes += Buffer.byteLength(JSON.stringify(scenario.payload ?? {}));
  if (bytes > limits.maxScenarioBytes) return `the scenario is ${Math.ceil(bytes / 1024)} KiB; this server takes at most ${limits.maxScenarioBytes / 1024} KiB`;
  return null;
}
