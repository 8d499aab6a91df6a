import type { Dialect, HookEntry } from './dialect.js';
import type { DialectId } from './ids.js';
import { mirri } from './mirri/index.js';

export const DIALECTS: Record<DialectId, Dialect<HookEntry>> = {
  mirri: mirri as unknown as Dialect<HookEntry>,
} as Record<DialectId, Dialect<HookEntry>>;

export function getDialect(id: DialectId): Dialect<HookEntry> {
  const dialect = DIALECTS[id];
  if (!dialect) throw new Error(`unknown dialect "${id}"`);
  return dialect;
}
