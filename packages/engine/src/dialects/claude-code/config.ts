import type { Diagnostic } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import { isObject, type Json } from '../../util/json.js';
import { parseJsonDocument } from '../../util/positions.js';
import { closest } from '../../util/suggest.js';
import type { HookEntry, LoadResult } from '../dialect.js';
import { diag, formatSeconds } from '../shared/results.js';
import { CLAUDE_CODE_EVENTS, EVENT_NAMES, OTHER_CLAUDE_CODE_EVENTS } from './events.js';
import { loadPluginHooks } from './plugins.js';
import { loadMarketplaceHooks } from './marketplace.js';
import { rulesFor, type ClaudeCodeRules } from './version.js';

export const USER_SETTINGS = '~/.claude/settings.json';
export const PROJECT_SETTINGS = '.claude/settings.json';
export const LOCAL_SETTINGS = '.claude/settings.local.json';

/** The settings files Claude Code reads hooks from, in the order their hooks are listed. Their hooks add up. */
export const SETTINGS_FILES = [
  { file: USER_SETTINGS, scope: 'user' },
  { file: PROJECT_SETTINGS, scope: 'project' },
  { file: LOCAL_SETTINGS, scope: 'local' },
] as const;

/** Where a hook is declared: one of the settings files, or a plugin (plugins.ts). */
export type Scope = (typeof SETTINGS_FILES)[number]['scope'] | 'plugin';

export interface ClaudeCodeEntry extends HookEntry {
  scope: Scope;
  column?: number;
  /** Where the group's matcher is written, for matcher warnings. */
  matcherAt?: { line: number; column: number };
  /** The `timeout` the hook set, in seconds, when it set one. */
  timeoutS?: number;
  /** A plugin's hook: the plugin's directory (host.plugins), its CLAUDE_PLUGIN_ROOT. */
  pluginRoot?: string;
  /** A plugin's name (its manifest's, else its directory's) and marketplace ("inline" for --plugin-dir): its data folder's. */
  pluginName?: string;
  marketplace?: string;
}

export interface ClaudeCodeSettings {
  /** Null when host.version is unknown: nothing runs. */
  rules: ClaudeCodeRules | null;
  /** Set when a settings file says `"disableAllHooks": true`. */
  disabledBy: string | null;
  read: string[];
}

/** The fields each handler type must have as strings, or Claude Code rejects the file (an empty string is fine). */
const REQUIRED_FIELDS: Record<string, string[]> = { command: ['command'], prompt: ['prompt'], agent: ['prompt'], http: ['url'], mcp_tool: ['server', 'tool'] };

/** Handler types Claude Code knows; hookplay runs `command` hooks only. */
const OTHER_HANDLER_TYPES = new Set(['prompt', 'agent', 'http', 'mcp_tool']);

function describeType(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * Reads the three settings files as Claude Code 2.1.332 does (each fact checked with `npm run oracle`):
 * - invalid JSON drops that file; the other files still count;
 * - one invalid hook entry (a hook without `command`, a `timeout` that is not a number, ...) drops every hook of
 *   that file, not just the entry; the other files still count;
 * - an unknown event name is ignored, the file's other events still count (2.1.47: it rejects the file, profiles.ts
 *   `unknownEvent`).
 */
