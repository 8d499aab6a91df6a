/**
 * The engine's pure half: schemas, catalogs, validation and expectations. Safe for browsers (no process,
 * no filesystem); the web app imports only this.
 */
export * from './scenario.js';
export * from './outcome.js';
export * from './expect.js';
export { stepView, matchSessionExpectations, checkExpectations, hasExpectations, isSessionOutcome, type AnyOutcome } from './session/expect.js';
export { checkSession } from './session/check.js';
export { SessionStep, Session, stepKind, stepLabel, type StepKind } from './session/steps.js';
export * from './catalog.js';
export * from './validate.js';
export { evidenceLabel } from './evidence-label.js';
export { DIALECT_IDS, type DialectId } from './dialects/ids.js';
export type { EventSpec, ConfigFileSpec, VerifiedAgainst } from './dialects/dialect.js';
export { configSchemas } from './schemas.js';
export * from './port/index.js';
export { parseJsonDocument, type JsonDocument } from './util/positions.js';
export type { Json, JsonObject } from './util/json.js';
export { outcomeProblems, sessionProblems, type CheckContext } from './consistency/check.js';
export { CLAIMS, CONTRADICTIONS, type Claim } from './consistency/claims.js';
export { isHookplayNote } from './consistency/hookplay-notes.js';
