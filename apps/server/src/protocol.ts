/**
 * Every message between the playground and the server, declared once. The server parses what it receives
 * with `ClientMessage`, the web app parses what it receives with `ServerMessage`; both are discriminated
 * unions on `type`. Import this module from the browser: it pulls in only the engine's pure half.
 */
import { z } from 'zod';
import { Comparison, DIALECT_IDS, Diagnostic, HostColumn, Outcome, Scenario, SessionOutcome, SessionTimelineEvent, TimelineEvent } from '@hookplay/engine/browser';

export const PROTOCOL_VERSION = 1;
/** Token on the WebSocket: a subprotocol `hookplay.<token>` beside this one, or `?token=`. */
export const WS_SUBPROTOCOL = 'hookplay.v1';
export const WS_TOKEN_PREFIX = 'hookplay.token.';

export const RunId = z.string().min(1).max(64).regex(/^[\w.:-]+$/, 'run ids use letters, digits and . _ : -');

export const ClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('run'), id: RunId, scenario: Scenario }),
  z.object({ type: z.literal('cancel'), id: RunId }),
  /** Port the scenario to each host (default: all) and run every port; `cancel` with the same id stops it. */
  z.object({ type: z.literal('compare'), id: RunId, scenario: Scenario, hosts: z.array(z.enum(DIALECT_IDS)).min(1).optional(), renameTools: z.boolean().optional() }),
  /** Run the scenario on its host's real CLI (installed on the server) and through the engine; `cancel` stops it. */
  z.object({ type: z.literal('real'), id: RunId, scenario: Scenario, version: z.string().min(1).max(40).regex(/^[\w.-]+$/).optional() }),
]);

/** One field where the emulation and the real CLI part (path in the compared reading). */
export const RealDifference = z.object({ path: z.string(), what: z.string(), emulated: z.unknown(), real: z.unknown() });
export type RealDifference = z.infer<typeof RealDifference>;

/**
 * What the real CLI did, as a recorded case (packages/real-host/src/record.ts, the files under
 * oracle/recorded/<host>/<version>/ that `npm test` replays): the playground's "Save as a recorded case" downloads
 * it as it is. `played` and `observed` pass through untouched: the replay hashes `played` to notice a changed case.
 */
export const RecordedCaseFile = z.object({
  case: z.string(),
  title: z.string().optional(),
  host: z.object({ id: z.string(), version: z.string() }),
  recordedAt: z.string(),
  caseHash: z.string(),
  scenario: z.record(z.string(), z.unknown()),
  played: z.record(z.string(), z.unknown()),
  focus: z.string().nullable(),
  observed: z.unknown(),
  cli: z.object({ exitCode: z.number().nullable(), signal: z.string().nullable(), ms: z.number(), otherTraffic: z.array(z.object({ method: z.string(), url: z.string().optional() })) }),
});
export type RecordedCaseFile = z.infer<typeof RecordedCaseFile>;

/** A scenario on the real CLI beside the emulation: both readings, and where they part. */
export const RealResult = z.object({
  host: z.string(),
  version: z.string(),
  /** The version whose rules the emulation applied (the real one, unless hookplay does not model it). */
  emulatedVersion: z.string().nullable(),
  kind: z.enum(['event', 'session']),
  event: z.string().optional(),
  emulated: z.union([Outcome, SessionOutcome]),
  /** The emulation read as the real run is read: the two columns compare field by field. */
  emulatedView: z.record(z.string(), z.unknown()),
  /** Only what the harness observed on the real CLI; a field it cannot see is absent, never guessed. */
  real: z.record(z.string(), z.unknown()),
  differences: z.array(RealDifference),
  notes: z.array(z.string()),
  /** The real CLI's wall time. */
  ms: z.number(),
  /** The real side as a recorded case, ready to save under oracle/recorded/<host>/<version>/. */
  recording: RecordedCaseFile.optional(),
});
export type RealResult = z.infer<typeof RealResult>;

/** A real host CLI installed on the server, with its versions. */
export const RealHostInstalled = z.object({ host: z.string(), versions: z.array(z.string()) });
export type ClientMessage = z.infer<typeof ClientMessage>;
export type ClientMessageInput = z.input<typeof ClientMessage>;

export const Problem = z.object({ path: z.string(), message: z.string() });
export type Problem = z.infer<typeof Problem>;

export const Limits = z.object({
  maxPayloadBytes: z.number(),
  maxRunsPerConnection: z.number(),
  maxRunsTotal: z.number(),
  maxFiles: z.number(),
  maxScenarioBytes: z.number(),
  /** Nesting of `[` and `{` in any JSON the server reads. */
  maxJsonDepth: z.number(),
  /** WebSocket connections at once; more are refused with 503. */
  maxConnections: z.number(),
  /** Hooks a run starts; the rest are planned but not run, and the outcome says so. */
  maxHooksPerRun: z.number(),
  /** Hook output a run keeps, all hooks and both pipes together. */
  maxRunOutputBytes: z.number(),
  /** Bytes queued for a client that does not read; past it the client is told (close reason) and dropped. */
  maxQueuedBytes: z.number(),
});
export type Limits = z.infer<typeof Limits>;

