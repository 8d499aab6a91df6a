import { readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Dialect, HookEntry, Job, Prepared } from './dialects/dialect.js';
import { getDialect } from './dialects/index.js';
import type { Diagnostic, Effect, HookRecord, Outcome, RunPlan, TimelineEvent } from './outcome.js';
import { spawnHook } from './runner/spawn-hook.js';
import { killStrays } from './runner/strays.js';
import { supervisorBinary } from './runner/supervisor.js';
import { prepareSandboxRun, type SandboxConfig } from './runner/sandbox.js';
import { sandboxNotes } from './runner/sandbox-notes.js';
import { MODULE_RUNTIME } from './runner/plugin-runtime.js';
import type { ProcessResult } from './runner/types.js';
import type { EventScenario } from './scenario.js';
import { diag, ordinal } from './dialects/shared/results.js';
import { missingProgramNotes } from './dialects/shared/missing-program.js';
import { findEvent } from './validate.js';
import { isNoDecision, labelEvidence, noDecisionNote } from './no-decision.js';
import { disposeLater, materialize, workspaceOptions, type Workspace } from './workspace.js';
import type { JsonObject } from './util/json.js';

export interface RunOptions {
  /** Receives the timeline as it happens: run start with the plan, each hook's start, output and end, the outcome. */
  onEvent?: (event: TimelineEvent) => void;
  signal?: AbortSignal;
  /** Where run directories are created (default: the OS temp dir). */
  tmpDir?: string;
  /** Where PATH and LANG for hooks come from (default: this process). Nothing else of it reaches hooks. */
  env?: NodeJS.ProcessEnv;
  /** What one run may use; the defaults suit a local CLI, a server passes its own. */
  limits?: Partial<RunLimits>;
  /** Run in this workspace (a session's, which outlives each event) instead of a fresh one; it is not disposed. */
  workspace?: Workspace;
  /** Every hook runs in this sandbox (runner/sandbox.ts, from checkSandbox); never unsandboxed when it is set. */
  sandbox?: SandboxConfig;
}

export interface RunLimits {
  /** Hooks started per run; the rest are planned but not run, and the outcome says so. */
  maxHooks: number;
  /** Output kept across all hooks of a run (both pipes); past it, output is dropped and counted. */
  maxOutputBytes: number;
}

export const DEFAULT_RUN_LIMITS: RunLimits = { maxHooks: 64, maxOutputBytes: 16 * 1024 * 1024 };

export class RunCancelledError extends Error {
  constructor() {
    super('the run was cancelled');
    this.name = 'RunCancelledError';
  }
}

const DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/**
 * The one entry point: scenario in, outcome out, with every process started, streamed and cleaned up.
 * Rejects only with RunCancelledError (when `signal` aborts) or on an I/O failure of the workspace.
 */
