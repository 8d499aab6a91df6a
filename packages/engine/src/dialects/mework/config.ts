import type { Diagnostic } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import { isObject, type Json, type JsonObject } from '../../util/json.js';
import { parseJsonDocument } from '../../util/positions.js';
import { closest } from '../../util/suggest.js';
import type { HookEntry, LoadResult } from '../dialect.js';
import { diag } from '../shared/results.js';
import { ASYNC_EVENTS, CLAUDE_CODE_ONLY_EVENTS, MEWORK_EVENT_NAMES } from './events.js';

export const USER_FILE = '~/.mework/hooks.json';
export const WORKSPACE_FILE = '.mework/hooks.json';
/** Read in place of the user file, only when that file does not exist (older setups). */
export const LEGACY_USER_FILE = '~/.naiword/hooks.json';

/** The per-handler ceiling; also what a handler without `timeout` gets. */
export const MAX_HANDLER_TIMEOUT_S = 600;

const HANDLER_FIELDS = ['type', 'name', 'command', 'commandWindows', 'timeout', 'async', 'asyncRewake'] as const;
const GROUP_FIELDS = ['matcher', 'hooks'] as const;
/** Claude Code handler fields a carried-over file may hold; Mework does not use them. */
const CLAUDE_CODE_HANDLER_FIELDS = new Set(['statusMessage', 'once', 'shell', 'if', 'model', 'prompt', 'url', 'headers']);
/** Claude Code handler types other than `command`. */
const OTHER_HANDLER_TYPES = new Set(['prompt', 'agent', 'http', 'mcp_tool']);

export interface MeworkEntry extends HookEntry {
  /** Position across both files' handlers: what `host.hookIds` selects. */
  id: number;
  scope: 'user' | 'workspace';
  column?: number;
  async: boolean;
  /** Set when Mework lists the handler but never runs it: why, in plain words. */
  skipped?: string;
  /** Where the group's matcher is written, to put matcher warnings on it. */
  matcherAt?: { line: number; column: number };
  /** The `timeout` the handler asked for, in seconds, when it set a usable one. */
  configuredTimeoutS?: number;
  commandWindows?: string;
}

export interface MeworkSettings {
  /** The files read, in id order. */
  read: string[];
  /** How many handler ids the files use (every element of every `hooks` array counts, valid or not). */
  handlerCount: number;
  /** Login-shell startup files in the scenario: `bash -l` reads the first of them before every hook. */
  loginFiles: string[];
}

const LOGIN_FILES = ['~/.bash_profile', '~/.bash_login', '~/.profile'];

function describeType(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * Reads Mework's hook files the way the host lists them: the user file (or the legacy ~/.naiword file when
 * the user file does not exist) first, then the workspace file. Invalid JSON drops that file only; a schema
 * error drops the offending handler (or group) only, so one typo does not hide the other handlers.
 */
export function loadMeworkConfig(files: Record<string, string>, host: HostSettings): LoadResult<MeworkEntry> {
  const diagnostics: Diagnostic[] = [];
  const entries: MeworkEntry[] = [];
  const read: string[] = [];
  let nextId = 0;

  warnAboutUnreadFiles(files, diagnostics);

  const sources: { file: string; scope: 'user' | 'workspace' }[] = [];
  if (files[USER_FILE] !== undefined) {
    sources.push({ file: USER_FILE, scope: 'user' });
    if (files[LEGACY_USER_FILE] !== undefined) {
      diagnostics.push(
        diag('info', 'config.legacy-file-ignored', `${LEGACY_USER_FILE} is not read: Mework reads it only when ${USER_FILE} does not exist`, { file: LEGACY_USER_FILE, line: 1, column: 1 }),
      );
    }
  } else if (files[LEGACY_USER_FILE] !== undefined) {
    sources.push({ file: LEGACY_USER_FILE, scope: 'user' });
    diagnostics.push(
      diag('info', 'config.legacy-file', `${USER_FILE} does not exist, so Mework reads the legacy ${LEGACY_USER_FILE} as the user-scope file (older setups)`, { file: LEGACY_USER_FILE, line: 1, column: 1 }),
    );
  }
  if (files[WORKSPACE_FILE] !== undefined) sources.push({ file: WORKSPACE_FILE, scope: 'workspace' });
  if (sources.length === 0) {
    diagnostics.push(diag('info', 'config.missing', `no ${USER_FILE} and no ${WORKSPACE_FILE}: Mework lists no handlers`));
  }

  for (const { file, scope } of sources) {
    read.push(file);
    nextId = readFile(files[file]!, file, scope, nextId, entries, diagnostics);
  }

  checkHookIds(host.hookIds, nextId, entries, diagnostics);
  const settings: MeworkSettings = { read, handlerCount: nextId, loginFiles: LOGIN_FILES.filter((f) => files[f] !== undefined) };
  return { entries, diagnostics, settings: { ...settings } };
}

