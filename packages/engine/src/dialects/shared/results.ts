import type { Diagnostic } from '../../outcome.js';
import type { ProcessResult } from '../../runner/types.js';
import type { JsonObject } from '../../util/json.js';

/** A process result in a few words: "exit 1", "timed out after 5 s", "killed by SIGKILL", "could not start: …". */
export function describeExit(result: ProcessResult, timeoutMs?: number): string {
  if (result.spawnError) return `could not start: ${result.spawnError}`;
  if (result.timedOut) return `timed out${timeoutMs ? ` after ${formatSeconds(timeoutMs)}` : ''}`;
  if (result.signal) return `killed by ${result.signal}`;
  return `exit ${result.exitCode}`;
}

export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

export function ordinal(index: number): string {
  return `hook #${index + 1}`;
}

export function diag(level: Diagnostic['level'], code: string, message: string, extra: Partial<Diagnostic> = {}): Diagnostic {
  return { level, code, message, ...extra };
}

/** Base payload fields first (in the host's order), then the scenario's fields; a field the scenario sets wins in place. */
export function withBaseFields(base: JsonObject, payload: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(base)) out[k] = k in payload ? payload[k]! : v;
  for (const [k, v] of Object.entries(payload)) if (!(k in base)) out[k] = v;
  return out;
}
