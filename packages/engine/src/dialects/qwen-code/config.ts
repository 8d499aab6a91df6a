import type { Diagnostic } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import { isObject, type Json, type JsonObject } from '../../util/json.js';
import { closest } from '../../util/suggest.js';
import type { HookEntry, LoadResult } from '../dialect.js';
import { diag } from '../shared/results.js';
import { docs, recorded } from './evidence.js';
import { EVENT_NAMES, HOOKS_CONFIG_FIELDS, QWEN_CODE_EVENTS } from './events.js';
import { parseSettingsDocument } from './jsonc.js';
import { readTimeout, type TimeoutRead } from './timeout.js';

export const USER_SETTINGS = '~/.qwen/settings.json';
export const PROJECT_SETTINGS = '.qwen/settings.json';

/** In the order Qwen Code lists their hooks for an event: project first, then user (hookRegistry source priority). */
export const SETTINGS_FILES = [
  { file: PROJECT_SETTINGS, scope: 'project' },
  { file: USER_SETTINGS, scope: 'user' },
] as const;

export type Scope = (typeof SETTINGS_FILES)[number]['scope'];

export interface QwenCodeEntry extends HookEntry {
  scope: Scope;
  column?: number;
  matcher: string | null;
  matcherAt?: { line: number; column: number };
  /** The group's `sequential`: one true among the matching entries makes the whole event sequential. */
  sequential: boolean | undefined;
  /** `getHookKey`: `name:command` when named, else the command. Identical keys run once per event. */
  key: string;
  timeout: TimeoutRead;
  /** The hook's own `env`, added last to its environment. */
  env: Record<string, string>;
}

export interface QwenCodeSettings {
  /** The file whose `disableAllHooks: true` wins (project over user), or null. */
  disabledBy: string | null;
  /** Project hooks were dropped because the folder is not trusted. */
  untrustedProject: boolean;
  /** Set when Qwen Code refuses to start with these files: no session, so no hook runs at all. */
  fatal: string | null;
  read: string[];
}

/** Handler types Qwen Code accepts; hookplay runs `command` hooks only. */
const HANDLER_TYPES = new Set(['command', 'http', 'function', 'prompt']);

