import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { isObject } from '../util/json.js';
import { canonicalEvent } from './tables.js';
import type { PortableHook, PortTable } from './types.js';

export type ReadResult = { hooks: PortableHook[]; configFiles: string[]; kept?: string[] } | { error: string };

const HANDLER_KEYS = new Set(['type', 'command', 'bash', 'matcher', 'hooks']);

function jsonc(text: string, file: string): unknown {
  const errors: ParseError[] = [];
  const value = parseJsonc(text, errors, { allowTrailingComma: true });
  if (errors.length > 0) throw new Error(`${file} is not valid JSON (offset ${errors[0]!.offset}); fix it on the source host first`);
  return value;
}

function timeoutOf(handler: Record<string, unknown>, table: PortTable, keys: string[]): PortableHook['timeout'] {
  for (const key of keys) {
    const value = handler[key];
    if (typeof value === 'number') return { value, unit: table.timeout?.unit ?? 's', key };
  }
  return null;
}

/**
 * The hooks of a scenario as its host's config files declare them, with values as written (a timeout stays in the
 * source's unit). Malformed files are an error: porting a config the source host cannot read would be a guess.
 */
export function readHooks(table: PortTable, files: Record<string, string>, hostOrder: readonly string[] = []): ReadResult {
  // Hook files are their own scripts: the ported commands run them where they are, so they stay in the scenario.
  if (table.hookFiles) {
    const hooks = table.hookFiles.read(files);
    return { hooks, configFiles: [], kept: [...new Set(hooks.map((h) => h.file))] };
  }
  // In the order the host itself reads them (its dialect's load), so hooks keep their run order; the rest home first.
  const rank = (f: string) => (hostOrder.includes(f) ? hostOrder.indexOf(f) : hostOrder.length);
  const configFiles = Object.keys(files)
    .filter(table.reads)
    .sort((a, b) => rank(a) - rank(b) || Number(b.startsWith('~/')) - Number(a.startsWith('~/')) || a.localeCompare(b));
  const hooks: PortableHook[] = [];
  try {
    for (const file of configFiles) hooks.push(...readFile(table, file, files[file]!));
  } catch (e) {
    return { error: (e as Error).message };
  }
  return { hooks, configFiles };
}

function readFile(table: PortTable, file: string, text: string): PortableHook[] {
  const scope = file.startsWith('~/') ? 'user' : 'project';
  const timeoutKeys = table.shape === 'copilot' ? ['timeoutSec', 'timeout'] : [table.timeout?.key ?? 'timeout'];
  const make = (event: string, matcher: unknown, handler: Record<string, unknown>, command: unknown): PortableHook | null => {
    if (typeof command !== 'string') return null;
    const extra = Object.fromEntries(Object.entries(handler).filter(([k]) => !HANDLER_KEYS.has(k) && !timeoutKeys.includes(k) && k !== 'name'));
    return {
      event,
      canonical: canonicalEvent(table, event),
      matcher: typeof matcher === 'string' ? matcher : null,
      command,
      timeout: timeoutOf(handler, table, timeoutKeys),
      ...(typeof handler.name === 'string' ? { name: handler.name } : {}),
      extra,
      file,
      scope,
    };
  };
  const out: PortableHook[] = [];
  if (table.shape === 'mirri-toml') {
    const doc = parseToml(text) as Record<string, unknown>;
    for (const raw of Array.isArray(doc.hooks) ? doc.hooks : []) {
      if (!isObject(raw) || typeof raw.event !== 'string') continue;
      const hook = make(raw.event, raw.matcher, raw as Record<string, unknown>, raw.command);
      if (hook) out.push({ ...hook, extra: Object.fromEntries(Object.entries(hook.extra).filter(([k]) => k !== 'event')) });
    }
    return out;
  }
  const doc = file.endsWith('.toml') ? parseToml(text) : jsonc(text, file);
  if (!isObject(doc)) throw new Error(`${file} is not a JSON object`);
  if (table.shape === 'strix') {
    for (const raw of Array.isArray(doc.hooks) ? doc.hooks : []) {
      if (!isObject(raw)) continue;
      const events = Array.isArray(raw.events) ? raw.events : typeof raw.event === 'string' ? [raw.event] : [];
      for (const event of events) {
        if (typeof event !== 'string') continue;
        const hook = make(event, null, raw as Record<string, unknown>, raw.command);
        if (hook) out.push({ ...hook, extra: Object.fromEntries(Object.entries(hook.extra).filter(([k]) => k !== 'events' && k !== 'event')) });
      }
    }
    return out;
  }
  // groups, and Copilot's files, which take both Claude-style groups and flat entries
  if (!isObject(doc.hooks)) return out;
  for (const [event, list] of Object.entries(doc.hooks)) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      if (!isObject(item)) continue;
      if (Array.isArray(item.hooks)) {
        for (const handler of item.hooks) {
          if (!isObject(handler)) continue;
          const hook = make(event, item.matcher, handler, handler.command ?? handler.bash);
          if (hook) out.push(hook);
        }
      } else {
        const hook = make(event, item.matcher, item, item.command ?? item.bash);
        if (hook) out.push(hook);
      }
    }
  }
  return out;
}
