/**
 * Every message between the playground and the server, declared once. The server parses what it receives
 * with `ClientMessage`, the web app parses what it receives with `ServerMessage`; both are discriminated
 * unions on `type`. Import this module from the browser: it pulls in only the engine's pure half.
 */
import { z } from 'zod';
import { Diagnostic, Scenario, SessionTimelineEvent, TimelineEvent } from '@hookplay/engine/browser';

export const PROTOCOL_VERSION = 1;
/** Token on the WebSocket: a subprotocol `hookplay.<token>` beside this one, or `?token=`. */
export const WS_SUBPROTOCOL = 'hookplay.v1';
export const WS_TOKEN_PREFIX = 'hookplay.token.';

export const RunId = z.string().min(1).max(64).regex(/^[\w.:-]+$/, 'run ids use letters, digits and . _ : -');

export const ClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('run'), id: RunId, scenario: Scenario }),
  z.object({ type: z.literal('cancel'), id: RunId }),
]);
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
  z.object({ type: z.literal('hello'), protocol: z.literal(PROTOCOL_VERSION), version: z.string(), limits: Limits }),
  /** One timeline event of run `id`; `seq` counts from 0 per run, with no gaps (skipped output is a `gap` message with its own seq). */
  z.object({ type: z.literal('timeline'), id: z.string(), seq: z.number().int().nonnegative(), event: z.union([TimelineEvent, SessionTimelineEvent]) }),
  /** The run ended without an outcome because the client cancelled it; every process is gone. */
  z.object({ type: z.literal('cancelled'), id: z.string(), seq: z.number().int().nonnegative() }),
  /** The run was not started: `busy` (too many runs), `invalid` (bad scenario), `duplicate` (id in use). */
  z.object({
    type: z.literal('rejected'),
    id: z.string(),
    reason: z.enum(['busy', 'invalid', 'duplicate', 'too-large']),
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

/** GET /api/dialects */
export interface DialectsResponse {
  version: string;
  dialects: import('@hookplay/engine/browser').DialectInfo[];
  schemas: ReturnType<typeof import('@hookplay/engine/browser').configSchemas>;
}
