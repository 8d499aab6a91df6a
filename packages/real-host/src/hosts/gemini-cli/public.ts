// What the Gemini CLI oracle (oracle/hosts/gemini-cli/run.mjs) and its replay test use of this host's adapter.
export { scriptOf, type GeminiScript } from './script.js';
export { runOnGemini } from './run.js';
export { compareGemini } from './compare.js';
export type { GeminiObservation } from './observe.js';
export { simulateSession, oracleSession, oracleScript, asOracleObservation, DEFAULT_TOOL, type OracleCase, type OracleObservation } from './oracle.js';
