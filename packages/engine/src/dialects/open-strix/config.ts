import type { Diagnostic } from '../../outcome.js';
import { isObject, type Json, type JsonObject } from '../../util/json.js';
import { parseJsonDocument, type JsonDocument } from '../../util/positions.js';
import { closest } from '../../util/suggest.js';
import type { HookEntry, LoadResult } from '../dialect.js';
import { diag } from '../shared/results.js';
import { parseChatHistory } from './conversation.js';
import { STRIX_EVENT_NAMES } from './events.js';
import { comparePaths, pyFloat, pyStr, pyStrip, pyTruthy } from './python.js';

export const HOOKS_FILE = /^skills\/(?:.+\/)?hooks\.json$/;
export const CHAT_HISTORY = 'logs/chat-history.jsonl';
export const DEFAULT_TIMEOUT_S = 10;
/** Node timers overflow past 2^31-1 ms (about 24.8 days) and would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const KNOWN_FIELDS = ['name', 'command', 'events', 'event', 'env', 'timeout_seconds', 'include_conversation'];

export interface StrixEntry extends HookEntry {
  name: string;
  events: string[];
  env: Record<string, string>;
  /** Project-relative directory holding the hooks.json: STATE_DIR and the cwd. */
  skillDir: string;
  timeoutSeconds: number;
  includeConversation: boolean;
  /** Why Python refuses to start this hook (subprocess raises before exec), or null. */
  execProblem: string | null;
}

export interface StrixSettings {
  /** Messages from logs/chat-history.jsonl, as open-strix loads them for include_conversation hooks. */
  chatHistory: JsonObject[] | null;
}

function describeType(value: Json | undefined): string {
  if (value === undefined) return 'missing';
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

type Field<T> = { value: T; notes: Diagnostic[] } | { missing: string; notes: Diagnostic[] };

/**
 * `str(entry.get(key, "")).strip()`, read the docs' way: a required text field. Numbers and booleans are
 * converted as Python does; null, lists and objects count as missing (the real host would stringify them).
 */
function requiredText(entry: JsonObject, key: 'name' | 'command', label: string, at: Partial<Diagnostic>): Field<string> {
  const raw = entry[key];
  const notes: Diagnostic[] = [];
  if (raw === undefined) return { missing: `no "${key}"`, notes };
  if (typeof raw === 'string') {
    const value = pyStrip(raw);
    return value ? { value, notes } : { missing: `"${key}" is empty`, notes };
  }
  if (typeof raw === 'number' || typeof raw === 'boolean') {
    notes.push(diag('warning', 'config.field-coerced', `${label} "${key}" is ${describeType(raw)}; open-strix converts it with str() to "${pyStr(raw)}"`, at));
    return { value: pyStrip(pyStr(raw)), notes };
  }
  notes.push(
    diag('info', 'divergence.field-stringified', `${label} "${key}" is ${describeType(raw)}: the docs require a ${key}, so hookplay drops the entry; the real open-strix converts it with str() to ${JSON.stringify(pyStr(raw))} and keeps it`, at),
  );
  return { missing: `"${key}" is ${describeType(raw)}`, notes };
}

/** `events` (a list), else a single `event`; any unknown name drops the whole entry. */
function readEvents(entry: JsonObject, label: string, at: Partial<Diagnostic>): Field<string[]> {
  const notes: Diagnostic[] = [];
  let raw: Json | undefined;
  let from = 'events';
  if ('events' in entry) {
    raw = entry.events;
    if ('event' in entry) notes.push(diag('info', 'config.event-ignored', `${label} has both "events" and "event": open-strix reads "events" and ignores "event"`, at));
  } else if ('event' in entry) {
    raw = [entry.event!];
    from = 'event';
  } else {
    return { missing: 'no "events" (or a single "event")', notes };
  }
  if (!Array.isArray(raw)) return { missing: `"events" must be a list, not ${describeType(raw)}`, notes };
  const names = raw.map((item) => pyStrip(pyStr(item))).filter((name) => name !== '');
  const invalid = names.filter((name) => !STRIX_EVENT_NAMES.includes(name));
  if (invalid.length > 0) {
    const hints = invalid.map((name) => {
      const hint = closest(name, STRIX_EVENT_NAMES);
      return `"${name}"${hint ? ` (did you mean "${hint}"?)` : ''}`;
    });
    return { missing: `"${from}" names ${invalid.length > 1 ? 'unknown events' : 'an unknown event'} ${hints.join(', ')}; valid events are ${STRIX_EVENT_NAMES.join(', ')}`, notes };
  }
  if (names.length === 0) return { missing: `"${from}" lists no event`, notes };
  return { value: [...new Set(names)], notes };
}

function readEnv(entry: JsonObject, label: string, at: (key?: string) => Partial<Diagnostic>, notes: Diagnostic[]): Record<string, string> {
  const raw = entry.env;
  if (raw === undefined) return {};
  if (!isObject(raw)) {
    notes.push(diag('warning', 'config.env-ignored', `${label} "env" is ${describeType(raw)}, not an object: open-strix uses {} instead`, at('env')));
    return {};
  }
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    env[key] = pyStr(value);
    if (typeof value !== 'string') {
      notes.push(diag('info', 'config.env-coerced', `${label} env ${key} is ${describeType(value)}; open-strix converts it with str() to ${JSON.stringify(pyStr(value))}`, at('env')));
    }
  }
  return env;
}