export async function runScenario(scenario: EventScenario, options: RunOptions = {}): Promise<Outcome> {
  const t0 = performance.now();
  const now = () => Math.round((performance.now() - t0) * 10) / 10;
  const emit = options.onEvent ?? (() => {});
  const dialect = getDialect(scenario.dialect);
  const host = scenario.host ?? {};
  const loaded = dialect.load(scenario.files, host);
  const found = findEvent(dialect, scenario.event);
  if ('error' in found) {
    const outcome = emptyOutcome(scenario, labelEvidence([found.error, ...loaded.diagnostics]));
    emit({ type: 'run-start', atMs: now(), plan: { dialect: dialect.id, event: scenario.event, mode: dialect.mode, shell: dialect.process.shell.join(' '), hooks: [], diagnostics: outcome.diagnostics } });
    emit({ type: 'outcome', atMs: now(), outcome });
    return outcome;
  }
  if (options.signal?.aborted) throw new RunCancelledError();

  const ws = options.workspace ?? (await materialize(scenario.files, options.tmpDir, workspaceOptions(scenario, dialect.hostDirs?.(scenario.files, host))));
  // Scanning /proc for strays costs about as much as a hook's spawn: at most once per run, not again in `finally`.
  let straysKilled = false;
  try {
    const env = options.env ?? process.env;
    const baseEnv: Record<string, string> = {
      PATH: env.PATH ?? DEFAULT_PATH,
      LANG: env.LANG ?? 'C.UTF-8',
      ...host.env,
      HOME: ws.home,
      TMPDIR: ws.tmp,
    };
    const box = options.sandbox ? await prepareSandboxRun(options.sandbox, ws.root) : undefined;
    const prepared = dialect.prepare({ loaded, event: found.event, payload: scenario.payload as JsonObject, host, paths: ws, baseEnv, modules: MODULE_RUNTIME });
    const plan = planOf(dialect, scenario.event, prepared, [...loaded.diagnostics, ...prepared.diagnostics]);
    emit({ type: 'run-start', atMs: now(), plan });

    const limits = { ...DEFAULT_RUN_LIMITS, ...options.limits };
    const budget = { remaining: limits.maxOutputBytes };
    const jobs = prepared.jobs.slice(0, limits.maxHooks);
    const capNotes = prepared.jobs.length > jobs.length ? [hooksCapped(prepared.jobs.length, jobs.length)] : [];
    // Supervised, a hook that could leave something behind says so (`contained`), and then the scan is due anyway:
    // the snapshot only spares unsupervised runs (no perl) the scan when nothing new appeared.
    const pidsBefore = options.sandbox || supervisorBinary() ? null : livePids();
    const results = new Map<number, ProcessResult>();
    const runJob = async (job: Job): Promise<ProcessResult> => {
      let stdinShown = job.stdin;
      const result = await spawnHook(
        {
          shell: dialect.process.shell,
          command: job.command,
          cwd: job.cwd,
          env: job.env,
          stdin: job.stdin,
          timeoutMs: job.timeoutMs,
          kill: job.kill ?? dialect.process.kill,
          ...(job.groupLeader === false ? { groupLeader: false } : {}),
          capBytes: dialect.process.outputCap.bytesPerPipe,
          budget,
          ...(box ? { sandbox: box } : {}),
        },
        {
          now,
          onStart: (pid) => emit({ type: 'hook-start', atMs: now(), hook: job.hook, pid, stdin: stdinShown }),
          onOutput: (stream, data) => emit({ type: 'hook-output', atMs: now(), hook: job.hook, stream, data }),
          ...(options.signal ? { signal: options.signal } : {}),
        },
      );
      stdinShown = '';
      results.set(job.hook, result);
      emit({
        type: 'hook-end',
        atMs: now(),
        hook: job.hook,
        exitCode: result.exitCode,
        signal: result.signal,
        timedOut: result.timedOut,
        durationMs: Math.round(result.durationMs * 10) / 10,
        ...(result.spawnError !== undefined ? { error: result.spawnError } : {}),
      });
      return result;
    };

    let chainEnd: { event: JsonObject; effects: Map<number, Effect> } | undefined;
    const chainDiagnostics: Diagnostic[] = [];
    if (prepared.chain) {
      const chain = prepared.chain;
      let current = chain.start;
      const effects = new Map<number, Effect>();
      for (const job of jobs) {
        if (options.signal?.aborted) break;
        if (chain.stop?.(job, current)) break;
        const { stdin, env: jobEnv } = chain.before(job, current);
        const result = await runJob({ ...job, stdin, env: jobEnv });
        const step = chain.after(job, current, result);
        current = step.next;
        effects.set(job.hook, step.effect);
        chainDiagnostics.push(...step.diagnostics);
      }
      chainEnd = { event: current, effects };
    } else {
      await Promise.all(jobs.map(runJob));
    }
    if (options.signal?.aborted) throw new RunCancelledError();
    // Only a hook whose supervisor could not account for everything it started can have left something behind.
    const uncontained = [...results.values()].some((r) => !r.contained);
    const strays = uncontained && newProcessesSince(pidsBefore) ? killStrays(ws.home) : 0;
    straysKilled = true;
    const strayNotes = strays
      ? [diag('warning', 'hook.escaped-processes', `${strays} process${strays > 1 ? 'es' : ''} left the hooks' process groups (setsid or a double fork) and were still running after the hooks ended; hookplay killed ${strays > 1 ? 'them' : 'it'}. A real host would leave ${strays > 1 ? 'them' : 'it'} running.`)]
      : [];

    const settled = dialect.settle({ prepared, event: found.event, host, loaded, results, ...(chainEnd ? { chainEnd } : {}) });
    const outcome: Outcome = {
      hookplay: 1,
      dialect: dialect.id,
      event: scenario.event,
      verdict: settled.verdict,
      reason: settled.reason,
      ...(settled.shown ? { shown: settled.shown } : {}),
      updatedInput: settled.updatedInput ?? null,
      context: settled.context,
      halt: settled.halt,
      ...(settled.stopReason !== undefined ? { stopReason: settled.stopReason } : {}),
      eventOut: settled.eventOut ?? null,
      hooks: prepared.hooks.map((planned, index) => hookRecord(dialect, index, planned, results.get(index), settled.effects.get(index) ?? chainEnd?.effects.get(index), settled.hostReports?.get(index))),
      diagnostics: [...plan.diagnostics, ...capNotes, ...runnerNotes(dialect, results, limits), ...sandboxNotes(results, options.sandbox?.limits), ...strayNotes, ...chainDiagnostics, ...settled.diagnostics, ...missingProgramNotes({ label: dialect.label, event: found.event, results, effects: effectsOf(settled.effects, chainEnd?.effects), verdict: settled.verdict })],
    };
    if (isNoDecision(outcome)) outcome.diagnostics.push(noDecisionNote(outcome, dialect.label));
    dialect.evidence?.(outcome.diagnostics, loaded);
    labelEvidence(outcome.diagnostics);
    emit({ type: 'outcome', atMs: now(), outcome });
    return outcome;
  } finally {
    // Also on cancellation and errors: nothing started for this run may outlive it.
    if (!straysKilled) killStrays(ws.home);
    if (!options.workspace) disposeLater(ws);
  }
}

