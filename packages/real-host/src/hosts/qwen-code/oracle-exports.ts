// What the old Qwen Code oracle (oracle/hosts/qwen-code/run.mjs) and its replay test use of the harness.
export { oracleSession, oracleView, runOracleCase, simulateQwenSession, compareOracle, ORACLE_FIELDS, DEFAULT_TOOL_INPUT, type OracleCase, type OracleObservation, type QwenSessionResult } from './oracle.js';
export { compareQwen } from './compare.js';
export type { QwenObservation, ToolSeen } from './observe.js';
