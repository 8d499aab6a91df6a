import { findEvent, missingProgramNotes, type Dialect, type Effect, type HookEntry, type Job, type LoadResult, type ProcessResult } from '@hookplay/engine';
import type { Firing } from '../import/firing.js';

/** A process result written by hand: what a hook would give if it ran, for the host's own rules to read. */
function result(exitCode: number, stdout: string, stderr: string): ProcessResult {
  return { pid: null, exitCode, signal: null, timedOut: false, startMs: 0, durationMs: 1, stdout, stderr, dropped: { stdout: 0, stderr: 0 }, leftovers: false, contained: true };
}

export interface HostReading {
  effect: Effect;
  messages: string[];
  verdict: string;
}

/**
 * What the host makes of one answer from one hook, by its dialect's own settle (or chain step): doctor states no
 * host rule itself. Pure: nothing runs.
 */
export function readAnswer(dialect: Dialect, loaded: LoadResult, hostSettings: Record<string, unknown>, firing: Firing, answer: { exitCode: number; stdout: string; stderr: string }): (HostReading & { results: Map<number, ProcessResult>; job: Job }) | null {
  if (!firing.plan || !firing.job) return null;
  const { prepared, event } = firing.plan;
  const found = findEvent(dialect, event);
  if ('error' in found) return null;
  const job = firing.job;
  const results = new Map([[job.hook, result(answer.exitCode, answer.stdout, answer.stderr)]]);
  try {
    let chainEnd: { event: never; effects: Map<number, Effect> } | undefined;
    const messages: string[] = [];
    if (prepared.chain) {
      const step = prepared.chain.after(job, prepared.chain.start, results.get(job.hook)!);
      chainEnd = { event: step.next as never, effects: new Map([[job.hook, step.effect]]) };
      messages.push(...step.diagnostics.map((d) => d.message));
    }
    const settled = dialect.settle({ prepared, event: found.event, host: hostSettings, loaded, results, ...(chainEnd ? { chainEnd } : {}) } as never);
    const effect = settled.effects.get(job.hook) ?? chainEnd?.effects.get(job.hook) ?? 'none';
    messages.push(...settled.diagnostics.filter((d) => d.hook === job.hook || d.hook === undefined).filter((d) => d.level !== 'info' || d.code.startsWith('hook.')).map((d) => d.message));
    return { effect, messages, verdict: settled.verdict, results, job };
  } catch {
    return null;
  }
}

/** What the host does when the hook's program is missing (exit 127), in the words the run's own note uses. */
export function missingConsequence(dialect: Dialect, loaded: LoadResult, host: Record<string, unknown>, firing: Firing, program: string): string | null {
  const read = readAnswer(dialect, loaded, host, firing, { exitCode: 127, stdout: '', stderr: `sh: 1: ${program}: not found\n` });
  if (!read || !firing.plan) return null;
  const found = findEvent(dialect, firing.plan.event);
  if ('error' in found) return null;
  const [note] = missingProgramNotes({ label: dialect.label, event: found.event, results: read.results, effects: new Map([[read.job.hook, read.effect]]), verdict: read.verdict as never });
  // The note's middle: "<host> counts it as ... (...)".
  const m = note ? /\): (.*)\. Install the program/.exec(note.message) : null;
  return m ? m[1]! : null;
}

export type { HookEntry };