/** Each hook's effect as settle says it, else as its chain step did. */
function effectsOf(settled: Map<number, Effect>, chain: Map<number, Effect> | undefined): Map<number, Effect> {
  const out = new Map(chain ?? []);
  for (const [k, v] of settled) out.set(k, v);
  return out;
}

/** The pids alive now (one readdir of /proc), or null where there is no /proc to read. */
function livePids(): Set<string> | null {
  try {
    return new Set(readdirSync('/proc').filter((name) => name.charCodeAt(0) <= 57));
  } catch {
    return null;
  }
}

/**
 * Whether any process alive now was not alive before the hooks started. A stray (a hook's descendant that left
 * its process group) is such a process, so when there is none the per-process /proc scan of killStrays, which
 * reads every process's environment, can be skipped: on a quiet machine that is most of runScenario's cost
 * beyond the spawn. (A pid reused within one run, after the whole pid space wrapped around, would be missed.)
 */
function newProcessesSince(before: Set<string> | null): boolean {
  const now = livePids();
  if (before === null || now === null) return true;
  for (const pid of now) if (!before.has(pid)) return true;
  return false;
}

function planOf(dialect: Dialect<HookEntry>, event: string, prepared: Prepared<HookEntry>, diagnostics: Diagnostic[]): RunPlan {
  return {
    dialect: dialect.id,
    event,
    mode: dialect.mode,
    shell: dialect.process.shell.join(' '),
    hooks: prepared.hooks.map((h, index) => ({
      index,
      ...(h.entry.id !== undefined ? { id: h.entry.id } : {}),
      ...(h.entry.name !== undefined ? { name: h.entry.name } : {}),
      source: h.entry.source,
      ...(h.entry.line !== undefined ? { line: h.entry.line } : {}),
      matcher: h.entry.matcher ?? null,
      command: h.entry.command,
      matched: h.matched,
      why: h.why,
      ...(h.whyRule ? { whyRule: h.whyRule } : {}),
      ...(h.whyEvidence ? { whyEvidence: h.whyEvidence } : {}),
      duplicateOf: h.duplicateOf,
      timeoutMs: h.entry.timeoutMs,
      willRun: h.willRun,
    })),
    diagnostics,
  };
}