function readTimeout(entry: JsonObject, label: string, at: Partial<Diagnostic>, notes: Diagnostic[]): number {
  if (!('timeout_seconds' in entry)) return DEFAULT_TIMEOUT_S;
  const raw = entry.timeout_seconds!;
  if (typeof raw === 'number') {
    if (raw > 0) return raw;
    notes.push(diag('warning', 'config.timeout-default', `${label} timeout_seconds ${raw} is not positive: open-strix uses the default ${DEFAULT_TIMEOUT_S} s`, at));
    return DEFAULT_TIMEOUT_S;
  }
  notes.push(diag('warning', 'config.timeout-default', `${label} timeout_seconds is ${describeType(raw)}, not a number: open-strix uses the default ${DEFAULT_TIMEOUT_S} s`, at));
  const real = pyFloat(raw);
  if (real !== null && (real > 0 || Number.isNaN(real))) {
    notes.push(
      diag('info', 'divergence.timeout-float', `${label} timeout_seconds ${JSON.stringify(raw)}: the docs fall back to ${DEFAULT_TIMEOUT_S} s (hookplay follows them); the real open-strix reads it with float() as ${pyStr(real)} s`, at),
    );
  }
  return DEFAULT_TIMEOUT_S;
}

/** What makes Python's subprocess raise before the shell starts: logged as hook_exec_error. */
function execProblem(name: string, command: string, env: Record<string, string>): string | null {
  if (command.includes('\0')) return 'the command contains a NUL byte (ValueError: embedded null byte)';
  if (name.includes('\0')) return 'HOOK_NAME would contain a NUL byte (ValueError: embedded null byte)';
  for (const [key, value] of Object.entries(env)) {
    if (key.includes('=')) return `env name ${JSON.stringify(key)} contains "=" (ValueError: illegal environment variable name)`;
    if (key.includes('\0') || value.includes('\0')) return `env ${JSON.stringify(key)} contains a NUL byte (ValueError: embedded null byte)`;
  }
  return null;
}