/** Files a user may expect Mework to read, that it never does. */
function warnAboutUnreadFiles(files: Record<string, string>, diagnostics: Diagnostic[]): void {
  const read = new Set([USER_FILE, WORKSPACE_FILE, LEGACY_USER_FILE]);
  for (const key of Object.keys(files)) {
    if (read.has(key)) continue;
    if (/(^|\/)\.(mework|naiword)\/hooks\.jsonc?$/.test(key)) {
      diagnostics.push(
        diag('warning', 'config.ignored-file', `Mework never reads ${key}: it reads ${USER_FILE} (or ${LEGACY_USER_FILE} when that is missing) and ${WORKSPACE_FILE} at the workspace root`, { file: key }),
      );
    } else if (/(^|\/)\.claude\/settings(\.local)?\.json$/.test(key)) {
      diagnostics.push(
        diag('info', 'config.ignored-file', `Mework does not read Claude Code's ${key}; the format carries over: copy its "hooks" object into ${WORKSPACE_FILE} or ${USER_FILE}`, { file: key }),
      );
    }
  }
}

function checkHookIds(hookIds: number[] | undefined, count: number, entries: MeworkEntry[], diagnostics: Diagnostic[]): void {
  if (!hookIds) return;
  const valid = new Set(entries.map((e) => e.id));
  for (const id of hookIds) {
    if (id >= count) {
      diagnostics.push(
        diag('warning', 'match.unknown-hook-id', `host.hookIds selects id ${id}, but the hook files list ${count === 0 ? 'no handlers' : `handlers 0–${count - 1} only`}: nothing is selected by it`),
      );
    } else if (!valid.has(id)) {
      diagnostics.push(diag('warning', 'match.invalid-hook-id', `host.hookIds selects id ${id}, but that handler did not load (see the errors above): it never runs`));
    }
  }
}