function hookRecord(
  dialect: Dialect<HookEntry>,
  index: number,
  planned: Prepared<HookEntry>['hooks'][number],
  result: ProcessResult | undefined,
  effect: Effect | undefined,
  hostReport: string | undefined,
): HookRecord {
  const { entry } = planned;
  const dropped = result ? result.dropped.stdout + result.dropped.stderr : 0;
  return {
    index,
    ...(entry.id !== undefined ? { id: entry.id } : {}),
    ...(entry.name !== undefined ? { name: entry.name } : {}),
    source: entry.source,
    ...(entry.line !== undefined ? { line: entry.line } : {}),
    matcher: entry.matcher ?? null,
    command: entry.command,
    matched: planned.matched,
    why: planned.why,
    ...(planned.whyRule ? { whyRule: planned.whyRule } : {}),
    ...(planned.whyEvidence ? { whyEvidence: planned.whyEvidence } : {}),
    ran: result !== undefined && result.spawnError === undefined,
    duplicateOf: planned.duplicateOf,
    exitCode: result?.exitCode ?? null,
    signal: result?.signal ?? null,
    timedOut: result?.timedOut ?? false,
    timeoutMs: entry.timeoutMs,
    startMs: result?.startMs ?? null,
    durationMs: result ? Math.round(result.durationMs * 10) / 10 : null,
    stdout: result?.stdout ?? '',
    stderr: result?.stderr ?? '',
    ...(dropped > 0 ? { truncated: truncationNote(dialect, result!) } : {}),
    ...(result?.limitHit ? { limitHit: result.limitHit } : {}),
    effect: effect ?? 'none',
    ...(hostReport !== undefined ? { hostReport } : {}),
  };
}

function truncationNote(dialect: Dialect<HookEntry>, result: ProcessResult): string {
  const cap = dialect.process.outputCap;
  const parts = (['stdout', 'stderr'] as const).filter((p) => result.dropped[p] > 0).map((p) => `${result.dropped[p]} bytes of ${p}`);
  const kib = `${Math.round(cap.bytesPerPipe / 1024)} KiB`;
  return cap.hostCap
    ? `${dialect.label} keeps ${kib} per pipe: ${parts.join(' and ')} dropped, as the host does`
    : `hookplay keeps ${kib} per pipe: ${parts.join(' and ')} not shown (${dialect.label} itself keeps everything)`;
}

function hooksCapped(planned: number, run: number): Diagnostic {
  return diag('warning', 'run.hooks-capped', `${planned} hooks would run for this event; hookplay runs at most ${run} per run, so the last ${planned - run} did not run (a real host would run them all)`);
}

function runnerNotes(dialect: Dialect<HookEntry>, results: Map<number, ProcessResult>, limits: RunLimits): Diagnostic[] {
  const notes: Diagnostic[] = [];
  const cut = [...results.values()].reduce((n, r) => n + (r.droppedByBudget ?? 0), 0);
  if (cut > 0) notes.push(diag('warning', 'run.output-capped', `the hooks of this run printed more than the ${Math.round(limits.maxOutputBytes / 1024)} KiB hookplay keeps per run: ${cut} bytes were dropped (each hook's share is in its "truncated" note)`));
  for (const [index, result] of results) {
    if (result.flooded) {
      notes.push(diag('warning', 'hook.output-flood', `${ordinal(index)} kept writing output far past what is kept (${result.flooded.afterBytes} bytes dropped); hookplay ended it with SIGKILL instead of reading until its timeout. A real host would keep reading it.`, { hook: index }));
    }
    if (result.escaped) {
      const n = result.escaped;
      notes.push(diag('warning', 'hook.escaped-processes', `${ordinal(index)} started ${n} process${n > 1 ? 'es' : ''} that left its process group (setsid, \`set -m\` job control or a double fork) and ${n > 1 ? 'were' : 'was'} still running when it ended; hookplay killed ${n > 1 ? 'them' : 'it'}. A real host would leave ${n > 1 ? 'them' : 'it'} running.`, { hook: index }));
    }
    if (result.dropped.stdout + result.dropped.stderr > 0) notes.push(diag('info', 'hook.output-capped', `${ordinal(index)}: ${truncationNote(dialect, result)}`, { hook: index }));
    if (result.leftovers) {
      notes.push(diag('info', 'hook.leftover-processes', `${ordinal(index)} exited but left background processes in its group; hookplay killed them so nothing outlives the run`, { hook: index }));
    }
    if (result.spawnError) notes.push(diag('warning', 'hook.spawn-failed', `${ordinal(index)} could not start: ${result.spawnError}`, { hook: index }));
  }
  return notes;
}

function emptyOutcome(scenario: EventScenario, diagnostics: Diagnostic[]): Outcome {
  return {
    hookplay: 1,
    dialect: scenario.dialect,
    event: scenario.event,
    verdict: 'proceed',
    reason: null,
    updatedInput: null,
    context: [],
    halt: false,
    eventOut: null,
    hooks: [],
    diagnostics,
  };
}