function loadFile(file: string, text: string, entries: StrixEntry[], diagnostics: Diagnostic[]): void {
  const doc: JsonDocument = parseJsonDocument(text);
  if (doc.error) {
    diagnostics.push(
      diag('error', 'config.hook_invalid_json', `hook_invalid_json: ${doc.error.message}; open-strix skips ${file}, so none of its hooks load`, { file, line: doc.error.line, column: doc.error.column }),
    );
    return;
  }
  const root = doc.value!;
  const where = (path: (string | number)[]): Partial<Diagnostic> => ({ file, ...(doc.locate(path) ?? { line: 1, column: 1 }) });
  if (!isObject(root)) {
    diagnostics.push(diag('error', 'config.hook_invalid_format', `hook_invalid_format: expected a JSON object with 'hooks' key, not ${describeType(root)}; open-strix skips ${file}`, where([])));
    return;
  }
  if (!Array.isArray(root.hooks)) {
    const what = root.hooks === undefined ? "there is no 'hooks' key" : `'hooks' is ${describeType(root.hooks)}`;
    diagnostics.push(diag('error', 'config.hook_invalid_format', `hook_invalid_format: 'hooks' key must be an array (${what}); open-strix skips ${file}`, where(['hooks'])));
    return;
  }
  for (const key of Object.keys(root)) {
    if (key !== 'hooks') diagnostics.push(diag('info', 'config.unknown-key', `"${key}" is not read by open-strix; only "hooks" is`, where([key])));
  }

  const skillDir = file.slice(0, file.lastIndexOf('/'));
  root.hooks.forEach((item, i) => {
    const label = `hooks[${i}]`;
    const at = (key?: string): Partial<Diagnostic> => where(key === undefined ? ['hooks', i] : ['hooks', i, key]);
    if (!isObject(item)) {
      diagnostics.push(diag('warning', 'config.entry-not-object', `${label} is ${describeType(item)}, not an object: open-strix skips it without logging anything`, at()));
      return;
    }
    const notes: Diagnostic[] = [];
    for (const key of Object.keys(item)) {
      if (KNOWN_FIELDS.includes(key)) continue;
      // `timeout` for `timeout_seconds` is too far for an edit distance, so prefixes count too.
      const hint = closest(key, KNOWN_FIELDS) ?? KNOWN_FIELDS.find((f) => key.length >= 4 && (f.startsWith(key) || key.startsWith(f)));
      notes.push(diag('info', 'config.unknown-field', `${label} "${key}" is not an open-strix field and is ignored${hint ? ` (did you mean "${hint}"?)` : ''}`, at(key)));
    }
    const name = requiredText(item, 'name', label, at('name'));
    const command = requiredText(item, 'command', label, at('command'));
    const events = readEvents(item, label, at('events' in item ? 'events' : 'event'));
    notes.push(...name.notes, ...command.notes, ...events.notes);
    const missing = [name, command, events].flatMap((f) => ('missing' in f ? [f.missing] : []));
    if (!('value' in name) || !('value' in command) || !('value' in events)) {
      diagnostics.push(...notes);
      diagnostics.push(diag('error', 'config.hook_missing_fields', `hook_missing_fields: ${label}${'value' in name ? ` ("${name.value}")` : ''}: ${missing.join('; ')}; open-strix drops this entry`, at()));
      return;
    }
    const env = readEnv(item, label, at, notes);
    const timeoutSeconds = readTimeout(item, label, at('timeout_seconds'), notes);
    let timeoutMs = timeoutSeconds * 1000;
    if (timeoutMs > MAX_TIMER_MS) {
      notes.push(diag('info', 'config.timeout-capped', `${label} timeout_seconds ${timeoutSeconds} is longer than hookplay can wait; it waits ${Math.floor(MAX_TIMER_MS / 86_400_000)} days at most`, at('timeout_seconds')));
      timeoutMs = MAX_TIMER_MS;
    }
    let includeConversation = false;
    if ('include_conversation' in item) {
      const raw = item.include_conversation!;
      includeConversation = pyTruthy(raw);
      if (typeof raw !== 'boolean') {
        notes.push(diag('warning', 'config.field-coerced', `${label} include_conversation is ${describeType(raw)}; open-strix reads it with bool() as ${includeConversation ? 'True' : 'False'}`, at('include_conversation')));
      }
    }
    diagnostics.push(...notes);
    entries.push({
      event: events.value.join(', '),
      events: events.value,
      name: name.value,
      command: command.value,
      matcher: null,
      env,
      skillDir,
      timeoutSeconds,
      timeoutMs,
      includeConversation,
      execProblem: execProblem(name.value, command.value, env),
      source: file,
      ...(at().line !== undefined ? { line: at().line } : {}),
    });
  });
}

/**
 * Discovery as open-strix does it: every `hooks.json` below `skills/` at any depth, sorted by path, entries
 * in file order. A broken file is skipped and a broken entry dropped; everything else still loads.
 */
export function loadStrixConfig(files: Record<string, string>): LoadResult<StrixEntry> {
  const diagnostics: Diagnostic[] = [];
  const entries: StrixEntry[] = [];
  const found = Object.keys(files)
    .filter((key) => HOOKS_FILE.test(key))
    .sort(comparePaths);
  for (const key of Object.keys(files)) {
    if ((key === 'hooks.json' || key.endsWith('/hooks.json')) && !HOOKS_FILE.test(key)) {
      diagnostics.push(diag('warning', 'config.ignored-file', `open-strix reads hooks.json only below skills/ in the agent home; ${key} is never read`, { file: key }));
    }
  }
  if (found.length === 0) diagnostics.push(diag('info', 'config.missing', 'no skills/**/hooks.json: open-strix has no hooks'));
  for (const file of found) loadFile(file, files[file]!, entries, diagnostics);

  const history = files[CHAT_HISTORY];
  const settings: StrixSettings = { chatHistory: history === undefined ? null : parseChatHistory(history) };
  return { entries, diagnostics, settings: { ...settings } };
}
