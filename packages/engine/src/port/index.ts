/** Porting a scenario to other hosts and laying their outcomes side by side. Pure: translation and comparison only. */
export { portScenario, type Ported } from './port-scenario.js';
export { PORT_TABLES } from './tables.js';
export { COMPARE_ROWS, Cell, HostColumn, Comparison, hostCells, markDifferences, type RowId } from './compare.js';
export * from './types.js';
export { readHooks, type ReadResult } from './read.js';
export { canonicalEvent } from './tables.js';