export function loadClaudeCodeSettings(files: Record<string, string>, host: HostSettings): LoadResult<ClaudeCodeEntry> {
  const version = rulesFor(host.version);
  const diagnostics: Diagnostic[] = [...version.diagnostics];
  const settings: ClaudeCodeSettings = { rules: version.rules, disabledBy: null, read: [] };
  const done = (entries: ClaudeCodeEntry[]): LoadResult<ClaudeCodeEntry> => ({ entries, diagnostics, settings: { ...settings } });
  if (!version.rules) return done([]);

  warnAboutUnreadFiles(files, diagnostics);
  const entries: ClaudeCodeEntry[] = [];
  for (const { file, scope } of SETTINGS_FILES) {
    const text = files[file];
    if (text === undefined) continue;
    settings.read.push(file);
    const read = readSettingsFile(text, file, scope, version.rules, diagnostics);
    // Settings merge user < project < local: the last file that sets disableAllHooks decides, true or false.
    if (read.disableAllHooks !== undefined) {
      if (!read.disableAllHooks && settings.disabledBy) {
        diagnostics.push(
          diag('info', 'config.hooks-disabled-overruled', `${settings.disabledBy} sets "disableAllHooks": true, but ${file} sets it to false and wins (settings merge user < project < local), so hooks run`, { file }),
        );
      }
      settings.disabledBy = read.disableAllHooks ? file : null;
    }
    entries.push(...read.entries);
  }
  // Plugin hooks come after every settings file's (plugins.ts).
  entries.push(...loadPluginHooks(files, host, (text, file) => readSettingsFile(text, file, 'plugin', version.rules!, diagnostics), diagnostics));
  entries.push(...loadMarketplaceHooks(files, host, (text, file) => readSettingsFile(text, file, 'plugin', version.rules!, diagnostics), diagnostics));
  if (settings.read.length === 0 && entries.length === 0) {
    diagnostics.push(diag('info', 'config.missing', `no ${SETTINGS_FILES.map((f) => f.file).join(', ')}: Claude Code has no hooks`));
  }
  if (settings.disabledBy) {
    diagnostics.push(
      diag('warning', 'config.hooks-disabled', `${settings.disabledBy} sets "disableAllHooks": true, so no hook runs, whichever file declares it`, { file: settings.disabledBy }),
    );
  }
  return done(entries);
}

function warnAboutUnreadFiles(files: Record<string, string>, diagnostics: Diagnostic[]): void {
  const read = new Set<string>(SETTINGS_FILES.map((f) => f.file));
  for (const key of Object.keys(files)) {
    if (read.has(key)) continue;
    if (/(^|\/)\.claude\/settings(\.local)?\.json$/.test(key) || /(^|\/)\.claude\/hooks\.json$/.test(key)) {
      diagnostics.push(
        diag('warning', 'config.ignored-file', `Claude Code never reads ${key} for hooks: it reads ${SETTINGS_FILES.map((f) => f.file).join(', ')} (their hooks add up)`, { file: key }),
      );
    }
  }
}

interface FileRead {
  entries: ClaudeCodeEntry[];
  /** The file's own disableAllHooks, when it sets one. */
  disableAllHooks?: boolean;
}

/** Node's timers fire at once past this many milliseconds; today's Claude Code waits on a huge timeout as if it had
 * none, 1.0.41 and 2.1.143 overflow (versions/profiles.ts, timeoutOverflow). */
const MAX_TIMER_MS = 2 ** 31 - 1;

