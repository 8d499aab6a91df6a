import type { Diagnostic, Evidence } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import { isObject, type Json, type JsonObject } from '../../util/json.js';
import { parseJsonDocument } from '../../util/positions.js';
import { closest } from '../../util/suggest.js';
import type { HookEntry, LoadResult } from '../dialect.js';
import { diag } from '../shared/results.js';
import { COPILOT_EVENTS, EVENT_NAMES, PASCAL_ALIASES } from './events.js';
import { docs, recorded } from './evidence.js';

export const USER_SETTINGS = '~/.copilot/settings.json';
export const USER_HOOKS_DIR = '~/.copilot/hooks/';
export const REPO_HOOKS_DIR = '.github/hooks/';
export const REPO_SETTINGS = '.github/copilot/settings.json';
export const REPO_LOCAL_SETTINGS = '.github/copilot/settings.local.json';
export const CLAUDE_SETTINGS = '.claude/settings.json';

/** The default `timeoutSec` when a hook sets none (docs: 30 seconds). */
export const DEFAULT_TIMEOUT_S = 30;

export type Level = 'user' | 'repo';

export interface CopilotEntry extends HookEntry {
  level: Level;
  /** How the CLI names the hook's source in its messages ("global settings", ".github/hooks/guard.json"). */
  sourceLabel: string;
  /** A repo-level hook in an untrusted folder: loaded to show it, never run. */
  untrusted: boolean;
  /** Its file says `"disableAllHooks": true`: none of that file's hooks run. */
  disabled: boolean;
  /** Declared under a PascalCase (Claude Code / VS Code) event name: Claude-shaped payload and output. */
  claudeShape: boolean;
  /** `cwd` as written, relative to the project unless absolute. */
  cwd?: string;
  env: Record<string, string>;
  timeoutS: number;
}

export interface CopilotSettings {
  /** Files that say `"disableAllHooks": true`: each turns off its own hooks only (recorded). */
  disabledBy: string[];
  /** Repo-level files exist but the folder is not trusted (host.trusted false): their hooks are skipped. */
  untrustedRepoFiles: string[];
  read: string[];
}

interface FileSpec {
  file: string;
  level: Level;
  label: string;
  /** `.github/hooks/*.json` and `~/.copilot/hooks/*.json` carry `version` (1, or absent). */
  versioned: boolean;
}

/**
 * The files Copilot CLI 1.0.102 reads hooks from, in the order their hooks run (checked with the oracle):
 * ~/.copilot/hooks/*.json, ~/.copilot/settings.json, then (only in a trusted folder) .github/hooks/*.json,
 * .claude/settings.json, .github/copilot/settings.json and .github/copilot/settings.local.json. Their hooks add up.
 * Files of one folder run in directory-listing order, which the CLI does not sort: hookplay uses name order.
 */
export function filesToRead(files: Record<string, string>): FileSpec[] {
  const keys = Object.keys(files);
  const inDir = (dir: string) =>
    keys
      // Subfolders count too (recorded for .github/hooks/sub/x.json); only .json files are read.
      .filter((k) => k.startsWith(dir) && k.endsWith('.json'))
      .sort();
  return [
      // The CLI names a ~/.copilot/hooks file by its absolute path: `~/` is replaced with the home directory when planning.
    ...inDir(USER_HOOKS_DIR).map((file) => ({ file, level: 'user' as const, label: file, versioned: true })),
    ...(files[USER_SETTINGS] !== undefined ? [{ file: USER_SETTINGS, level: 'user' as const, label: 'global settings', versioned: false }] : []),
    ...inDir(REPO_HOOKS_DIR).map((file) => ({ file, level: 'repo' as const, label: file, versioned: true })),
    ...[CLAUDE_SETTINGS, REPO_SETTINGS, REPO_LOCAL_SETTINGS].filter((f) => files[f] !== undefined).map((file) => ({ file, level: 'repo' as const, label: 'repo settings', versioned: false })),
  ];
}

