export * from './browser.js';
export { runScenario, RunCancelledError, DEFAULT_RUN_LIMITS, type RunOptions, type RunLimits } from './run.js';
export { materialize, type Workspace } from './workspace.js';
export { spawnHook, type SpawnSpec } from './runner/spawn-hook.js';
export { killAllHookGroups, liveHookGroupCount } from './runner/process-group.js';
export { killProcessesUnder } from './runner/strays.js';
export type { ProcessResult, KillSequence } from './runner/types.js';
export { getDialect, DIALECTS } from './dialects/index.js';
export type { Dialect } from './dialects/dialect.js';