export const ServerMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    protocol: z.literal(PROTOCOL_VERSION),
    version: z.string(),
    limits: Limits,
    /** On a team server (`serve --team`): who this connection signed in as, and that "Copy link" makes a short link. */
    team: z.object({ user: z.string(), shortLinks: z.boolean() }).optional(),
    /** The real host CLIs this server can run ("Check on the real CLI"); the others say how to install them. */
    realHosts: z.array(RealHostInstalled).optional(),
  }),
  /** One timeline event of run `id`; `seq` counts from 0 per run, with no gaps (skipped output is a `gap` message with its own seq). */
  z.object({ type: z.literal('timeline'), id: z.string(), seq: z.number().int().nonnegative(), event: z.union([TimelineEvent, SessionTimelineEvent]) }),
  /** The run ended without an outcome because the client cancelled it; every process is gone. */
  z.object({ type: z.literal('cancelled'), id: z.string(), seq: z.number().int().nonnegative() }),
  /**
   * The run was not started: `busy` (too many runs), `invalid` (bad scenario, or a part the real host cannot play:
   * `problems` names it), `duplicate` (id in use), `unavailable` (the real CLI is not installed on the server).
   */
  z.object({
    type: z.literal('rejected'),
    id: z.string(),
    reason: z.enum(['busy', 'invalid', 'duplicate', 'too-large', 'unavailable']),
    message: z.string(),
    problems: z.array(Problem).optional(),
  }),
  /**
   * Live output of hook `hook` that this client did not get because it fell behind (its queue was over the
   * backpressure mark): `bytes` in `chunks` chunks, skipped just before this point of the timeline. The
   * outcome still has all the output that was kept. Takes a `seq` like a timeline event.
   */
  z.object({
    type: z.literal('gap'),
    id: z.string(),
    seq: z.number().int().nonnegative(),
    hook: z.number().int(),
    stream: z.enum(['stdout', 'stderr']),
    /** In a session: the timeline entry (session-step index) the hook belongs to. */
    step: z.number().int().optional(),
    bytes: z.number().int().nonnegative(),
    chunks: z.number().int().nonnegative(),
  }),
  /** One host's column of comparison `id`, as soon as that host has run. */
  z.object({ type: z.literal('compare-host'), id: z.string(), column: HostColumn }),
  /** The whole comparison `id`, differences marked: the last message of a comparison. */
  z.object({ type: z.literal('comparison'), id: z.string(), comparison: Comparison }),
  /** Progress of real run `id`: the CLI starting, each hook, the model's turns, each prompt answered. */
  z.object({ type: z.literal('real-progress'), id: z.string(), line: z.string() }),
  /** The last message of real run `id`: both sides and their differences. */
  z.object({ type: z.literal('real-result'), id: z.string(), result: RealResult }),
  /** A message the server could not take at all (not JSON, unknown type, ...), or a server failure of run `id`. */
  z.object({ type: z.literal('error'), id: z.string().optional(), message: z.string() }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/** POST /api/validate */
export const ValidateRequest = z.object({ scenario: z.unknown() });
export const ValidateResponse = z.object({
  ok: z.boolean(),
  /** Scenario-format problems (wrong field, bad path). */
  problems: z.array(Problem),
  /** Host config problems with file, line and column, for editor markers. */
  diagnostics: z.array(Diagnostic),
});
export type ValidateResponse = z.infer<typeof ValidateResponse>;

/** POST /api/compare-versions: one scenario run on every listed version of its host, and where outcomes differ. */
export const CompareVersionsRequest = z.object({ scenario: z.unknown() });
const VersionRun = z.object({ version: z.string(), verdict: z.string(), reason: z.string().nullable(), updatedInput: z.unknown(), model: z.string().nullable(), toolResult: z.string().nullable(), halt: z.boolean(), error: z.string().nullable(), racy: z.array(z.string()), effects: z.array(z.string()).optional(), context: z.array(z.string()).optional(), user: z.string().nullable().optional() });
const Difference = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });
const RuleChange = z.object({ rule: z.string(), from: z.string(), to: z.string(), cases: z.array(z.string()) });
export const VersionComparison = z.object({
  host: z.string(),
  versions: z.array(VersionRun),
  /** Between two neighbouring listed versions whose outcomes differ: what differs, and the rules that changed. */
  changes: z.array(z.object({ from: z.string(), to: z.string(), differences: z.array(Difference), rules: z.array(RuleChange), onlyFrom: z.array(z.string()), onlyTo: z.array(z.string()), racy: z.boolean() })),
});
export type VersionComparison = z.infer<typeof VersionComparison>;

/** GET /api/dialects */
export interface DialectsResponse {
  version: string;
  dialects: import('@hookplay/engine/browser').DialectInfo[];
  schemas: ReturnType<typeof import('@hookplay/engine/browser').configSchemas>;
}