function readSettingsFile(text: string, file: string, scope: Scope, rules: ClaudeCodeRules, diagnostics: Diagnostic[]): FileRead {
  const none: FileRead = { entries: [] };
  const doc = parseJsonDocument(text);
  if (doc.error) {
    diagnostics.push(
      diag('error', 'config.invalid-json', `${file} is not valid JSON (${doc.error.message}): Claude Code skips the whole file, so none of its hooks run; the other settings files still count`, {
        file,
        line: doc.error.line,
        column: doc.error.column,
      }),
    );
    return none;
  }
  const at = (path: (string | number)[]): Partial<Diagnostic> => ({ file, ...(doc.locate(path) ?? { line: 1, column: 1 }) });
  const root = doc.value;
  if (!isObject(root)) {
    diagnostics.push(diag('error', 'config.not-object', `${file} must hold a JSON object, not ${describeType(root)}: Claude Code skips the whole file`, at([])));
    return none;
  }
  if (root.disableAllHooks !== undefined && !rules.disableAllHooks) {
    diagnostics.push(diag('info', 'config.setting-not-in-version', `"disableAllHooks" is not a setting Claude Code ${rules.version} knows: it is ignored, and ${file}'s hooks run`, at(['disableAllHooks'])));
  } else if (root.disableAllHooks !== undefined && typeof root.disableAllHooks !== 'boolean') {
    diagnostics.push(
      diag('error', 'config.invalid-setting', `"disableAllHooks" must be true or false, not ${describeType(root.disableAllHooks)} (${JSON.stringify(root.disableAllHooks)}): Claude Code rejects the whole file, so none of ${file}'s hooks run and it disables nothing`, at(['disableAllHooks'])),
    );
    return none;
  }
  const disableAllHooks = rules.disableAllHooks && typeof root.disableAllHooks === 'boolean' ? root.disableAllHooks : undefined;
  const hooks = root.hooks;
  const withSetting = (entries: ClaudeCodeEntry[]): FileRead => (disableAllHooks === undefined ? { entries } : { entries, disableAllHooks });
  if (hooks === undefined) return withSetting([]);

  // A schema problem anywhere in "hooks" rejects the whole file: collect them all, then drop everything.
  const problems: Diagnostic[] = [];
  const invalid = (path: (string | number)[], what: string) =>
    problems.push(diag('error', 'config.invalid-hook', `${what}: Claude Code rejects the whole file, so none of ${file}'s hooks run (the other settings files still count)`, at(path)));
  const entries: ClaudeCodeEntry[] = [];

  if (!isObject(hooks)) {
    invalid(['hooks'], `"hooks" must be an object of event names, not ${describeType(hooks)}`);
  } else {
    for (const [event, groups] of Object.entries(hooks)) {
      if (!EVENT_NAMES.has(event)) {
        if (OTHER_CLAUDE_CODE_EVENTS.has(event)) {
          diagnostics.push(diag('info', 'config.event-not-emulated', `${event} is a Claude Code event hookplay does not emulate: its hooks load but cannot be run here`, at(['hooks', event])));
        } else if (rules.unknownEvent === 'invalid-file') {
          const hint = closest(event, CLAUDE_CODE_EVENTS.map((e) => e.name));
          invalid(['hooks', event], `"${event}" is not a Claude Code event${hint ? ` (did you mean "${hint}"?)` : ''}, and Claude Code ${rules.version} checks event names`);
        } else {
          const hint = closest(event, CLAUDE_CODE_EVENTS.map((e) => e.name));
          diagnostics.push(
            diag('warning', 'config.unknown-event', `"${event}" is not a Claude Code event${hint ? ` (did you mean "${hint}"?)` : ''}: Claude Code ignores it; the file's other events still count`, at(['hooks', event])),
          );
        }
        continue;
      }
      if (rules.events && !rules.events.includes(event)) {
        diagnostics.push(diag('warning', 'config.event-not-in-version', `${event} is not an event of Claude Code ${rules.version} (it has ${rules.events.join(', ')}): its hooks never run there`, at(['hooks', event])));
        continue;
      }
      if (!Array.isArray(groups)) {
        // 2.1.143 skips only this event (versions/profiles.ts, eventNotArray); today the whole file goes.
        if (rules.eventNotArray === 'event') {
          diagnostics.push(diag('error', 'config.event-not-array-skipped', `hooks.${event} must be an array of matcher groups, not ${describeType(groups)}: Claude Code ${rules.version} skips ${event}'s hooks in ${file}; its other events still run`, at(['hooks', event])));
        } else invalid(['hooks', event], `hooks.${event} must be an array of matcher groups, not ${describeType(groups)}`);
        continue;
      }
      groups.forEach((group: Json, gi: number) => readGroup(group, event, gi, { file, scope, rules, at, invalid, entries, diagnostics }));
      if (event === 'PermissionRequest' && !rules.permissionRequestHooks && groups.length > 0) {
        diagnostics.push(
          diag('warning', 'rule.permission-request-ignored', `PermissionRequest hooks decide nothing on Claude Code ${rules.version} in a claude -p session (recorded): their allow or deny changes nothing, the prompt or -p's denial stands`, at(['hooks', event])),
        );
      }
    }
  }
  if (problems.length > 0) {
    diagnostics.push(...problems);
    return withSetting([]);
  }
  return withSetting(entries);
}

interface GroupContext {
  file: string;
  scope: Scope;
  rules: ClaudeCodeRules;
  at(path: (string | number)[]): Partial<Diagnostic>;
  invalid(path: (string | number)[], what: string): void;
  entries: ClaudeCodeEntry[];
  diagnostics: Diagnostic[];
}

