import { parse as parseToml, TomlError } from 'smol-toml';
import type { Diagnostic, Evidence } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import { isObject, type Json } from '../../util/json.js';
import { parseJsonDocument, type Position } from '../../util/positions.js';
import { closest } from '../../util/suggest.js';
import type { HookEntry, LoadResult } from '../dialect.js';
import { diag } from '../shared/results.js';
import { CODEX_EVENTS, EVENT_NAMES, MATCHER_FIELD, OTHER_CODEX_EVENTS } from './events.js';
import { invalidMatcher } from './match.js';
import { docs, recorded } from './verified.js';

export const USER_HOOKS = '~/.codex/hooks.json';
export const USER_CONFIG = '~/.codex/config.toml';
export const PROJECT_HOOKS = '.codex/hooks.json';
export const PROJECT_CONFIG = '.codex/config.toml';

/** Seconds a hook gets when it sets no `timeout`. */
export const DEFAULT_TIMEOUT_S = 600;
/** SessionEnd hooks get at most this many seconds. */
export const SESSION_END_MAX_S = 3;

export type Layer = 'user' | 'project';

/** Config layers in Codex's discovery order (lowest precedence first); in each, hooks.json before config.toml. */
export const LAYERS: { layer: Layer; json: string; toml: string }[] = [
  { layer: 'user', json: USER_HOOKS, toml: USER_CONFIG },
  { layer: 'project', json: PROJECT_HOOKS, toml: PROJECT_CONFIG },
];

export interface CodexEntry extends HookEntry {
  layer: Layer;
  /** The handler's position in Codex's discovery order over every file (its `display_order`). */
  order: number;
  column?: number;
  matcherAt?: Position;
  timeoutS: number;
  /** `async: true`: Codex starts it and does not wait for it. */
  async: boolean;
  /** Project hooks in an untrusted project: loaded, never run. */
  untrusted: boolean;
}

export interface CodexSettings {
  /** The file that sets `[features] hooks = false`, if any. */
  disabledBy: string | null;
  /** What Codex itself prints about the config (warnings in `codex exec --json`), with file keys for paths. */
  notices: { file: string; text: string }[];
  trusted: boolean;
  /** A config.toml Codex cannot load: it prints "Error loading config.toml: …" and exits 1 before anything runs. */
  startupError: { file: string; message: string } | null;
}

