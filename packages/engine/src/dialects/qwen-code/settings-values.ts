import type { HostSettings } from '../../scenario.js';
import { isObject, type Json } from '../../util/json.js';
import { PROJECT_SETTINGS, USER_SETTINGS } from './config.js';
import { parseSettingsDocument } from './jsonc.js';
import { STOP_BLOCK_CAP } from './verified.js';

/**
 * Settings values the session reads beside hooks, merged as Qwen Code merges scopes: the user file, then the
 * project file over it when the folder is trusted (a project file that is not JSON counts as empty).
 */
export function settingsValue(files: Record<string, string>, host: HostSettings, read: (doc: Record<string, Json>) => Json | undefined): Json | undefined {
  let value: Json | undefined;
  for (const file of [USER_SETTINGS, PROJECT_SETTINGS]) {
    if (files[file] === undefined || (file === PROJECT_SETTINGS && host.trusted === false)) continue;
    const doc = parseSettingsDocument(files[file]!);
    if (!isObject(doc.value)) continue;
    const v = read(doc.value);
    if (v !== undefined) value = v;
  }
  return value;
}

/** Lists of both files add up (the user's first), as Qwen Code concatenates permission rules. */
export function settingsList(files: Record<string, string>, host: HostSettings, read: (doc: Record<string, Json>) => Json | undefined): string[] {
  const out: string[] = [];
  for (const file of [USER_SETTINGS, PROJECT_SETTINGS]) {
    if (files[file] === undefined || (file === PROJECT_SETTINGS && host.trusted === false)) continue;
    const doc = parseSettingsDocument(files[file]!);
    const v = isObject(doc.value) ? read(doc.value) : undefined;
    if (Array.isArray(v)) for (const x of v) if (typeof x === 'string' && x.trim() && !out.includes(x)) out.push(x);
  }
  return out;
}

const MAX_CAP = 100;
const normalize = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && Math.floor(v) >= 1 ? Math.min(Math.floor(v), MAX_CAP) : STOP_BLOCK_CAP);

/**
 * How many Stop blocks in a row Qwen Code takes before it ends the turn anyway (stopHookCap.ts in the bundle): a
 * non-empty QWEN_CODE_STOP_HOOK_BLOCK_CAP wins (a whole number, else 8), then the stopHookBlockingCap setting
 * (rounded down; below 1 or not a number: 8), at most 100.
 */
export function stopBlockCap(files: Record<string, string>, host: HostSettings): { cap: number; from: 'env' | 'setting' | 'default' } {
  const env = host.env?.QWEN_CODE_STOP_HOOK_BLOCK_CAP;
  if (env !== undefined && env.trim() !== '') return { cap: Number.isInteger(Number(env)) ? normalize(Number(env)) : STOP_BLOCK_CAP, from: 'env' };
  const setting = settingsValue(files, host, (d) => d.stopHookBlockingCap);
  return setting === undefined ? { cap: STOP_BLOCK_CAP, from: 'default' } : { cap: normalize(setting), from: 'setting' };
}
