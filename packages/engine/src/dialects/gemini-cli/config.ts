import type { Diagnostic, Evidence } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import { isObject, type Json, type JsonObject } from '../../util/json.js';
import { closest } from '../../util/suggest.js';
import type { HookEntry, LoadResult } from '../dialect.js';
import { diag } from '../shared/results.js';
import { EVENT_NAMES, GEMINI_EVENTS } from './events.js';
import { parseSettingsText } from './jsonc.js';
import { nodeTimerDelay } from './quote.js';
import { docs, recorded } from './verified.js';
import { formatIssues, validateHookSettings, type SchemaIssue } from './validate.js';

export const USER_SETTINGS = '~/.gemini/settings.json';
export const PROJECT_SETTINGS = '.gemini/settings.json';

/** The levels hookplay can show, lowest first: their hook lists are concatenated in this order (mergeStrategy concat). */
export const SETTINGS_FILES = [
  { file: USER_SETTINGS, scope: 'user' },
  { file: PROJECT_SETTINGS, scope: 'project' },
] as const;
export type Scope = (typeof SETTINGS_FILES)[number]['scope'];

/** Milliseconds: `hookConfig.timeout ?? 60000` (hookRunner.ts). */
export const DEFAULT_TIMEOUT_MS = 60_000;

export interface GeminiEntry extends HookEntry {
  scope: Scope;
  /** The `matcher` of the group as written (any JSON value: a non-string one breaks the whole event). */
  rawMatcher: Json | undefined;
  sequential: boolean;
  /** `timeout` as written, when set. */
  timeoutSet?: Json;
  /** The hook's own `env` object, applied last to its environment (not in the docs). */
  env: Record<string, string>;
  /** `name || command`, what hooksConfig.disabled and the user-facing messages use. */
  displayName: string;
  disabled: boolean;
  /** A hook type Gemini CLI registers but that cannot run here (runtime hooks from settings have no action). */
  broken?: string;
}

/** What hookRegistry logs on stderr while it registers hooks (once per session), in order. */
export type RegistryNote =
  | { kind: 'invalid-event'; event: string }
  | { kind: 'not-array'; event: string }
  | { kind: 'bad-group'; event: string; value: Json }
  | { kind: 'bad-type'; event: string; type: Json | undefined; value: Json }
  | { kind: 'no-command'; event: string; value: Json }
  | { kind: 'no-name'; event: string; value: Json }
  | { kind: 'not-object'; event: string; value: Json };

export interface GeminiSettings {
  registry: RegistryNote[];
  /** Schema problems per file: Gemini CLI warns and uses the file as written. */
  schema: { file: string; issues: SchemaIssue[] }[];
  /** Set when a file is not valid JSON (or not an object): Gemini CLI refuses to start, so nothing runs. */
  fatal: { file: string; message: string } | null;
  /** Every file that stops the CLI, in load order (user, project). */
  fatals: { file: string; message: string }[];
  /** hooksConfig.enabled after merging (the project file wins over the user file). */
  enabled: boolean;
  enabledBy: string | null;
  disabledNames: string[];
  trusted: boolean;
  read: string[];
}

