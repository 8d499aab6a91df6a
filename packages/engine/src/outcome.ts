import { z } from 'zod';
import { DIALECT_IDS } from './dialects/ids.js';

/**
 * Where a rule comes from. `recorded`: a recording of the real host covers it and `npm test` replays that
 * recording (the case ids name the fixtures). `docs`: the host's documentation only, never checked on the real host.
 * `hookplay`: a note about hookplay itself (its limits, the version it plays), which no host is credited with.
 */
export const Evidence = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('recorded'), host: z.string(), version: z.string(), cases: z.array(z.string()).min(1) }),
  z.object({ kind: z.literal('docs'), source: z.string().optional() }),
  /** Not a rule of the host: hookplay's own limit, guard or summary (never credited to the host). */
  z.object({ kind: z.literal('hookplay') }),
]);
export type Evidence = z.infer<typeof Evidence>;

export const Diagnostic = z.object({
  level: z.enum(['error', 'warning', 'info']),
  /** Stable, greppable: `config.*` loading, `match.*` selection, `hook.*` one hook, `rule.*` how answers combined, `divergence.*` docs vs real host. */
  code: z.string(),
  message: z.string(),
  file: z.string().optional(),
  line: z.number().int().optional(),
  column: z.number().int().optional(),
  /** Index in `outcome.hooks` this note is about. */
  hook: z.number().int().optional(),
  /** Whether the rule this line states was observed on the real host, and in which recorded cases. */
  evidence: Evidence.optional(),
});
export type Diagnostic = z.infer<typeof Diagnostic>;

export const Verdict = z.enum(['proceed', 'allow', 'ask', 'block']);
export type Verdict = z.infer<typeof Verdict>;

export const Effect = z.enum(['none', 'allow', 'ask', 'block', 'rewrite', 'context', 'replace', 'error']);
export type Effect = z.infer<typeof Effect>;

export const HookRecord = z.object({
  index: z.number().int(),
  /** The host's own id for the entry where it has one (Mework handler ids). */
  id: z.number().int().optional(),
  name: z.string().optional(),
  source: z.string(),
  line: z.number().int().optional(),
  matcher: z.string().nullable().optional(),
  command: z.string(),
  matched: z.boolean(),
  /** Why the entry did or did not match, in plain words. */
  why: z.string(),
  /** The matching rule behind `why`, as a stable code, and whether it was recorded on the real host or is from the docs. */
  whyRule: z.string().optional(),
  whyEvidence: Evidence.optional(),
  ran: z.boolean(),
  duplicateOf: z.number().int().nullable(),
  exitCode: z.number().int().nullable(),
  signal: z.string().nullable(),
  timedOut: z.boolean(),
  timeoutMs: z.number(),
  startMs: z.number().nullable(),
  durationMs: z.number().nullable(),
  stdout: z.string(),
  stderr: z.string(),
  /** Set when output was cut at the cap: says how much was dropped. */
  truncated: z.string().optional(),
  /** Run sandboxed (`serve --sandbox`), the sandbox limit the hook ran into. */
  limitHit: z.enum(['processes', 'memory', 'cpu', 'file-size']).optional(),
  effect: Effect,
  /** How the host itself reports the hook's end, where it does (Claude Code: `success`, `error:<exit code>`, `cancelled`). */
  hostReport: z.string().optional(),
});
export type HookRecord = z.infer<typeof HookRecord>;

export const Outcome = z.object({
  hookplay: z.literal(1),
  dialect: z.enum(DIALECT_IDS),
  event: z.string(),
  verdict: Verdict,
  reason: z.string().nullable(),
  /**
   * What the hooks make the host show. `model`: every text the next model request carries because of them, in the
   * host's order; `toolResult`: the text that replaces the tool's output (a denied call); `user`: notices for the user.
   */
  shown: z.object({ model: z.string().optional(), user: z.string().optional(), toolResult: z.string().optional() }).optional(),
  updatedInput: z.unknown().nullable(),
  context: z.array(z.string()),
  halt: z.boolean(),
  stopReason: z.string().optional(),
  eventOut: z.unknown().nullable(),
  hooks: z.array(HookRecord),
  diagnostics: z.array(Diagnostic),
});
export type Outcome = z.infer<typeof Outcome>;

export const PlanHook = HookRecord.pick({
  index: true,
  id: true,
  name: true,
  source: true,
  line: true,
  matcher: true,
  command: true,
  matched: true,
  why: true,
  whyRule: true,
  whyEvidence: true,
  duplicateOf: true,
  timeoutMs: true,
}).extend({ willRun: z.boolean() });
export type PlanHook = z.infer<typeof PlanHook>;

export const RunPlan = z.object({
  dialect: z.enum(DIALECT_IDS),
  event: z.string(),
  /** `parallel`: all start at once, the host waits for all. `chain`: one after another, each sees the previous output. */
  mode: z.enum(['parallel', 'chain']),
  shell: z.string(),
  hooks: z.array(PlanHook),
  diagnostics: z.array(Diagnostic),
});
export type RunPlan = z.infer<typeof RunPlan>;