function readGroup(group: Json, event: string, gi: number, c: GroupContext): void {
  const where = `hooks.${event}[${gi}]`;
  if (!isObject(group)) return c.invalid(['hooks', event, gi], `${where} must be an object with "hooks", not ${describeType(group)}`);
  if (group.matcher !== undefined && typeof group.matcher !== 'string') {
    c.invalid(['hooks', event, gi, 'matcher'], `${where}.matcher must be a string, not ${describeType(group.matcher)}`);
  }
  if (!Array.isArray(group.hooks)) return c.invalid(['hooks', event, gi, 'hooks'], `${where}.hooks must be an array of hooks, not ${describeType(group.hooks)}`);
  const matcher = typeof group.matcher === 'string' ? group.matcher : null;
  const matcherPos = group.matcher !== undefined ? c.at(['hooks', event, gi, 'matcher']) : undefined;
  group.hooks.forEach((hook: Json, hi: number) => {
    const path = ['hooks', event, gi, 'hooks', hi];
    const label = `${where}.hooks[${hi}]`;
    if (!isObject(hook)) return c.invalid(path, `${label} must be an object, not ${describeType(hook)}`);
    const type = hook.type;
    const required = typeof type === 'string' ? REQUIRED_FIELDS[type] : undefined;
    const missing = required?.find((field) => typeof hook[field] !== 'string');
    if (missing) return c.invalid([...path, missing], `${label} is a "${type}" hook without a "${missing}" string`);
    if (typeof type === 'string' && OTHER_HANDLER_TYPES.has(type)) {
      c.diagnostics.push(diag('warning', 'config.hook-type-not-run', `${label} is a "${type}" hook: Claude Code runs it, but hookplay runs command hooks only, so it is left out`, c.at(path)));
      return;
    }
    if (type !== 'command') return c.invalid([...path, 'type'], `${label}.type must be "command" (or prompt, agent, http), not ${JSON.stringify(type ?? null)}`);
    if (typeof hook.command !== 'string') {
      return c.invalid(hook.command === undefined ? path : [...path, 'command'], `${label} has no command string`);
    }
    let timeoutS: number | undefined;
    if (hook.timeout !== undefined) {
      if (typeof hook.timeout !== 'number' || !Number.isFinite(hook.timeout) || hook.timeout <= 0) {
        return c.invalid([...path, 'timeout'], `${label}.timeout must be a positive number of seconds, not ${JSON.stringify(hook.timeout)}`);
      }
      timeoutS = hook.timeout;
    }
    if (hook.async === true) {
      c.diagnostics.push(diag('warning', 'config.async-not-run', `${label} is async: Claude Code starts it without waiting for it, and hookplay does not emulate async hooks, so it is left out`, c.at(path)));
      return;
    }
    const pos = c.at(path);
    const wantedMs = (timeoutS ?? c.rules.defaultTimeoutS) * 1000;
    if (wantedMs > MAX_TIMER_MS && c.rules.timeoutOverflow) {
      c.diagnostics.push(
        diag('warning', 'rule.timeout-overflow', `${label}.timeout is over 2,147,483 s (2^31-1 ms): Claude Code ${c.rules.version}'s timer overflows and fires at once, so the hook is cancelled before it can answer (recorded)`, c.at([...path, 'timeout'])),
      );
    }
    c.entries.push({
      event,
      command: hook.command,
      source: c.file,
      scope: c.scope,
      ...(pos.line !== undefined ? { line: pos.line } : {}),
      ...(pos.column !== undefined ? { column: pos.column } : {}),
      matcher,
      ...(matcherPos?.line !== undefined ? { matcherAt: { line: matcherPos.line, column: matcherPos.column ?? 1 } } : {}),
      timeoutMs: wantedMs > MAX_TIMER_MS ? (c.rules.timeoutOverflow ? 1 : MAX_TIMER_MS) : wantedMs,
      ...(timeoutS !== undefined ? { timeoutS } : {}),
    });
  });
}

export function describeTimeout(entry: ClaudeCodeEntry, rules: ClaudeCodeRules): string {
  return entry.timeoutS !== undefined ? formatSeconds(entry.timeoutS * 1000) : `${formatSeconds(rules.defaultTimeoutS * 1000)} (the default)`;
}
