// What the old Codex oracle (oracle/hosts/codex/run.mjs) and its replay test use of the harness.
export { oracleSession, oracleView, runOracleCase, simulateCodexSession, ORACLE_FIELDS, type OracleCase, type CodexSessionResult } from './oracle.js';
export { compareOracle, compareCodex, noticeKey } from './compare.js';
export { OPENAI_API_KEY } from './run.js';
export type { CodexObservation, CodexCallObservation } from './observe.js';