/** What a run reports while it happens; `atMs` counts from the run's start. */
export const TimelineEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('run-start'), atMs: z.number(), plan: RunPlan }),
  z.object({ type: z.literal('hook-start'), atMs: z.number(), hook: z.number().int(), pid: z.number().int().nullable(), stdin: z.string() }),
  z.object({
    type: z.literal('hook-output'),
    atMs: z.number(),
    hook: z.number().int(),
    stream: z.enum(['stdout', 'stderr']),
    data: z.string(),
  }),
  z.object({
    type: z.literal('hook-end'),
    atMs: z.number(),
    hook: z.number().int(),
    exitCode: z.number().int().nullable(),
    signal: z.string().nullable(),
    timedOut: z.boolean(),
    durationMs: z.number(),
    error: z.string().optional(),
  }),
  z.object({ type: z.literal('outcome'), atMs: z.number(), outcome: Outcome }),
]);
export type TimelineEvent = z.infer<typeof TimelineEvent>;

/** The tool call a session step made, and what became of it. */
export const SessionTool = z.object({
  name: z.string(),
  /** The input the tool ran with (after any rewrite), or the model's input when it did not run. */
  input: z.record(z.string(), z.unknown()),
  ran: z.boolean(),
  /** What the model is told the tool returned: its output, its error, or the denial that replaced it. */
  result: z.string().nullable(),
  isError: z.boolean(),
  /** Who decided it could run or not: `hook`, `rule` (a permission rule or mode), `user`, `host`. */
  decidedBy: z.string().nullable(),
  /** `run`: hookplay ran it for real; `given`: the scenario gave its result; `none`: it did not run. */
  source: z.enum(['run', 'given', 'none']),
  exitCode: z.number().int().nullable().optional(),
});
export type SessionTool = z.infer<typeof SessionTool>;

/** One entry of a session's timeline: a user step, or a phase the host adds (startup, a Stop continuation, shutdown). */
export const SessionStepRecord = z.object({
  /** Index in `session.steps`, or null for a phase the host adds by itself. */
  step: z.number().int().nullable(),
  label: z.string(),
  events: z.array(z.object({ event: z.string(), outcome: Outcome })),
  tool: SessionTool.optional(),
  /** Every hook-made text the model's next request carries, in the host's order, when a request follows this step. */
  model: z.array(z.string()).optional(),
  /** What the host shows the user at this step. */
  notices: z.array(z.string()),
  diagnostics: z.array(Diagnostic),
});
export type SessionStepRecord = z.infer<typeof SessionStepRecord>;

export const SessionEnd = z.object({
  /**
   * `completed`: every step played; `halted`: a hook's continue:false ended the session; `prompt-blocked`: a
   * prompt hook blocked the turn; `stop-cap`: the host's cap on Stop continuations; `interrupted`; `deferred`: a
   * hook deferred the tool call, or asked where nobody can answer (headless hosts exit there); `refused`: the host refused to start (its flags or
   * environment); `limit`: hookplay's own safety limit stopped a session the host would let run on (said as
   * hookplay's, never the host's); `invalid`: a step the host cannot reach, so nothing ran.
   */
  reason: z.enum(['completed', 'halted', 'prompt-blocked', 'stop-cap', 'interrupted', 'deferred', 'refused', 'limit', 'invalid']),
  message: z.string(),
  /** The user step at which it ended, when it did not play to the end. */
  step: z.number().int().nullable(),
});
export type SessionEnd = z.infer<typeof SessionEnd>;

export const SessionOutcome = z.object({
  hookplay: z.literal(1),
  dialect: z.enum(DIALECT_IDS),
  session: z.literal(true),
  steps: z.array(SessionStepRecord),
  ended: SessionEnd,
  /** Hook-made texts of the last model request: everything the model has been told by hooks at the end. */
  transcript: z.array(z.string()),
  /** User steps the host never reached (after the session ended). */
  skipped: z.array(z.number().int()),
  diagnostics: z.array(Diagnostic),
});
export type SessionOutcome = z.infer<typeof SessionOutcome>;

/**
 * What a session reports while it plays: a step begins, then each of its events streams as a one-event run
 * (run-start … outcome), then the tool and the model request; the session outcome comes last.
 */
export const SessionTimelineEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('session-step'), atMs: z.number(), index: z.number().int(), step: z.number().int().nullable(), label: z.string() }),
  z.object({ type: z.literal('session-event'), atMs: z.number(), index: z.number().int(), event: z.string() }),
  z.object({ type: z.literal('session-run'), atMs: z.number(), index: z.number().int(), run: TimelineEvent }),
  z.object({ type: z.literal('session-tool'), atMs: z.number(), index: z.number().int(), tool: SessionTool }),
  z.object({ type: z.literal('session-model'), atMs: z.number(), index: z.number().int(), model: z.array(z.string()) }),
  z.object({ type: z.literal('session-outcome'), atMs: z.number(), outcome: SessionOutcome }),
]);
export type SessionTimelineEvent = z.infer<typeof SessionTimelineEvent>;
