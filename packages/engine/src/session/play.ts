import { performance } from 'node:perf_hooks';
import { getDialect } from '../dialects/index.js';
import type { Diagnostic, Outcome, SessionOutcome, SessionStepRecord, SessionTimelineEvent } from '../outcome.js';
import { RunCancelledError, runScenario, type RunOptions } from '../run.js';
import type { SessionScenario } from '../scenario.js';
import type { JsonObject } from '../util/json.js';
import { prepareSandboxRun } from '../runner/sandbox.js';
import { materialize, workspaceOptions } from '../workspace.js';
import { checkSession } from './check.js';
import type { LifecycleEnd, SessionEffect } from './effects.js';
import { stepKind } from './steps.js';
import { labelEvidence } from '../no-decision.js';
import { runShellTool } from './tool.js';

export interface SessionOptions extends Omit<RunOptions, 'onEvent'> {
  onEvent?: (event: SessionTimelineEvent) => void;
  /** The oracle's knobs for the host's lifecycle (how it launched the real CLI). */
  lifecycleOptions?: Record<string, unknown>;
}

export interface PlayedSession {
  outcome: SessionOutcome;
  /** The host's own summary the lifecycle returned (its oracle's observation). */
  observation?: unknown;
  /** When each model request was made, in ms from the session's start. */
  requestTimes: number[];
}

/**
 * Plays a session scenario: checks its steps, then steps it through the dialect's lifecycle, doing each effect the
 * lifecycle asks for (events through the one-event flow, the shell tool for real) in one workspace that lives for
 * the whole session, as a real host's project directory does.
 */
export async function playSession(scenario: SessionScenario, options: SessionOptions = {}): Promise<PlayedSession> {
  const t0 = performance.now();
  const now = () => Math.round((performance.now() - t0) * 10) / 10;
  const emit = options.onEvent ?? (() => {});
  const dialect = getDialect(scenario.dialect);
  const problems = checkSession(scenario);
  if (problems.length || !dialect.lifecycle) {
    const outcome = invalidOutcome(scenario, problems);
    emit({ type: 'session-outcome', atMs: now(), outcome });
    return { outcome, requestTimes: [] };
  }

  const ws = await materialize(scenario.files, options.tmpDir, workspaceOptions(scenario, dialect.hostDirs?.(scenario.files, scenario.host ?? {})));
  const box = options.sandbox
    ? await prepareSandboxRun(options.sandbox, ws.root).catch(async (e: unknown) => {
        await ws.dispose();
        throw e;
      })
    : undefined;
  const records: SessionStepRecord[] = [];
  const versionNotes = new Set<string>();
  const requestTimes: number[] = [];
  const reached = new Set<number>();
  let lastModel: string[] = [];
  const current = (): SessionStepRecord => {
    // A lifecycle that fires before naming a step still gets a timeline entry.
    if (!records.length) begin(null, 'session');
    return records[records.length - 1]!;
  };
  const begin = (step: number | null, label: string) => {
    records.push({ step, label, events: [], notices: [], diagnostics: [] });
    if (step !== null) reached.add(step);
    emit({ type: 'session-step', atMs: now(), index: records.length - 1, step, label });
  };

  const host = scenario.host ?? {};
  const run = dialect.lifecycle.play({
    steps: scenario.session.steps,
    host,
    files: scenario.files,
    paths: { project: ws.project, home: ws.home },
    ...(options.lifecycleOptions ? { options: options.lifecycleOptions } : {}),
  });

  let end: LifecycleEnd;
  try {
    let answer: unknown;
    for (;;) {
      if (options.signal?.aborted) throw new RunCancelledError();
      const next = run.next(answer);
      if (next.done) {
        end = next.value;
        break;
      }
      answer = await perform(next.value);
    }
  } finally {
    await ws.dispose();
  }

  async function perform(effect: SessionEffect): Promise<unknown> {
    switch (effect.kind) {
      case 'step':
        begin(effect.step, effect.label);
        return undefined;
      case 'fire': {
        const record = current();
        const index = records.length - 1;
        emit({ type: 'session-event', atMs: now(), index, event: effect.event });
        const outcome: Outcome = await runScenario(
          { hookplay: 1, dialect: scenario.dialect, host: effect.host ?? host, files: scenario.files, event: effect.event, payload: effect.payload as JsonObject },
          {
            ...options,
            workspace: ws,
            onEvent: (e) => emit({ type: 'session-run', atMs: now(), index, run: e }),
          },
        );
        // The version notice is about the whole session: said at its first event, not again at every one.
        outcome.diagnostics = outcome.diagnostics.filter((d) => !d.code.startsWith('config.version-') || !versionNotes.has(d.message));
        for (const d of outcome.diagnostics) if (d.code.startsWith('config.version-')) versionNotes.add(d.message);
        record.events.push({ event: effect.event, outcome });
        return outcome;
      }
      case 'tool':
        return runShellTool(effect.command, ws, {
          ...(effect.shell ? { shell: effect.shell } : {}),
          ...(effect.mergeStderr ? { mergeStderr: true } : {}),
          ...(options.env ? { env: options.env } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
          ...(box ? { sandbox: box } : {}),
        });
      case 'tool-record': {
        // What became of a call belongs to the tool step that made it, even when an approval step came in between.
        current();
        const ofTool = records.findLastIndex((r) => r.step !== null && ['tool', 'calls'].includes(stepKind(scenario.session.steps[r.step]!)));
        const at = ofTool >= 0 ? ofTool : records.length - 1;
        records[at]!.tool = effect.tool;
        emit({ type: 'session-tool', atMs: now(), index: at, tool: effect.tool });
        return undefined;
      }
      case 'model':
        requestTimes.push(now());
        current().model = effect.texts;
        lastModel = effect.texts;
        emit({ type: 'session-model', atMs: now(), index: records.length - 1, model: effect.texts });
        return undefined;
      case 'notice':
        current().notices.push(effect.text);
        return undefined;
      case 'diagnostic':
        current().diagnostics.push(...labelEvidence([effect.diagnostic]));
        return undefined;
    }
  }

  const { observation, ...ended } = end!;
  const skipped = scenario.session.steps.map((_, i) => i).filter((i) => !reached.has(i));
  const outcome: SessionOutcome = {
    hookplay: 1,
    dialect: scenario.dialect,
    session: true,
    steps: records,
    ended,
    transcript: lastModel,
    skipped,
    diagnostics: labelEvidence(skipped.length ? [skippedNote(skipped, ended.message)] : []),
  };
  emit({ type: 'session-outcome', atMs: now(), outcome });
  return { outcome, ...(observation !== undefined ? { observation } : {}), requestTimes };
}

function skippedNote(skipped: number[], why: string): Diagnostic {
  const list = skipped.map((i) => i + 1).join(', ');
  return { level: 'info', code: 'session.steps-not-reached', message: `step${skipped.length > 1 ? 's' : ''} ${list} never happened: ${why}` };
}

function invalidOutcome(scenario: SessionScenario, diagnostics: Diagnostic[]): SessionOutcome {
  return {
    hookplay: 1,
    dialect: scenario.dialect,
    session: true,
    steps: [],
    ended: { reason: 'invalid', message: 'the session has steps the host cannot reach, so nothing ran', step: null },
    transcript: [],
    skipped: scenario.session.steps.map((_, i) => i),
    diagnostics,
  };
}