/** Reads one file; returns the next free handler id. */
function readFile(text: string, file: string, scope: 'user' | 'workspace', firstId: number, entries: MeworkEntry[], diagnostics: Diagnostic[]): number {
  let nextId = firstId;
  const doc = parseJsonDocument(text);
  if (doc.error) {
    diagnostics.push(
      diag('error', 'config.invalid-json', `${file} is not valid JSON: ${doc.error.message}; this file contributes no handlers`, { file, line: doc.error.line, column: doc.error.column }),
    );
    return nextId;
  }
  const at = (path: (string | number)[]): Partial<Diagnostic> => ({ file, ...(doc.locate(path) ?? { line: 1, column: 1 }) });
  const root = doc.value;
  if (!isObject(root)) {
    diagnostics.push(diag('error', 'config.not-object', `${file} must hold a JSON object with a "hooks" object, not ${describeType(root)}; this file contributes no handlers`, at([])));
    return nextId;
  }
  for (const key of Object.keys(root)) {
    if (key !== 'hooks') {
      const hint = closest(key, ['hooks']);
      diagnostics.push(diag('warning', 'config.unknown-field', `unknown top-level field "${key}" in ${file}${hint ? ` (did you mean "${hint}"?)` : ''}: Mework reads only "hooks"`, at([key])));
    }
  }
  const hooks = root.hooks;
  if (hooks === undefined) {
    diagnostics.push(diag('info', 'config.no-hooks', `${file} has no "hooks" object: it lists no handlers`, at([])));
    return nextId;
  }
  if (!isObject(hooks)) {
    diagnostics.push(diag('error', 'config.field-type', `"hooks" in ${file} must be an object keyed by event name, not ${describeType(hooks)}; this file contributes no handlers`, at(['hooks'])));
    return nextId;
  }

  for (const [event, groups] of Object.entries(hooks)) {
    const known = MEWORK_EVENT_NAMES.includes(event);
    const handlerCount = Array.isArray(groups) ? groups.reduce<number>((n, g) => n + (isObject(g) && Array.isArray(g.hooks) ? g.hooks.length : 0), 0) : 0;
    if (!known) {
      const hint = closest(event, MEWORK_EVENT_NAMES);
      const what = handlerCount === 1 ? 'its handler is listed but never runs' : `its ${handlerCount} handlers are listed but never run`;
      const why = CLAUDE_CODE_ONLY_EVENTS.has(event)
        ? `it is a Claude Code event that Mework does not implement`
        : hint
          ? `did you mean "${hint}"?${hint.toLowerCase() === event.toLowerCase() ? ' Event names are case-sensitive' : ''}`
          : `Mework's events are ${MEWORK_EVENT_NAMES.join(', ')}`;
      diagnostics.push(diag('warning', 'config.unknown-event', `Mework never fires ${event} (${why}): ${what}`, at(['hooks', event])));
    }
    if (!Array.isArray(groups)) {
      diagnostics.push(diag('error', 'config.field-type', `"${event}" must be an array of matcher groups ({ "matcher", "hooks": [...] }), not ${describeType(groups)}; it contributes no handlers`, at(['hooks', event])));
      continue;
    }
    groups.forEach((group, g) => {
      const groupPath = ['hooks', event, g];
      const label = `${event} group #${g + 1}`;
      if (!isObject(group)) {
        diagnostics.push(diag('error', 'config.field-type', `${label} must be an object with "hooks" (and an optional "matcher"), not ${describeType(group)}; it is dropped`, at(groupPath)));
        return;
      }
      for (const key of Object.keys(group)) {
        if (!(GROUP_FIELDS as readonly string[]).includes(key)) {
          const hint = closest(key, GROUP_FIELDS);
          diagnostics.push(diag('warning', 'config.unknown-field', `unknown field "${key}" in ${label}${hint ? ` (did you mean "${hint}"?)` : ''}: Mework ignores it`, at([...groupPath, key])));
        }
      }
      let broken = false;
      if (group.matcher !== undefined && typeof group.matcher !== 'string') {
        diagnostics.push(diag('error', 'config.field-type', `"matcher" in ${label} must be a string (a regular expression), not ${describeType(group.matcher)}; the group's handlers are dropped`, at([...groupPath, 'matcher'])));
        broken = true;
      }
      if (!Array.isArray(group.hooks)) {
        const message = group.hooks === undefined ? `${label} has no "hooks" array; it is dropped` : `"hooks" in ${label} must be an array of handlers, not ${describeType(group.hooks)}; it is dropped`;
        diagnostics.push(diag('error', group.hooks === undefined ? 'config.missing-field' : 'config.field-type', message, at(group.hooks === undefined ? groupPath : [...groupPath, 'hooks'])));
        return;
      }
      group.hooks.forEach((handler, h) => {
        const id = nextId++;
        if (!known || broken) return;
        const matcherAt = typeof group.matcher === 'string' ? doc.locate([...groupPath, 'matcher']) : undefined;
        const entry = readHandler(
          handler,
          { id, event, file, scope, matcher: (group.matcher as string | undefined) ?? null, ...(matcherAt ? { matcherAt } : {}), path: [...groupPath, 'hooks', h], at },
          diagnostics,
        );
        if (entry) entries.push(entry);
      });
    });
  }
  return nextId;
}

interface HandlerContext {
  id: number;
  event: string;
  file: string;
  scope: 'user' | 'workspace';
  matcher: string | null;
  matcherAt?: { line: number; column: number };
  path: (string | number)[];
  at: (path: (string | number)[]) => Partial<Diagnostic>;
}

