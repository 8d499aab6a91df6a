import { diag, ordinal } from '../dialects/shared/results.js';
import type { Diagnostic } from '../outcome.js';
import type { SandboxLimits } from './sandbox.js';
import type { ProcessResult } from './types.js';

const WHAT: Record<NonNullable<ProcessResult['limitHit']>, (l: SandboxLimits) => string> = {
  processes: (l) => `the sandbox's process limit (${l.processes} at once): a fork failed`,
  memory: (l) => `the sandbox's memory limit (${Math.round(l.memoryBytes / 1024 / 1024)} MiB of address space per process)`,
  cpu: (l) => `the sandbox's CPU limit (${l.cpuSeconds} s per process): it was ended with SIGXCPU`,
  'file-size': (l) => `the sandbox's file size limit (${Math.round(l.fileBytes / 1024 / 1024)} MiB per file): the write failed with SIGXFSZ`,
};

/** One `sandbox.limit` diagnostic per sandboxed hook that ran into a limit (a real host has no such limit). */
export function sandboxNotes(results: Map<number, ProcessResult>, limits: SandboxLimits | undefined): Diagnostic[] {
  if (!limits) return [];
  const notes: Diagnostic[] = [];
  for (const [index, result] of results) {
    if (!result.limitHit) continue;
    notes.push(diag('warning', `sandbox.limit.${result.limitHit}`, `${ordinal(index)} ran into ${WHAT[result.limitHit](limits)}. This server runs hooks in a sandbox; a real host would not stop it there.`, { hook: index }));
  }
  return notes;
}