function describeType(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Keys inside "hooks" that are not events and are skipped silently (HOOKS_CONFIG_FIELDS). */
const CONFIG_KEYS = new Set(['enabled', 'disabled', 'notifications']);

/**
 * Reads ~/.gemini/settings.json and .gemini/settings.json as Gemini CLI 0.61.0 does (settings.ts, hookRegistry.ts):
 * - a file that does not parse (comments are fine, trailing commas are not) or is not an object is fatal: the CLI
 *   prints "Error in <file>: …" and exits, so no hook runs anywhere;
 * - a schema problem only warns: the file is used as written, and the registry drops what it cannot use (an event
 *   whose value is not an array, a group without a "hooks" array, a hook without a known type or a command);
 * - an unknown event name is skipped with a warning; hook lists of both files add up (user first);
 * - hooksConfig.enabled: false turns every hook off; hooksConfig.disabled lists names (or commands) to skip;
 * - an untrusted folder registers no settings hook at all (user ones included).
 */
export function loadGeminiSettings(files: Record<string, string>, host: HostSettings): LoadResult<GeminiEntry> {
  const diagnostics: Diagnostic[] = [];
  const settings: GeminiSettings = { registry: [], schema: [], fatals: [], fatal: null, enabled: true, enabledBy: null, disabledNames: [], trusted: host.trusted !== false, read: [] };
  const entries: GeminiEntry[] = [];
  if (host.version !== undefined && host.version.trim().replace(/^v/, '') !== '0.61.0') {
    diagnostics.push(diag('warning', 'config.unsupported-version', `hookplay knows the hook rules of Gemini CLI 0.61.0 only, not ${JSON.stringify(host.version)}: the 0.61.0 rules apply`));
  }
  warnAboutUnreadFiles(files, diagnostics);

  for (const { file, scope } of SETTINGS_FILES) {
    const text = files[file];
    if (text === undefined) continue;
    settings.read.push(file);
    const doc = parseSettingsText(text);
    if (doc.error) {
      const message = `Error in ${file}: ${jsonParseMessage(text) ?? doc.error.message}`;
      settings.fatal ??= { file, message };
      settings.fatals.push({ file, message });
      diagnostics.push(
        diag('error', 'config.invalid-json', `${file} is not valid JSON (${doc.error.message}): Gemini CLI stops at startup with "${message}" and "Please fix the configuration file(s) and try again.", so no hook of any file runs`, {
          file,
          line: doc.error.line,
          column: doc.error.column,
          evidence: recorded('config-invalid-json-fatal'),
        }),
      );
      continue;
    }
    const at = (path: (string | number)[]) => ({ file, ...(doc.locate(path) ?? { line: 1, column: 1 }) });
    const root = doc.value;
    if (!isObject(root)) {
      settings.fatal ??= { file, message: `Error in ${file}: Settings file is not a valid JSON object.` };
      settings.fatals.push(settings.fatal);
      diagnostics.push(diag('error', 'config.not-object', `${file} must hold a JSON object, not ${describeType(root)}: Gemini CLI stops at startup, so no hook runs`, { ...at([]), evidence: docs('settings.ts: "Settings file is not a valid JSON object." is a fatal error') }));
      continue;
    }
    const issues = validateHookSettings(root);
    if (issues.length) {
      settings.schema.push({ file, issues });
      diagnostics.push(
        diag('warning', 'config.schema', `${file} does not match Gemini CLI's settings schema (${issues.length} problem${issues.length > 1 ? 's' : ''}): it prints "${formatIssues(file, issues).slice(0, 3).join(' ')}" and then uses the file as written`, {
          ...at(issues[0]!.path),
          evidence: recorded('matcher-not-a-string'),
        }),
      );
    }
    if (scope === 'project' && !settings.trusted) {
      diagnostics.push(diag('warning', 'config.untrusted', `${file} is ignored: the folder is not trusted (host.trusted is false), and Gemini CLI reads no workspace settings there`, { file }));
      continue;
    }
    readHooksConfig(root, file, at, settings, diagnostics, issues.length === 0);
    readHooks(root, file, scope, at, entries, diagnostics, settings.registry);
  }
  for (const e of entries) e.disabled = settings.disabledNames.includes(e.displayName);
  if (!settings.enabled && settings.enabledBy) {
    diagnostics.push(diag('warning', 'config.hooks-disabled', `${settings.enabledBy} sets "hooksConfig": {"enabled": false}: Gemini CLI creates no hook system, so no hook runs, whichever file declares it`, { file: settings.enabledBy, evidence: recorded('config-hooks-disabled') }));
  }
  if (!settings.trusted) {
    diagnostics.push(
      diag('warning', 'config.untrusted-folder', 'host.trusted is false: in an untrusted folder Gemini CLI registers no hook from settings at all (user hooks included), and `gemini -p` refuses to run there (exit 55) unless the folder is trusted', {
        evidence: recorded('trust-untrusted-folder-exits'),
      }),
    );
  }
  if (settings.read.length === 0) diagnostics.push(diag('info', 'config.missing', `no ${USER_SETTINGS} or ${PROJECT_SETTINGS}: Gemini CLI has no hooks`));
  return { entries, diagnostics, settings: { ...settings } as unknown as Record<string, unknown> };
}

function warnAboutUnreadFiles(files: Record<string, string>, diagnostics: Diagnostic[]): void {
  for (const key of Object.keys(files)) {
    if (key === USER_SETTINGS || key === PROJECT_SETTINGS) continue;
    if (/(^|\/)\.gemini\/(settings|hooks)\.json$/.test(key) || /(^|\/)\.gemini\/settings\.local\.json$/.test(key)) {
      diagnostics.push(diag('warning', 'config.ignored-file', `Gemini CLI never reads ${key} for hooks: it reads ${USER_SETTINGS} and ${PROJECT_SETTINGS} (their hooks add up), plus the system files under /etc/gemini-cli/`, { file: key }));
    }
  }
}

type At = (path: (string | number)[]) => Partial<Diagnostic>;

function readHooksConfig(root: JsonObject, file: string, at: At, settings: GeminiSettings, diagnostics: Diagnostic[], valid: boolean): void {
  const hc = root.hooksConfig;
  if (hc === undefined) return;
  if (!isObject(hc)) {
    diagnostics.push(diag('warning', 'config.schema', `"hooksConfig" should be an object, not ${describeType(hc)}: Gemini CLI warns "Invalid configuration in ${file}" and ignores it`, at(['hooksConfig'])));
    return;
  }
  if (hc.enabled !== undefined) {
    if (typeof hc.enabled !== 'boolean') diagnostics.push(diag('warning', 'config.schema', `hooksConfig.enabled should be true or false, not ${JSON.stringify(hc.enabled)}: Gemini CLI warns and uses it as written`, at(['hooksConfig', 'enabled'])));
    // A later file overrides (customDeepMerge); only the literal false turns hooks off.
    // A valid file is read through zod's preprocess ("false" becomes false); an invalid one is used as written.
    const value = valid && typeof hc.enabled === 'string' && ['true', 'false'].includes(hc.enabled.toLowerCase()) ? hc.enabled.toLowerCase() === 'true' : hc.enabled;
    settings.enabled = !(value === false || value === 0 || value === '');
    settings.enabledBy = settings.enabled ? null : file;
  }
  if (hc.disabled !== undefined) {
    if (!Array.isArray(hc.disabled)) {
      diagnostics.push(diag('warning', 'config.schema', `hooksConfig.disabled should be a list of hook names, not ${describeType(hc.disabled)}`, at(['hooksConfig', 'disabled'])));
    } else {
      for (const name of hc.disabled) if (typeof name === 'string' && !settings.disabledNames.includes(name)) settings.disabledNames.push(name);
    }
  }
}

function readHooks(root: JsonObject, file: string, scope: Scope, at: At, entries: GeminiEntry[], diagnostics: Diagnostic[], registry: RegistryNote[]): void {
  const hooks = root.hooks;
  if (hooks === undefined) return;
  if (!isObject(hooks)) {
    diagnostics.push(diag('warning', 'config.schema', `"hooks" should be an object of event names, not ${describeType(hooks)}: Gemini CLI warns "Invalid configuration in ${file}" and registers nothing from it`, at(['hooks'])));
    return;
  }
  for (const [event, groups] of Object.entries(hooks)) {
    if (CONFIG_KEYS.has(event)) continue;
    if (!EVENT_NAMES.has(event)) {
      registry.push({ kind: 'invalid-event', event });
      const hint = closest(event, GEMINI_EVENTS.map((e) => e.name));
      diagnostics.push(
        diag('warning', 'config.unknown-event', `"${event}" is not a Gemini CLI event${hint ? ` (did you mean "${hint}"?)` : ''}: Gemini CLI says "Invalid hook event name: \\"${event}\\" from project config. Skipping." and the file's other events still count`, {
          ...at(['hooks', event]),
          evidence: recorded('config-unknown-event-skipped'),
        }),
      );
      continue;
    }
    if (!Array.isArray(groups)) {
      registry.push({ kind: 'not-array', event });
      diagnostics.push(diag('warning', 'config.invalid-hook', `hooks.${event} should be an array of groups, not ${describeType(groups)}: Gemini CLI skips the event in ${file}`, at(['hooks', event])));
      continue;
    }
    groups.forEach((group, gi) => {
      const where = `hooks.${event}[${gi}]`;
      if (!isObject(group) || !Array.isArray(group.hooks)) {
        registry.push({ kind: 'bad-group', event, value: group });
        diagnostics.push(diag('warning', 'config.invalid-hook', `${where} has no "hooks" array: Gemini CLI discards the group (its other groups still count)`, { ...at(['hooks', event, gi]), evidence: recorded('config-invalid-entries-dropped') }));
        return;
      }
      const rawMatcher = group.matcher;
      const matcherAt = at(['hooks', event, gi, 'matcher']);
      if (rawMatcher !== undefined && typeof rawMatcher !== 'string') {
        diagnostics.push(diag('warning', 'config.schema', `${where}.matcher should be a string, not ${describeType(rawMatcher)}`, matcherAt));
      }
      group.hooks.forEach((hook, hi) => {
        const label = `${where}.hooks[${hi}]`;
        const path = ['hooks', event, gi, 'hooks', hi];
        const drop = (why: string) => diagnostics.push(diag('warning', 'config.invalid-hook', `${label} ${why}: Gemini CLI discards this hook (the others still count)`, { ...at(path), evidence: recorded('config-invalid-entries-dropped') }));
        if (!isObject(hook)) {
          registry.push({ kind: 'not-object', event, value: hook });
          return drop(`is ${describeType(hook)}, not an object`);
        }
        const type = hook.type;
        if (typeof type !== 'string' || !['command', 'plugin', 'runtime'].includes(type)) {
          registry.push({ kind: 'bad-type', event, type, value: hook });
          return drop(`has type ${JSON.stringify(type ?? null)}, not "command"`);
        }
        if (type === 'command' && !hook.command) {
          registry.push({ kind: 'no-command', event, value: hook });
          return drop('has no command');
        }
        if (type === 'runtime' && !hook.name) {
          registry.push({ kind: 'no-name', event, value: hook });
          return drop('is a runtime hook without a name');
        }
        const command = typeof hook.command === 'string' ? hook.command : hook.command === undefined || hook.command === null ? '' : String(hook.command);
        const name = typeof hook.name === 'string' && hook.name !== '' ? hook.name : undefined;
        const env: Record<string, string> = {};
        if (isObject(hook.env)) for (const [k, v] of Object.entries(hook.env)) env[k] = typeof v === 'string' ? v : JSON.stringify(v);
        if (hook.timeout !== undefined && typeof hook.timeout !== 'number') {
          diagnostics.push(diag('warning', 'config.schema', `${label}.timeout should be a number of milliseconds, not ${JSON.stringify(hook.timeout)}: Gemini CLI passes it to setTimeout as is`, at([...path, 'timeout'])));
        }
        const timeoutMs = hook.timeout === undefined || hook.timeout === null ? DEFAULT_TIMEOUT_MS : nodeTimerDelay(hook.timeout);
        if (typeof hook.timeout === 'number' && hook.timeout > 0 && hook.timeout < 100) {
          diagnostics.push(
            diag('warning', 'config.timeout-units', `${label}.timeout is ${hook.timeout}: Gemini CLI reads milliseconds, so the hook is killed after ${hook.timeout} ms (did you mean ${hook.timeout} seconds, ${hook.timeout * 1000}?)`, {
              ...at([...path, 'timeout']),
              evidence: recorded('timeout-milliseconds'),
            }),
          );
        } else if (hook.timeout !== undefined && timeoutMs === 1) {
          diagnostics.push(diag('warning', 'config.timeout-units', `${label}.timeout ${JSON.stringify(hook.timeout)} is not a delay Node accepts: the timer fires after 1 ms, so the hook is killed at once`, at([...path, 'timeout'])));
        }
        const pos = at(path);
        entries.push({
          event,
          command,
          source: file,
          scope,
          ...(pos.line !== undefined ? { line: pos.line } : {}),
          ...(name ? { name } : {}),
          matcher: typeof rawMatcher === 'string' ? rawMatcher : rawMatcher === undefined ? null : JSON.stringify(rawMatcher),
          rawMatcher,
          sequential: group.sequential === true,
          timeoutMs,
          ...(hook.timeout !== undefined ? { timeoutSet: hook.timeout } : {}),
          env,
          displayName: name ?? (command || 'unknown-command'),
          disabled: false,
          ...(type === 'runtime' ? { broken: 'a runtime hook from settings has no function to call: it fails every time' } : {}),
        });
      });
    });
  }
}

/** The message Node's JSON.parse gives for the file once comments are blanked, as Gemini CLI prints it. */
function jsonParseMessage(text: string): string | undefined {
  try {
    JSON.parse(stripJsonComments(text));
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

/** strip-json-comments: comments become spaces (newlines kept), so positions in JSON.parse errors stay right. */
export function stripJsonComments(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === '\\') {
        out += text[i + 1] ?? '';
        i++;
      } else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      out += c;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') out += text[i++] === '\r' ? '\r' : ' ';
      if (i < text.length) out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      out += '  ';
      i += 2;
      while (i < text.length && !(text[i] === '*' && text[i + 1] === '/')) out += /\s/.test(text[i]!) ? text[i] : ' ', i++;
      out += '  ';
      i++;
    } else out += c;
  }
  return out;
}
