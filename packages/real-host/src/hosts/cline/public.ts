// What the Cline oracle (oracle/hosts/cline/run.mjs) and its replay test use of this host's adapter.
export { scriptOf, type ClineScript } from './script.js';
export { runOnCline } from './run.js';
export { emulateCline } from './emulate.js';
export { compareCline } from './compare.js';
export { oracleSession, type OracleCase } from './oracle.js';