function describeType(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

interface FileContext {
  file: string;
  layer: Layer;
  untrusted: boolean;
  at(path: (string | number)[]): Partial<Diagnostic>;
  entries: CodexEntry[];
  diagnostics: Diagnostic[];
  notices: CodexSettings['notices'];
  /** Problems that make serde reject the whole file. */
  fatal: Diagnostic[];
  next(): number;
}

const E = {
  fileDropped: recorded('config-invalid-json-drops-file', 'config-missing-type-drops-file', 'timeout-float-drops-file'),
  unknownEvent: recorded('config-unknown-event-ignored'),
  flat: recorded('config-flat-handler-is-empty'),
  prompt: recorded('config-prompt-handler-skipped'),
  empty: recorded('config-empty-command-skipped'),
  matcher: recorded('matcher-invalid-regex-drops-group'),
  both: recorded('config-toml-and-json'),
  trust: recorded('config-untrusted-project'),
  disabled: recorded('config-features-hooks-false'),
  timeoutSec: recorded('timeout-sec-alias-ignored'),
  sessionEnd: recorded('session-end-runs', 'session-end-timeout-clamped'),
};

/**
 * Reads Codex's hook config as 0.171.0 does (each fact checked with the oracle):
 * - `~/.codex/hooks.json` and inline `[hooks]` in `~/.codex/config.toml`, then the project's `.codex/` files,
 *   which load only in a trusted project; every file's hooks add up, nothing overrides;
 * - a hooks.json that serde rejects (invalid JSON, a handler without `type`, a non-integer timeout, a wrong
 *   type) is dropped whole, with a warning; the other files still count;
 * - unknown or wrong-case event names are ignored silently; prompt/agent handlers and empty commands are
 *   skipped with a warning; a matcher that is not a valid regex drops its group with a warning.
 */
export function loadCodexConfig(files: Record<string, string>, host: HostSettings): LoadResult<CodexEntry> {
  const diagnostics: Diagnostic[] = [];
  const trusted = host.trusted !== false;
  const settings: CodexSettings = { disabledBy: null, notices: [], trusted, startupError: null };
  const entries: CodexEntry[] = [];
  let order = 0;
  warnAboutUnreadFiles(files, diagnostics);

  for (const { layer, json, toml } of LAYERS) {
    const untrusted = layer === 'project' && !trusted;
    const present = [json, toml].filter((f) => files[f] !== undefined);
    if (untrusted && present.length) {
      diagnostics.push(
        diag('warning', 'config.untrusted-project', `the project is not trusted (host.trusted is false): Codex loads nothing from ${present.join(' and ')}, so none of its hooks run; user hooks still do`, {
          file: present[0]!,
          evidence: E.trust,
        }),
      );
    }
    let jsonHooks = false;
    let tomlHooks = false;
    if (files[json] !== undefined) {
      jsonHooks = readHooksJson(files[json]!, { file: json, layer, untrusted, entries, diagnostics, notices: settings.notices, next: () => order++ });
    }
    if (files[toml] !== undefined) {
      const read = readConfigToml(files[toml]!, toml, layer, untrusted, entries, diagnostics, settings.notices, () => order++);
      tomlHooks = read.hasHooks;
      if (read.startupError && !untrusted && !settings.startupError) settings.startupError = { file: toml, message: read.startupError };
      if (read.hooksDisabled && !untrusted && !settings.disabledBy) settings.disabledBy = toml;
    }
    if (jsonHooks && tomlHooks && !untrusted) {
      const text = `loading hooks from both ${json} and ${toml}; prefer a single representation for this layer`;
      // Codex prints this before the layer's own warnings.
      settings.notices.splice(noticeIndexFor(settings.notices, json, toml), 0, { file: json, text });
      diagnostics.push(diag('info', 'config.both-forms', `${json} and ${toml} both declare hooks: Codex runs both and warns "${text}"`, { file: toml, evidence: E.both }));
    }
  }
  if (settings.disabledBy) {
    diagnostics.push(diag('warning', 'config.hooks-disabled', `${settings.disabledBy} sets [features] hooks = false: no hook runs, whichever file declares it`, { file: settings.disabledBy, evidence: E.disabled }));
  }
  if (Object.keys(files).every((f) => !LAYERS.some((l) => l.json === f || l.toml === f))) {
    diagnostics.push(diag('info', 'config.missing', `no ${USER_HOOKS}, ${USER_CONFIG}, ${PROJECT_HOOKS} or ${PROJECT_CONFIG}: Codex has no hooks`));
  }
  return { entries, diagnostics, settings: { ...settings } };
}

function noticeIndexFor(notices: CodexSettings['notices'], json: string, toml: string): number {
  const i = notices.findIndex((n) => n.file === json || n.file === toml);
  return i < 0 ? notices.length : i;
}

function warnAboutUnreadFiles(files: Record<string, string>, diagnostics: Diagnostic[]): void {
  const read = new Set(LAYERS.flatMap((l) => [l.json, l.toml]));
  for (const key of Object.keys(files)) {
    if (read.has(key)) continue;
    if (/(^|\/)\.codex\/[^/]*\.(json|toml)$/.test(key) || /(^|\/)hooks\.json$/.test(key)) {
      diagnostics.push(diag('warning', 'config.ignored-file', `Codex never reads ${key} for hooks: it reads ${[...read].join(', ')}`, { file: key }));
    }
  }
}

/** Returns whether the file declared any hooks (for the "both forms" warning). */
function readHooksJson(text: string, c: Omit<FileContext, 'at' | 'fatal'>): boolean {
  const { file } = c;
  const doc = parseJsonDocument(text);
  if (doc.error) {
    c.notices.push({ file, text: `failed to parse hooks config ${file}: ${doc.error.message} at line ${doc.error.line} column ${doc.error.column}` });
    c.diagnostics.push(
      diag('error', 'config.invalid-json', `${file} is not valid JSON (${doc.error.message}): Codex drops the whole file, so none of its hooks run; the other files still count`, {
        file,
        line: doc.error.line,
        column: doc.error.column,
        evidence: E.fileDropped,
      }),
    );
    return false;
  }
  const at = (path: (string | number)[]): Partial<Diagnostic> => ({ file, ...(doc.locate(path) ?? { line: 1, column: 1 }) });
  const ctx: FileContext = { ...c, at, fatal: [] };
  const root = doc.value;
  const mine: CodexEntry[] = [];
  const local = { ...ctx, entries: mine, diagnostics: [] as Diagnostic[], notices: [] as CodexSettings['notices'] };
  if (Array.isArray(root) && root.length === 0) {
    local.diagnostics.push(diag('warning', 'config.hooks-array', `${file} holds an empty array: Codex reads it as no hooks at all, silently. Write {"hooks": {…}}`, { file, line: 1, column: 1, evidence: recorded('config-root-array') }));
  } else if (!isObject(root)) {
    ctx.fatal.push(fatal(ctx, [], `${file} must hold a JSON object, not ${describeType(root)}`));
  } else if (root.hooks !== undefined) {
    readHooksTable(root.hooks, ['hooks'], local);
  }
  const problems = [...ctx.fatal, ...local.fatal];
  if (problems.length) {
    c.notices.push({ file, text: `failed to parse hooks config ${file}: ${problems[0]!.message.split(': Codex')[0]}` });
    c.diagnostics.push(...problems);
    return false;
  }
  c.entries.push(...inDiscoveryOrder(mine).map((e) => ({ ...e, order: c.next() })));
  c.diagnostics.push(...local.diagnostics);
  c.notices.push(...local.notices);
  return mine.length > 0 || local.notices.length > 0;
}

function fatal(c: Pick<FileContext, 'file' | 'at'>, path: (string | number)[], what: string): Diagnostic {
  return diag('error', 'config.invalid-hook', `${what}: Codex cannot parse ${c.file}, so it drops the whole file (the other files still count)`, { ...c.at(path), evidence: E.fileDropped });
}

/** The `hooks` table: event name → matcher groups. Shared by hooks.json and config.toml. */
function readHooksTable(hooks: unknown, base: (string | number)[], c: FileContext): void {
  if (Array.isArray(hooks) && hooks.length === 0) {
    // serde reads an empty array as a struct with every field left out: no hooks, and no warning.
    c.diagnostics.push(diag('warning', 'config.hooks-array', '"hooks" is an empty array: Codex reads it as no hooks at all, silently. Write an object of event names', { ...c.at(base), evidence: recorded('config-hooks-not-object') }));
    return;
  }
  if (!isObject(hooks as Json)) {
    c.fatal.push(fatal(c, base, `"hooks" must be an object of event names, not ${describeType(hooks)}`));
    return;
  }
  for (const [event, groups] of Object.entries(hooks as Record<string, unknown>)) {
    if (event === 'state') continue; // [hooks.state] holds trust hashes, not hooks
    if (!EVENT_NAMES.has(event)) {
      if (OTHER_CODEX_EVENTS.has(event)) {
        c.diagnostics.push(diag('info', 'config.event-not-emulated', `${event} is a Codex event hookplay does not emulate: its hooks load but cannot be run here`, { ...c.at([...base, event]), evidence: docs('the event schemas embedded in the codex binary') }));
      } else {
        const hint = closest(event, CODEX_EVENTS.map((e) => e.name));
        c.diagnostics.push(
          diag('warning', 'config.unknown-event', `"${event}" is not a Codex event${hint ? ` (did you mean "${hint}"?)` : ''}: Codex ignores it silently; the file's other events still count`, { ...c.at([...base, event]), evidence: E.unknownEvent }),
        );
      }
      continue;
    }
    if (event === 'PreModelRequest' || event === 'PostModelRequest') {
      c.diagnostics.push(
        diag('info', 'divergence.undocumented-event', `${event} is not in Codex’s hook docs, but the 0.171.0 binary fires it around every model request (it cannot block)`, { ...c.at([...base, event]), evidence: recorded('model-request-cannot-block') }),
      );
    }
    if (!Array.isArray(groups)) {
      c.fatal.push(fatal(c, [...base, event], `hooks.${event} must be an array of matcher groups, not ${describeType(groups)}`));
      continue;
    }
    groups.forEach((group, gi) => readGroup(group, event, [...base, event, gi], c));
  }
}

function readGroup(group: unknown, event: string, path: (string | number)[], c: FileContext): void {
  const where = `hooks.${event}[${path[path.length - 1]}]`;
  if (!isObject(group as Json)) return void c.fatal.push(fatal(c, path, `${where} must be an object with "hooks", not ${describeType(group)}`));
  const g = group as Record<string, unknown>;
  if (g.matcher !== undefined && g.matcher !== null && typeof g.matcher !== 'string') {
    return void c.fatal.push(fatal(c, [...path, 'matcher'], `${where}.matcher must be a string, not ${describeType(g.matcher)}`));
  }
  if (g.hooks === undefined) {
    // serde fills a missing list with nothing: a handler written straight into the event array is an empty group.
    if (g.type !== undefined || g.command !== undefined) {
      c.diagnostics.push(
        diag('warning', 'config.flat-handler', `${where} is a handler written directly in the event array: Codex reads it as a matcher group with no "hooks" list, so nothing runs (and it says nothing). Wrap it: {"hooks": [ … ]}`, {
          ...c.at(path),
          evidence: E.flat,
        }),
      );
    }
    return;
  }
  if (!Array.isArray(g.hooks)) return void c.fatal.push(fatal(c, [...path, 'hooks'], `${where}.hooks must be an array of handlers, not ${describeType(g.hooks)}`));
  const matcher = typeof g.matcher === 'string' ? g.matcher : null;
  const matcherPos = g.matcher !== undefined ? c.at([...path, 'matcher']) : undefined;
  const handlers: CodexEntry[] = [];
  let skip = false;
  if (MATCHER_FIELD[event] !== undefined) {
    const invalid = invalidMatcher(matcher);
    if (invalid) {
      c.notices.push({ file: c.file, text: `invalid matcher ${JSON.stringify(matcher)} in ${c.file}: ${invalid}` });
      c.diagnostics.push(diag('warning', 'config.invalid-matcher', `${where}.matcher ${JSON.stringify(matcher)} is not a valid regex (${invalid}): Codex drops this group with a warning, so none of its hooks run`, { ...c.at([...path, 'matcher']), evidence: E.matcher }));
      skip = true;
    }
  }
  g.hooks.forEach((hook, hi) => {
    const hpath = [...path, 'hooks', hi];
    const label = `${where}.hooks[${hi}]`;
    if (!isObject(hook as Json)) return void c.fatal.push(fatal(c, hpath, `${label} must be an object, not ${describeType(hook)}`));
    const h = hook as Record<string, unknown>;
    if (h.type === undefined) return void c.fatal.push(fatal(c, hpath, `${label} has no "type" (missing field \`type\`)`));
    if (h.type === 'prompt' || h.type === 'agent') {
      c.notices.push({ file: c.file, text: `skipping ${h.type} hook in ${c.file}: ${h.type} hooks are not supported yet` });
      c.diagnostics.push(diag('warning', 'config.hook-type-not-run', `${label} is a "${h.type}" hook: Codex skips it with a warning (only command hooks run); its siblings still run`, { ...c.at(hpath), evidence: E.prompt }));
      return;
    }
    if (h.type !== 'command') return void c.fatal.push(fatal(c, [...hpath, 'type'], `${label}.type must be "command", "prompt" or "agent", not ${JSON.stringify(h.type)}`));
    if (typeof h.command !== 'string') return void c.fatal.push(fatal(c, h.command === undefined ? hpath : [...hpath, 'command'], `${label} has no "command" string`));
    let timeoutS = DEFAULT_TIMEOUT_S;
    if (h.timeout !== undefined && h.timeout !== null) {
      if (typeof h.timeout !== 'number' || !Number.isInteger(h.timeout) || h.timeout < 0) {
        return void c.fatal.push(fatal(c, [...hpath, 'timeout'], `${label}.timeout must be a whole number of seconds, not ${JSON.stringify(h.timeout)}`));
      }
      timeoutS = Math.max(1, h.timeout);
    }
    if (h.async !== undefined && typeof h.async !== 'boolean') return void c.fatal.push(fatal(c, [...hpath, 'async'], `${label}.async must be true or false`));
    if (h.statusMessage !== undefined && h.statusMessage !== null && typeof h.statusMessage !== 'string') return void c.fatal.push(fatal(c, [...hpath, 'statusMessage'], `${label}.statusMessage must be a string`));
    for (const alias of ['timeoutSec', 'timeout_sec'] as const) {
      if (h[alias] !== undefined) {
        c.diagnostics.push(
          diag('warning', 'divergence.timeout-alias', `${label} sets "${alias}": Codex 0.171.0 ignores it (its source declares "timeoutSec" as an alias, the binary does not honour it), so the timeout is ${h.timeout !== undefined ? `"timeout" (${timeoutS} s)` : `the default ${DEFAULT_TIMEOUT_S} s`}. Use "timeout"`, {
            ...c.at([...hpath, alias]),
            evidence: E.timeoutSec,
          }),
        );
      }
    }
    if (h.command.trim() === '') {
      c.notices.push({ file: c.file, text: `skipping empty hook command in ${c.file}` });
      c.diagnostics.push(diag('warning', 'config.empty-command', `${label} has an empty command: Codex skips it with a warning`, { ...c.at(hpath), evidence: E.empty }));
      return;
    }
    if (event === 'SessionEnd' && timeoutS > SESSION_END_MAX_S) {
      // Only an explicit timeout gets the warning; the 600 s default is clamped silently.
      if (h.timeout !== undefined && h.timeout !== null) c.notices.push({ file: c.file, text: `clamping SessionEnd hook timeout to ${SESSION_END_MAX_S}s in ${c.file}` });
      c.diagnostics.push(diag('info', 'config.session-end-clamped', `${label}: SessionEnd hooks get ${SESSION_END_MAX_S} s at most; Codex clamps ${timeoutS} s to ${SESSION_END_MAX_S} s with a warning`, { ...c.at(hpath), evidence: E.sessionEnd }));
      timeoutS = SESSION_END_MAX_S;
    }
    const pos = c.at(hpath);
    handlers.push({
      event,
      command: h.command,
      source: c.file,
      layer: c.layer,
      order: 0,
      ...(pos.line !== undefined ? { line: pos.line } : {}),
      ...(pos.column !== undefined ? { column: pos.column } : {}),
      matcher,
      ...(matcherPos?.line !== undefined ? { matcherAt: { line: matcherPos.line, column: matcherPos.column ?? 1 } } : {}),
      timeoutS,
      timeoutMs: timeoutS * 1000,
      async: h.async === true,
      untrusted: c.untrusted,
    });
  });
  if (!skip) c.entries.push(...handlers);
}

interface TomlRead {
  hasHooks: boolean;
  hooksDisabled: boolean;
  /** Why Codex refuses to start with this file. */
  startupError?: string;
}

function readConfigToml(
  text: string,
  file: string,
  layer: Layer,
  untrusted: boolean,
  entries: CodexEntry[],
  diagnostics: Diagnostic[],
  notices: CodexSettings['notices'],
  next: () => number,
): TomlRead {
  let doc: Record<string, unknown>;
  try {
    doc = parseToml(text) as Record<string, unknown>;
  } catch (e) {
    const err = e as TomlError;
    const what = err.message.split('\n')[0]!;
    diagnostics.push(
      diag('error', 'config.invalid-toml', `${file} is not valid TOML (${what}): Codex prints "Error loading config.toml" and exits 1 before the session starts, so nothing runs at all`, {
        file,
        ...(err.line ? { line: err.line, column: err.column } : {}),
        evidence: recorded('config-toml-invalid'),
      }),
    );
    return { hasHooks: false, hooksDisabled: false, startupError: what };
  }
  const features = doc.features;
  const hooksDisabled = isObject(features as Json) && ((features as Record<string, unknown>).hooks === false || (features as Record<string, unknown>).codex_hooks === false);
  if (doc.hooks === undefined) return { hasHooks: false, hooksDisabled };
  const at = (path: (string | number)[]): Partial<Diagnostic> => ({ file, ...tomlPosition(text, path) });
  const mine: CodexEntry[] = [];
  const c: FileContext = { file, layer, untrusted, at, entries: mine, diagnostics: [], notices: [], fatal: [], next };
  readHooksTable(doc.hooks, ['hooks'], c);
  if (c.fatal.length) {
    // hooks.json problems drop one file; in config.toml they are config errors, and Codex does not start at all.
    diagnostics.push(
      ...c.fatal.map((d) => ({
        ...d,
        message: d.message.replace(/Codex cannot parse .*$/, `Codex cannot load ${file} ("Error loading config.toml"), so it exits 1 before the session starts and nothing runs`),
        evidence: recorded('config-toml-missing-type') as Evidence,
      })),
    );
    return { hasHooks: false, hooksDisabled, startupError: c.fatal[0]!.message.split(': Codex')[0]! };
  }
  entries.push(...inDiscoveryOrder(mine).map((e) => ({ ...e, order: next() })));
  diagnostics.push(...c.diagnostics);
  notices.push(...c.notices);
  return { hasHooks: mine.length > 0, hooksDisabled };
}

/**
 * The order Codex numbers one file's handlers in (their display_order, which a Stop hook's hook_run_id shows): by
 * event in its own fixed list, not the file's key order; groups and handlers of one event keep the file's order.
 * Recorded: x-stop-hook-run-id-order (Stop written first, after it PreModelRequest, PostModelRequest,
 * UserPromptSubmit, SessionEnd, PostToolUse: Stop is handler 5) and stop-once--calls (Stop before SessionEnd in
 * the file: Stop is 1). Where the model-request events sit among those before Stop cannot be seen; only Stop's and
 * SubagentStop's numbers reach the model.
 */
const DISCOVERY_ORDER = ['PreToolUse', 'PermissionRequest', 'PostToolUse', 'PreCompact', 'PostCompact', 'SessionStart', 'SessionEnd', 'UserPromptSubmit', 'PreModelRequest', 'PostModelRequest', 'SubagentStart', 'SubagentStop', 'Stop', 'Interrupt'];

function inDiscoveryOrder(entries: CodexEntry[]): CodexEntry[] {
  const rank = (e: CodexEntry) => {
    const at = DISCOVERY_ORDER.indexOf(e.event);
    return at < 0 ? DISCOVERY_ORDER.length : at;
  };
  return entries.map((e, i) => ({ e, i })).sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i).map(({ e }) => e);
}

/** Best-effort line of a `[[hooks.<Event>]]` entry in a TOML text, for diagnostics. */
function tomlPosition(text: string, path: (string | number)[]): Position {
  const event = typeof path[1] === 'string' ? path[1] : undefined;
  if (!event) return { line: 1, column: 1 };
  const lines = text.split('\n');
  const header = new RegExp(`^\\s*\\[\\[?\\s*hooks\\.${event}\\b`);
  const i = lines.findIndex((l) => header.test(l));
  return i < 0 ? { line: 1, column: 1 } : { line: i + 1, column: 1 };
}