/** One handler object; undefined (with an error) when it is malformed, since Mework cannot list it. */
function readHandler(raw: Json, ctx: HandlerContext, diagnostics: Diagnostic[]): MeworkEntry | undefined {
  const { id, event, path, at } = ctx;
  const label = `handler ${id} (${event})`;
  if (!isObject(raw)) {
    diagnostics.push(diag('error', 'config.field-type', `${label} must be an object like { "type": "command", "command": "..." }, not ${describeType(raw)}; it is dropped`, at(path)));
    return undefined;
  }
  const h: JsonObject = raw;
  const errors: Diagnostic[] = [];
  const fieldError = (key: string, message: string) => errors.push(diag('error', 'config.field-type', `${label}: ${message}; the handler is dropped`, at([...path, key])));

  for (const key of Object.keys(h)) {
    if ((HANDLER_FIELDS as readonly string[]).includes(key)) continue;
    if (CLAUDE_CODE_HANDLER_FIELDS.has(key)) {
      diagnostics.push(diag('info', 'config.unknown-field', `${label}: "${key}" is a Claude Code field Mework does not use; it is ignored`, at([...path, key])));
    } else {
      const hint = closest(key, HANDLER_FIELDS);
      diagnostics.push(diag('warning', 'config.unknown-field', `${label}: unknown field "${key}"${hint ? ` (did you mean "${hint}"?)` : ''}; Mework ignores it`, at([...path, key])));
    }
  }

  if (h.type === undefined) {
    errors.push(diag('error', 'config.missing-field', `${label} has no "type"; Mework runs handlers with "type": "command" only; the handler is dropped`, at(path)));
  } else if (typeof h.type !== 'string') {
    fieldError('type', `"type" must be the string "command", not ${describeType(h.type)}`);
  } else if (h.type !== 'command') {
    if (OTHER_HANDLER_TYPES.has(h.type)) {
      diagnostics.push(diag('warning', 'config.unsupported-type', `${label} is a "${h.type}" handler (a Claude Code type): Mework runs only "command" handlers, so this one never runs`, at([...path, 'type'])));
      return undefined;
    }
    fieldError('type', `"type" must be "command", not ${JSON.stringify(h.type)}`);
  }

  if (h.commandWindows !== undefined && typeof h.commandWindows !== 'string') fieldError('commandWindows', `"commandWindows" must be a string, not ${describeType(h.commandWindows)}`);
  if (h.command === undefined) {
    if (typeof h.commandWindows === 'string') {
      diagnostics.push(diag('warning', 'config.windows-only', `${label} has only "commandWindows": on macOS and Linux Mework runs "command", so this handler has nothing to run here`, at(path)));
      return undefined;
    }
    errors.push(diag('error', 'config.missing-field', `${label} has no "command"; the handler is dropped`, at(path)));
  } else if (typeof h.command !== 'string') {
    fieldError('command', `"command" must be a string, not ${describeType(h.command)}`);
  } else if (h.command.trim() === '') {
    fieldError('command', '"command" is empty');
  }
  if (h.name !== undefined && typeof h.name !== 'string') fieldError('name', `"name" must be a string, not ${describeType(h.name)}`);
  for (const key of ['async', 'asyncRewake'] as const) {
    if (h[key] !== undefined && typeof h[key] !== 'boolean') fieldError(key, `"${key}" must be true or false, not ${describeType(h[key])}`);
  }

  let configuredTimeoutS: number | undefined;
  if (h.timeout !== undefined) {
    if (typeof h.timeout !== 'number') {
      fieldError('timeout', `"timeout" must be a number of seconds, not ${describeType(h.timeout)}`);
    } else if (!Number.isFinite(h.timeout) || h.timeout <= 0) {
      diagnostics.push(diag('warning', 'config.timeout-invalid', `${label}: timeout ${h.timeout} is not a positive number of seconds; the 10-minute ceiling applies`, at([...path, 'timeout'])));
    } else {
      configuredTimeoutS = h.timeout;
      if (h.timeout > MAX_HANDLER_TIMEOUT_S) {
        diagnostics.push(diag('info', 'config.timeout-capped', `${label}: timeout ${h.timeout} s is above Mework's 10-minute ceiling per handler; it counts as ${MAX_HANDLER_TIMEOUT_S} s`, at([...path, 'timeout'])));
      }
    }
  }

  if (errors.length > 0) {
    diagnostics.push(...errors);
    return undefined;
  }

  let skipped: string | undefined;
  if (h.asyncRewake === true) {
    skipped = 'asyncRewake is not supported: Mework skips this handler';
    diagnostics.push(diag('warning', 'config.async-rewake', `${label} sets asyncRewake, which Mework does not support: the handler is skipped and never runs`, at([...path, 'asyncRewake'])));
  } else if (h.async === true && !ASYNC_EVENTS.has(event)) {
    skipped = `async: true is accepted only on InstructionsLoaded, so this ${event} handler is skipped`;
    diagnostics.push(diag('warning', 'config.async-not-allowed', `${label} sets async: true, which Mework accepts only on InstructionsLoaded: this ${event} handler never runs (remove "async" to run it synchronously)`, at([...path, 'async'])));
  }

  const pos = at(path);
  return {
    event,
    command: h.command as string,
    source: ctx.file,
    ...(pos.line !== undefined ? { line: pos.line } : {}),
    ...(pos.column !== undefined ? { column: pos.column } : {}),
    id,
    ...(typeof h.name === 'string' ? { name: h.name } : {}),
    matcher: ctx.matcher,
    ...(ctx.matcherAt ? { matcherAt: ctx.matcherAt } : {}),
    timeoutMs: Math.min(configuredTimeoutS ?? MAX_HANDLER_TIMEOUT_S, MAX_HANDLER_TIMEOUT_S) * 1000,
    scope: ctx.scope,
    async: h.async === true,
    ...(skipped ? { skipped } : {}),
    ...(configuredTimeoutS !== undefined ? { configuredTimeoutS } : {}),
    ...(typeof h.commandWindows === 'string' ? { commandWindows: h.commandWindows } : {}),
  };
}
