import type { Diagnostic, Outcome, SessionEnd, SessionTool } from '../outcome.js';
import type { HostSettings } from '../scenario.js';
import type { JsonObject } from '../util/json.js';
import type { SessionStep } from './steps.js';

/**
 * A host's lifecycle is a generator: it yields what should happen next (fire an event, run a tool, make a model
 * request) and the engine's session player does it and hands back the result. So the dialect declares the order
 * of events and what each verdict does to the next step, and still never spawns or calls the run loop itself.
 */
export type SessionEffect =
  /** A new entry on the session's timeline: a user step (its index) or a phase the host adds (null). */
  | { kind: 'step'; step: number | null; label: string }
  /** Run one event through the one-event flow; answered with its Outcome. */
  | { kind: 'fire'; event: string; payload: JsonObject; host?: HostSettings }
  /** Run a shell tool's command in the project; answered with a ToolRun. */
  | { kind: 'tool'; command: string; shell?: 'bash' | 'sh'; mergeStderr?: boolean }
  /** What became of the current step's tool call. */
  | { kind: 'tool-record'; tool: SessionTool }
  /** A model request carrying these hook-made texts. */
  | { kind: 'model'; texts: string[] }
  | { kind: 'notice'; text: string }
  | { kind: 'diagnostic'; diagnostic: Diagnostic };

export interface ToolRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** stdout and stderr as one stream, in the order written (when asked for with mergeStderr). */
  output: string;
  ms: number;
  timedOut: boolean;
}

/** How a lifecycle ends; `observation` is the host's own summary, which its oracle compares with the real CLI. */
export interface LifecycleEnd extends SessionEnd {
  observation?: unknown;
}

export interface LifecycleInput<O = Record<string, unknown>> {
  steps: SessionStep[];
  host: HostSettings;
  files: Record<string, string>;
  /** The session's directories, for texts that name them. */
  paths: { project: string; home: string };
  /** Knobs the oracle sets to mirror how it launches the real CLI (a host's own, typed by its lifecycle). */
  options?: O;
}

export type LifecycleRun = Generator<SessionEffect, LifecycleEnd, unknown>;

export interface StepProblem {
  /** Index in `session.steps`. */
  step: number;
  /** Field inside the step, when the problem is about one. */
  field?: string;
  message: string;
}

export interface Lifecycle<O = Record<string, unknown>> {
  /** The step kinds this host's lifecycle plays beyond prompt, tool, approval, reply, interrupt and event. */
  supports?: readonly ('calls' | 'resume')[];
  /** Steps this host could never reach, found before anything runs. */
  check?(steps: SessionStep[], host: HostSettings): StepProblem[];
  play(input: LifecycleInput<O>): LifecycleRun;
}

// Typed wrappers: `const out = yield* fire(...)` gives an Outcome rather than `unknown`.
export function* fire(event: string, payload: JsonObject, host?: HostSettings): Generator<SessionEffect, Outcome, unknown> {
  return (yield { kind: 'fire', event, payload, ...(host ? { host } : {}) }) as Outcome;
}
export function* runTool(command: string, opts: { shell?: 'bash' | 'sh'; mergeStderr?: boolean } = {}): Generator<SessionEffect, ToolRun, unknown> {
  return (yield { kind: 'tool', command, ...opts }) as ToolRun;
}
export function* beginStep(step: number | null, label: string): Generator<SessionEffect, void, unknown> {
  yield { kind: 'step', step, label };
}
export function* recordTool(tool: SessionTool): Generator<SessionEffect, void, unknown> {
  yield { kind: 'tool-record', tool };
}
export function* modelRequest(texts: string[]): Generator<SessionEffect, void, unknown> {
  yield { kind: 'model', texts };
}
export function* notice(text: string): Generator<SessionEffect, void, unknown> {
  yield { kind: 'notice', text };
}
export function* diagnostic(d: Diagnostic): Generator<SessionEffect, void, unknown> {
  yield { kind: 'diagnostic', diagnostic: d };
}