function describeType(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * Reads every hook file as Copilot CLI 1.0.102 does:
 * - a file that is not valid JSON, or that has one invalid entry (no bash/command, a timeoutSec that is not a
 *   number, an empty matcher, a version other than 1, an event value that is not an array), loses all its hooks;
 *   the other files still count (its changelog for 1.0.71 says only the bad entry is dropped: the real CLI drops the file);
 * - an unknown event name is ignored; PascalCase names are accepted as aliases;
 * - repo-level files count only in a trusted folder (`--trust-folder`, COPILOT_ALLOW_ALL; `host.trusted`).
 */
export function loadCopilotSettings(files: Record<string, string>, host: HostSettings): LoadResult<CopilotEntry> {
  const diagnostics: Diagnostic[] = [];
  // COPILOT_ALLOW_ALL=true in the CLI's environment trusts the folder too (recorded).
  const trusted = host.trusted !== false || host.env?.COPILOT_ALLOW_ALL === 'true';
  const settings: CopilotSettings = { disabledBy: [], untrustedRepoFiles: [], read: [] };
  const entries: CopilotEntry[] = [];
  warnAboutUnreadFiles(files, diagnostics);
  const specs = filesToRead(files);
  for (const spec of specs) {
    const read = readFile(files[spec.file]!, spec, diagnostics);
    const untrusted = spec.level === 'repo' && !trusted;
    if (untrusted) settings.untrustedRepoFiles.push(spec.file);
    else settings.read.push(spec.file);
    if (read.disableAllHooks) settings.disabledBy.push(spec.file);
    entries.push(...read.entries.map((e) => ({ ...e, untrusted, disabled: read.disableAllHooks })));
  }
  if (settings.untrustedRepoFiles.length > 0) {
    diagnostics.push(
      diag(
        'warning',
        'config.untrusted-folder',
        `the folder is not trusted (host.trusted is false): Copilot CLI silently skips the repository hooks of ${settings.untrustedRepoFiles.join(', ')}; run it with --trust-folder (or COPILOT_ALLOW_ALL=true) to load them`,
        { file: settings.untrustedRepoFiles[0]!, evidence: recorded('untrusted-repo-skipped', 'trusted-repo-runs', 'allow-all-env-trusts') },
      ),
    );
  }
  if (specs.length === 0) {
    diagnostics.push(diag('info', 'config.missing', `no ${USER_SETTINGS}, ${USER_HOOKS_DIR}*.json or ${REPO_HOOKS_DIR}*.json: Copilot CLI has no hooks`));
  }
  for (const file of settings.disabledBy) {
    diagnostics.push(
      diag('warning', 'divergence.disable-all-hooks', `${file} sets "disableAllHooks": true: Copilot CLI turns off that file's hooks only, not all hooks as the name (and the docs) say; the other files' hooks still run`, {
        file,
        evidence: recorded('disable-all-hooks', 'disable-user-keeps-repo', 'disable-repo-keeps-user'),
      }),
    );
  }
  return { entries, diagnostics, settings: { ...settings } };
}

function warnAboutUnreadFiles(files: Record<string, string>, diagnostics: Diagnostic[]): void {
  for (const key of Object.keys(files)) {
    const unread =
      ['~/.copilot/config.json', '~/.copilot/settings.local.json', '.copilot/settings.json', '.github/hooks.json', '.copilot/hooks.json'].includes(key) ||
      ((key.startsWith(REPO_HOOKS_DIR) || key.startsWith(USER_HOOKS_DIR)) && !key.endsWith('.json'));
    if (unread) {
      diagnostics.push(
        diag('warning', 'config.ignored-file', `Copilot CLI does not read hooks from ${key}: it reads ${USER_HOOKS_DIR}*.json, ${USER_SETTINGS}, ${REPO_HOOKS_DIR}*.json and ${REPO_SETTINGS}`, {
          file: key,
          evidence: key.startsWith('~/.copilot/') && key.endsWith('.json') ? recorded('user-level-files') : key.startsWith(REPO_HOOKS_DIR) ? recorded('hooks-dir-non-json') : docs(),
        }),
      );
    }
  }
}

interface FileRead {
  entries: CopilotEntry[];
  disableAllHooks: boolean;
}

function readFile(text: string, spec: FileSpec, diagnostics: Diagnostic[]): FileRead {
  const { file } = spec;
  const none: FileRead = { entries: [], disableAllHooks: false };
  const doc = parseJsonDocument(text);
  if (doc.error) {
    diagnostics.push(
      diag('error', 'config.invalid-json', `${file} is not valid JSON (${doc.error.message}): Copilot CLI skips the whole file, so none of its hooks run; the other files still count`, {
        file,
        line: doc.error.line,
        column: doc.error.column,
        evidence: recorded('invalid-json-file'),
      }),
    );
    return none;
  }
  const at = (path: (string | number)[]): Partial<Diagnostic> => ({ file, ...(doc.locate(path) ?? { line: 1, column: 1 }) });
  const root = doc.value;
  if (!isObject(root)) {
    diagnostics.push(diag('error', 'config.not-object', `${file} must hold a JSON object, not ${describeType(root)}: Copilot CLI skips the whole file`, { ...at([]), evidence: docs() }));
    return none;
  }
  const problems: Diagnostic[] = [];
  const invalid = (path: (string | number)[], what: string, evidence: Evidence) =>
    problems.push(diag('error', 'config.invalid-hook', `${what}: Copilot CLI rejects the whole file, so none of ${file}'s hooks run (the other files still count)`, { ...at(path), evidence }));

  if (spec.versioned && root.version !== undefined && root.version !== 1) {
    invalid(['version'], `"version" must be 1, not ${JSON.stringify(root.version)}`, recorded('repo-file-version'));
  }
  if (root.disableAllHooks !== undefined && typeof root.disableAllHooks !== 'boolean') {
    invalid(['disableAllHooks'], `"disableAllHooks" must be a boolean, not ${describeType(root.disableAllHooks)}`, docs());
  }
  const disableAllHooks = root.disableAllHooks === true;
  const hooks = root.hooks;
  const entries: CopilotEntry[] = [];
  if (hooks !== undefined) {
    if (!isObject(hooks)) invalid(['hooks'], `"hooks" must be an object of event names, not ${describeType(hooks)}`, docs());
    else {
      for (const [key, list] of Object.entries(hooks)) {
        const event = EVENT_NAMES.has(key) ? key : PASCAL_ALIASES[key];
        if (!event) {
          const hint = closest(key, [...COPILOT_EVENTS.map((e) => e.name), ...Object.keys(PASCAL_ALIASES)]);
          diagnostics.push(
            diag('warning', 'config.unknown-event', `"${key}" is not a Copilot CLI event${hint ? ` (did you mean "${hint}"?)` : ''}: Copilot CLI ignores it; the file's other events still count`, {
              ...at(['hooks', key]),
              evidence: recorded('unknown-event-ignored'),
            }),
          );
          continue;
        }
        if (!Array.isArray(list)) {
          invalid(['hooks', key], `hooks.${key} must be an array of hooks, not ${describeType(list)}`, docs());
          continue;
        }
        list.forEach((item: Json, i: number) => readItem(item, ['hooks', key, i], { key, event, spec, at, invalid, entries, diagnostics }, null));
      }
    }
  }
  if (problems.length > 0) {
    diagnostics.push(...problems);
    if (problems.some((p) => p.message.startsWith('hooks.'))) {
      diagnostics.push(
        diag('info', 'divergence.bad-entry-drops-file', `Copilot CLI's changelog (1.0.71) says valid hooks are kept when one entry is malformed; the real 1.0.102 drops every hook of ${file}`, {
          file,
          evidence: recorded('entry-without-command-drops-file', 'timeout-not-a-number-drops-file', 'matcher-empty-drops-file'),
        }),
      );
    }
    return { entries: [], disableAllHooks };
  }
  return { entries, disableAllHooks };
}

interface ItemContext {
  key: string;
  event: string;
  spec: FileSpec;
  at(path: (string | number)[]): Partial<Diagnostic>;
  invalid(path: (string | number)[], what: string, evidence: Evidence): void;
  entries: CopilotEntry[];
  diagnostics: Diagnostic[];
}

const where = (path: (string | number)[]) => path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('').slice(1);

/** One item of an event's array: a hook, or a Claude-style `{matcher, hooks: [...]}` group (one level deep). */
function readItem(item: Json, path: (string | number)[], c: ItemContext, groupMatcher: string | null): void {
  const label = where(path);
  if (!isObject(item)) return c.invalid(path, `${label} must be an object, not ${describeType(item)}`, docs());
  let matcher = groupMatcher;
  if (item.matcher !== undefined) {
    if (typeof item.matcher !== 'string') return c.invalid([...path, 'matcher'], `${label}.matcher must be a string, not ${describeType(item.matcher)}`, docs());
    if (item.matcher === '') return c.invalid([...path, 'matcher'], `${label}.matcher cannot be empty (leave it out to match everything)`, recorded('matcher-empty-drops-file'));
    matcher = item.matcher;
  }
  if (Array.isArray(item.hooks) && item.bash === undefined && item.command === undefined) {
    if (groupMatcher !== null || path.length > 3) return c.invalid([...path, 'hooks'], `${label}: nested hooks deeper than one level are not supported`, docs());
    item.hooks.forEach((inner: Json, i: number) => readItem(inner, [...path, 'hooks', i], c, matcher));
    return;
  }
  if (item.type !== undefined && item.type !== 'command') {
    if (item.type === 'http' || item.type === 'prompt') {
      c.diagnostics.push(diag('warning', 'config.hook-type-not-run', `${label} is a "${item.type}" hook: Copilot CLI runs it, but hookplay runs command hooks only, so it is left out`, { ...c.at(path), evidence: docs() }));
      return;
    }
    return c.invalid([...path, 'type'], `${label}.type must be "command" (or http, prompt), not ${JSON.stringify(item.type)}`, docs());
  }
  const bash = typeof item.bash === 'string' ? item.bash : typeof item.command === 'string' ? item.command : undefined;
  if (bash === undefined || bash === '') {
    if (typeof item.powershell === 'string' && item.powershell !== '') {
      c.diagnostics.push(
        diag('warning', 'config.powershell-only', `${label} has only a "powershell" command: on Linux and macOS Copilot CLI runs it with pwsh, which fails when pwsh is not installed (a failing preToolUse hook denies the call)`, {
          ...c.at(path),
          evidence: recorded('powershell-only-fails'),
        }),
      );
      pushEntry(item, path, c, matcher, `pwsh -NoProfile -Command ${shellQuote(item.powershell)}`);
      return;
    }
    return c.invalid(item.bash !== undefined ? [...path, 'bash'] : path, `${label} has no "bash" (or "command") string`, recorded('entry-without-command-drops-file'));
  }
  pushEntry(item, path, c, matcher, bash);
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function pushEntry(item: JsonObject, path: (string | number)[], c: ItemContext, matcher: string | null, command: string): void {
  const label = where(path);
  const rawTimeout = item.timeoutSec ?? item.timeout;
  const timeoutKey = item.timeoutSec !== undefined ? 'timeoutSec' : 'timeout';
  if (rawTimeout !== undefined && (typeof rawTimeout !== 'number' || !Number.isFinite(rawTimeout) || rawTimeout <= 0)) {
    return c.invalid([...path, timeoutKey], `${label}.${timeoutKey} must be a positive number of seconds, not ${JSON.stringify(rawTimeout)}`, recorded('timeout-not-a-number-drops-file'));
  }
  if (item.cwd !== undefined && typeof item.cwd !== 'string') return c.invalid([...path, 'cwd'], `${label}.cwd must be a string, not ${describeType(item.cwd)}`, docs());
  const env: Record<string, string> = {};
  if (item.env !== undefined) {
    if (!isObject(item.env)) return c.invalid([...path, 'env'], `${label}.env must be an object of strings, not ${describeType(item.env)}`, docs());
    for (const [k, v] of Object.entries(item.env as JsonObject)) {
      if (typeof v !== 'string') return c.invalid([...path, 'env', k], `${label}.env.${k} must be a string, not ${describeType(v)}`, docs());
      env[k] = v;
    }
  }
  const timeoutS = typeof rawTimeout === 'number' ? rawTimeout : DEFAULT_TIMEOUT_S;
  const pos = c.at(path);
  c.entries.push({
    event: c.event,
    command,
    source: c.spec.file,
    ...(pos.line !== undefined ? { line: pos.line } : {}),
    matcher,
    timeoutMs: timeoutS * 1000,
    level: c.spec.level,
    untrusted: false,
    disabled: false,
    sourceLabel: c.spec.label,
    claudeShape: c.key !== c.event,
    ...(typeof item.cwd === 'string' ? { cwd: item.cwd } : {}),
    env,
    timeoutS,
  });
}
