// What the Copilot CLI oracle (oracle/hosts/copilot-cli/run.mjs) and its replay test use of this host's adapter.
export { scriptOf, DEFAULT_ARGS, type CopilotScript } from './script.js';
export { runOnCopilot } from './run.js';
export { compareCopilot } from './compare.js';
export type { CopilotObservation, Message } from './observe.js';
export { simulateSession, oracleSession, countLogged, asOracleObservation, type OracleCase, type OracleObservation } from './oracle.js';