function describeType(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * Reads ~/.qwen/settings.json and .qwen/settings.json the way Qwen Code 0.24.4 does:
 * - comments are allowed (stripJsonComments); a project file that is not valid JSON is reset to empty settings (the
 *   CLI even rewrites it to `{}` and keeps a `.corrupted` copy); a file that is not an object gives no settings;
 * - hooks of both files add up, project first; `disableAllHooks` is a merged setting (the project's value wins);
 * - an unknown event name, a matcher group without a `hooks` array, a hook with an unknown type or a command hook
 *   without `command` is skipped with the rest of the file still read;
 * - the project's hooks are dropped when the folder is untrusted (`host.trusted: false`); the user's never are.
 */
export function loadQwenCodeSettings(files: Record<string, string>, host: HostSettings): LoadResult<QwenCodeEntry> {
  const diagnostics: Diagnostic[] = [];
  const settings: QwenCodeSettings = { disabledBy: null, untrustedProject: false, fatal: null, read: [] };
  const entries: QwenCodeEntry[] = [];
  /** Each file's disableAllHooks, read for truth; the project's wins when it sets one. */
  const disable: Partial<Record<Scope, boolean>> = {};
  warnAboutUnreadFiles(files, diagnostics);

  for (const { file, scope } of SETTINGS_FILES) {
    const text = files[file];
    if (text === undefined) continue;
    settings.read.push(file);
    const root = readRoot(text, file, scope, diagnostics);
    if (root === 'fatal') {
      settings.fatal ??= file;
      continue;
    }
    if (!root) continue;
    const resolved = resolveEnvVars(root.value, host.env ?? {}) as typeof root.value;
    if (JSON.stringify(resolved) !== JSON.stringify(root.value)) {
      diagnostics.push(
        diag('info', 'config.env-resolved', `Qwen Code writes the value of the host's environment variables (host.env) into ${file} where it names them as $VAR or \${VAR}: hooks run the commands with the values in place`, {
          file,
          evidence: recorded(['env-SessionStart-exit-2-strict', 'env-UserPromptSubmit-context-lax']),
        }),
      );
    }
    root.value = resolved;
    // Qwen Code tests the merged value for truth: "yes" or 1 disable hooks as well as true does.
    if (root.value.disableAllHooks !== undefined) {
      const value = root.value.disableAllHooks;
      disable[scope] = Boolean(value);
      if (typeof value !== 'boolean') {
        diagnostics.push(
          diag('warning', 'config.disable-not-boolean', `"disableAllHooks" in ${file} is ${JSON.stringify(value)}, not true or false: Qwen Code only tests it for truth, so it ${value ? 'disables' : 'does not disable'} hooks`, {
            ...root.at(['disableAllHooks']),
            evidence: recorded(['files-disable-not-boolean']),
          }),
        );
      }
    }
    if (scope === 'project' && host.trusted === false) {
      if (root.value.hooks !== undefined) {
        settings.untrustedProject = true;
        diagnostics.push(
          diag('warning', 'config.untrusted-project', `the folder is not trusted (host.trusted is false): Qwen Code skips every hook of ${file}; hooks in ${USER_SETTINGS} still run (and --yolo falls back to asking, so a one-shot run declines tool calls)`, {
            file,
            evidence: recorded(['trust-untrusted-folder']),
          }),
        );
      }
      continue;
    }
    entries.push(...readHooks(root, file, scope, diagnostics));
  }
  // Workspace settings override user settings: the project's disableAllHooks wins when it sets one.
  const disabledScope: Scope | undefined = disable.project !== undefined ? (disable.project ? 'project' : undefined) : disable.user ? 'user' : undefined;
  if (disabledScope) {
    settings.disabledBy = disabledScope === 'project' ? PROJECT_SETTINGS : USER_SETTINGS;
    diagnostics.push(
      diag('warning', 'config.hooks-disabled', `${settings.disabledBy} sets "disableAllHooks": true, so no hook runs, whichever file declares it`, {
        file: settings.disabledBy,
        evidence: recorded(['files-disable-all-project', 'files-disable-all-user']),
      }),
    );
  } else if (disable.project === false && disable.user === true) {
    diagnostics.push(
      diag('info', 'config.hooks-reenabled', `${USER_SETTINGS} sets "disableAllHooks": true, but ${PROJECT_SETTINGS} sets it to false, and the project’s value wins: hooks run`, {
        file: PROJECT_SETTINGS,
        evidence: recorded(['files-disable-false-project-over-user']),
      }),
    );
  }
  if (settings.fatal) {
    diagnostics.push(diag('error', 'config.host-refuses-to-start', `Qwen Code refuses to start with ${settings.fatal} as it is: no session, so no hook runs`, { file: settings.fatal, evidence: recorded(['files-user-invalid-json', 'files-not-object']) }));
    return { entries: [], diagnostics, settings: { ...settings } };
  }
  if (settings.read.length === 0) diagnostics.push(diag('info', 'config.missing', `no ${PROJECT_SETTINGS} or ${USER_SETTINGS}: Qwen Code has no hooks`));
  return { entries, diagnostics, settings: { ...settings } };
}

function warnAboutUnreadFiles(files: Record<string, string>, diagnostics: Diagnostic[]): void {
  const read = new Set<string>(SETTINGS_FILES.map((f) => f.file));
  for (const key of Object.keys(files)) {
    if (read.has(key)) continue;
    if (/(^|\/)\.qwen\/[^/]*\.json$/.test(key) || /(^|\/)\.(claude|gemini)\/settings(\.local)?\.json$/.test(key)) {
      diagnostics.push(
        diag('warning', 'config.ignored-file', `Qwen Code never reads ${key} for hooks: it reads ${PROJECT_SETTINGS} and ${USER_SETTINGS} (their hooks add up)`, { file: key }),
      );
    }
  }
}

interface Root {
  value: JsonObject;
  at(path: (string | number)[]): Partial<Diagnostic>;
}

/** Null: no settings from this file. 'fatal': Qwen Code does not start at all. */
function readRoot(text: string, file: string, scope: Scope, diagnostics: Diagnostic[]): Root | null | 'fatal' {
  const doc = parseSettingsDocument(text);
  if (doc.error) {
    const treatment =
      scope === 'project'
        ? 'Qwen Code resets it to empty settings (it rewrites the file to {} and keeps a .corrupted copy), so none of its hooks run; the user file still counts'
        : 'Qwen Code does not even start ("An unexpected critical error occurred: Cannot read operator sandbox policy from ~/.qwen/settings.json"), so no hook of any file runs';
    diagnostics.push(
      diag('error', 'config.invalid-json', `${file} is not valid JSON (${doc.error.message}; comments are allowed, trailing commas are not): ${treatment}`, {
        file,
        line: doc.error.line,
        column: doc.error.column,
        evidence: recorded([scope === 'project' ? 'files-project-invalid-json' : 'files-user-invalid-json']),
      }),
    );
    return scope === 'project' ? null : 'fatal';
  }
  const at = (path: (string | number)[]): Partial<Diagnostic> => ({ file, ...(doc.locate(path) ?? { line: 1, column: 1 }) });
  if (!isObject(doc.value)) {
    diagnostics.push(
      diag(
        'error',
        'config.not-object',
        `${file} must hold a JSON object, not ${describeType(doc.value)}: Qwen Code does not start ("Error in ${file}: Settings file is not a valid JSON object. Please fix the configuration file(s) and try again."), so no hook of any file runs`,
        { ...at([]), evidence: recorded(['files-not-object']) },
      ),
    );
    return 'fatal';
  }
  return { value: doc.value, at };
}

function readHooks(root: Root, file: string, scope: Scope, diagnostics: Diagnostic[]): QwenCodeEntry[] {
  const hooks = root.value.hooks;
  const at = root.at;
  if (hooks === undefined) return [];
  if (!isObject(hooks)) {
    diagnostics.push(diag('error', 'config.invalid-hooks', `"hooks" in ${file} must be an object of event names, not ${describeType(hooks)}: Qwen Code finds no hooks in it`, at(['hooks'])));
    return [];
  }
  const entries: QwenCodeEntry[] = [];
  for (const [event, groups] of Object.entries(hooks)) {
    if (HOOKS_CONFIG_FIELDS.has(event)) continue;
    if (!EVENT_NAMES.has(event)) {
      const hint = closest(event, QWEN_CODE_EVENTS.map((e) => e.name));
      diagnostics.push(
        diag(
          'warning',
          'config.unknown-event',
          `"${event}" is not a Qwen Code event${hint ? ` (did you mean "${hint}"?)` : ''}: Qwen Code warns "Invalid hook event name: \\"${event}\\" from ${scope} config. Skipping." and ignores it; the file’s other events still count`,
          { ...at(['hooks', event]), evidence: recorded(['files-unknown-event']) },
        ),
      );
      continue;
    }
    if (!Array.isArray(groups)) {
      diagnostics.push(diag('warning', 'config.invalid-group', `hooks.${event} in ${file} must be an array of matcher groups, not ${describeType(groups)}: Qwen Code skips it`, at(['hooks', event])));
      continue;
    }
    groups.forEach((group: Json, gi: number) => readGroup(group, event, gi, { file, scope, at, entries, diagnostics }));
  }
  return entries;
}

interface GroupContext {
  file: string;
  scope: Scope;
  at(path: (string | number)[]): Partial<Diagnostic>;
  entries: QwenCodeEntry[];
  diagnostics: Diagnostic[];
}

function readGroup(group: Json, event: string, gi: number, c: GroupContext): void {
  const where = `hooks.${event}[${gi}]`;
  if (!isObject(group) || !Array.isArray(group.hooks)) {
    c.diagnostics.push(diag('warning', 'config.invalid-group', `${where} in ${c.file} must be an object with a "hooks" array: Qwen Code discards this group`, c.at(['hooks', event, gi])));
    return;
  }
  let matcher: string | null = null;
  if (typeof group.matcher === 'string') matcher = group.matcher;
  else if (group.matcher !== undefined && group.matcher !== null) {
    c.diagnostics.push(diag('warning', 'config.invalid-matcher', `${where}.matcher must be a string, not ${describeType(group.matcher)}: hookplay reads it as no matcher`, c.at(['hooks', event, gi, 'matcher'])));
  }
  const sequential = typeof group.sequential === 'boolean' ? group.sequential : undefined;
  const matcherPos = group.matcher !== undefined ? c.at(['hooks', event, gi, 'matcher']) : undefined;
  group.hooks.forEach((hook: Json, hi: number) => {
    const path = ['hooks', event, gi, 'hooks', hi];
    const label = `${where}.hooks[${hi}]`;
    if (!isObject(hook)) {
      c.diagnostics.push(diag('warning', 'config.invalid-hook', `${label} must be an object, not ${describeType(hook)}: Qwen Code discards it`, c.at(path)));
      return;
    }
    const type = hook.type;
    if (typeof type !== 'string' || !HANDLER_TYPES.has(type)) {
      c.diagnostics.push(
        diag('warning', 'config.invalid-hook', `${label}.type must be "command", "http", "prompt" or "function", not ${JSON.stringify(type ?? null)}: Qwen Code discards this hook; the others still run`, {
          ...c.at([...path, 'type']),
          evidence: recorded(['files-unknown-type']),
        }),
      );
      return;
    }
    if (type !== 'command') {
      c.diagnostics.push(diag('warning', 'config.hook-type-not-run', `${label} is a "${type}" hook: Qwen Code runs it, but hookplay runs command hooks only, so it is left out`, c.at(path)));
      return;
    }
    if (typeof hook.command !== 'string' || hook.command === '') {
      c.diagnostics.push(
        diag('warning', 'config.invalid-hook', `${label} is a command hook without "command": Qwen Code discards it ("Command hook ${event} from ${c.scope} missing command field"); the others still run`, {
          ...c.at(path),
          evidence: recorded(['files-hook-without-command']),
        }),
      );
      return;
    }
    const name = typeof hook.name === 'string' && hook.name !== '' ? hook.name : undefined;
    const identity = name ?? hook.command;
    // Registry-time duplicates: same event, file, identity, matcher and sequential flag.
    const duplicate = c.entries.some((e) => e.event === event && (e.name ?? e.command) === identity && e.matcher === matcher && e.sequential === sequential);
    if (duplicate) {
      c.diagnostics.push(diag('info', 'config.duplicate-hook', `${label} repeats a hook of ${c.file} (same ${name ? 'name' : 'command'}, matcher and sequential): Qwen Code registers it once`, c.at(path)));
      return;
    }
    if (hook.async === true) {
      c.diagnostics.push(
        diag('warning', 'config.async-not-run', `${label} is async: Qwen Code starts it in the background and answers {"continue": true} at once, so it decides nothing; hookplay leaves it out`, {
          ...c.at(path),
          evidence: docs('hooks.md, async hooks'),
        }),
      );
      return;
    }
    if (hook.shell === 'powershell') {
      c.diagnostics.push(diag('warning', 'config.shell-not-run', `${label} asks for "shell": "powershell": hookplay runs hooks with bash only`, c.at([...path, 'shell'])));
    }
    const timeout = readTimeout(hook.timeout);
    if (timeout.note) c.diagnostics.push(diag('info', 'config.timeout', `${label}: ${timeout.note}`, { ...c.at([...path, 'timeout']), evidence: recorded(timeout.cases) }));
    const env: Record<string, string> = {};
    if (isObject(hook.env)) for (const [k, v] of Object.entries(hook.env)) if (typeof v === 'string') env[k] = v;
    const pos = c.at(path);
    c.entries.push({
      event,
      command: hook.command,
      source: c.file,
      scope: c.scope,
      ...(pos.line !== undefined ? { line: pos.line } : {}),
      ...(pos.column !== undefined ? { column: pos.column } : {}),
      ...(name ? { name } : {}),
      matcher,
      ...(matcherPos?.line !== undefined ? { matcherAt: { line: matcherPos.line, column: matcherPos.column ?? 1 } } : {}),
      sequential,
      key: name ? `${name}:${hook.command}` : hook.command,
      timeout,
      timeoutMs: timeout.ms,
      env,
    });
  });
}

/**
 * Qwen Code resolves `$VAR` and `${VAR}` in every string of a settings file from its own environment when it loads
 * the file (resolveEnvVarsInString; SESSION_ID and QWEN_CODE_SESSION_ID are left alone): a hook command naming a
 * variable the CLI was started with runs with its value written in (recorded: env-*). hookplay knows the variables
 * the scenario gives the host (host.env); the rest of the CLI's environment (HOME, PATH …) bash expands to the same
 * value anyway. Unknown names stay as written.
 */
export function resolveEnvVars(value: Json, env: Record<string, string>): Json {
  if (typeof value === 'string') {
    return value.replace(/\$(?:(\w+)|{([^}]+)})/g, (match, a: string | undefined, b: string | undefined) => {
      const name = (a ?? b)!;
      if (['SESSION_ID', 'QWEN_CODE_SESSION_ID'].includes(name.toUpperCase())) return match;
      return typeof env[name] === 'string' ? env[name]! : match;
    });
  }
  if (Array.isArray(value)) return value.map((v) => resolveEnvVars(v, env));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveEnvVars(v, env)]));
  return value;
}
