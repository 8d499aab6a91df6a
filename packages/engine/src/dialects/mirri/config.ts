import { parse, TomlError } from 'smol-toml';
import type { Diagnostic } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import { locateTomlArrayEntry } from '../../util/positions.js';
import type { HookEntry, LoadResult } from '../dialect.js';
import { diag } from '../shared/results.js';
import { MIRRI_EVENTS, MIRRI_V1_ONLY_EVENTS } from './events.js';

export const MIRRI_CONFIG = '~/.mirri-code/config.toml';
export const MIRRI_FIELDS = ['event', 'matcher', 'command', 'timeout', 'failClosed'] as const;
export const REWRITE_ENV = 'MIRRICODE_EXPERIMENTAL_HOOK_COMMAND_REWRITE';
const DEFAULT_TIMEOUT_S = 30;

export interface MirriEntry extends HookEntry {
  failClosed: boolean;
}

export interface MirriSettings {
  engine: 'v1' | 'v2';
  /** The experimental flag hook-command-rewrite, from `[experimental]` or the environment. */
  rewrite: boolean;
  rewriteFrom: string | null;
}

const EVENT_NAMES = new Set(MIRRI_EVENTS.map((e) => e.name));

function timeoutSeconds(raw: unknown, at: Partial<Diagnostic>, diagnostics: Diagnostic[]): number {
  if (raw === undefined) return DEFAULT_TIMEOUT_S;
  if (typeof raw !== 'number' || !Number.isFinite(raw) || raw <= 0) {
    diagnostics.push(diag('warning', 'config.timeout-default', `timeout ${String(raw)} is not a positive number of seconds; Mirri uses the default ${DEFAULT_TIMEOUT_S} s`, at));
    return DEFAULT_TIMEOUT_S;
  }
  if (raw < 1 || raw > 600) {
    const clamped = Math.min(600, Math.max(1, raw));
    diagnostics.push(diag('warning', 'config.timeout-range', `timeout ${raw} is outside 1–600 seconds; it counts as ${clamped} s`, at));
    return clamped;
  }
  return raw;
}

function describeType(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (value instanceof Date) return 'a date';
  return typeof value === 'object' ? 'a table' : `a ${typeof value}`;
}

/**
 * Reads `~/.mirri-code/config.toml` as Mirri does: a TOML syntax error or any invalid `[[hooks]]` entry
 * (unknown field, missing or mistyped field) fails the whole file, so no hook runs at all.
 */
export function loadMirriConfig(files: Record<string, string>, host: HostSettings): LoadResult<MirriEntry> {
  const diagnostics: Diagnostic[] = [];
  const engine = host.engine ?? 'v1';
  const envFlag = host.env?.[REWRITE_ENV];
  const settings: MirriSettings = { engine, rewrite: false, rewriteFrom: null };
  const result = (entries: MirriEntry[]): LoadResult<MirriEntry> => ({ entries, diagnostics, settings: { ...settings } });

  for (const key of Object.keys(files)) {
    if (key !== MIRRI_CONFIG && /(^|\/)\.mirri-code\/config\.toml$/.test(key)) {
      diagnostics.push(diag('warning', 'config.ignored-file', `Mirri reads hooks only from ${MIRRI_CONFIG}; ${key} is never read`, { file: key }));
    }
  }
  if (envFlag !== undefined && ['true', '1'].includes(envFlag.toLowerCase())) {
    settings.rewrite = true;
    settings.rewriteFrom = `environment ${REWRITE_ENV}=${envFlag}`;
  }

  const text = files[MIRRI_CONFIG];
  if (text === undefined) {
    diagnostics.push(diag('info', 'config.missing', `no ${MIRRI_CONFIG}: Mirri has no hooks`));
    return result([]);
  }
  const file = MIRRI_CONFIG;
  let doc: Record<string, unknown>;
  try {
    doc = parse(text) as Record<string, unknown>;
  } catch (e) {
    if (e instanceof TomlError) {
      const message = e.message.split('\n')[0] ?? e.message;
      diagnostics.push(diag('error', 'config.toml-syntax', `${message}; the config fails to load and no hook runs`, { file, line: e.line, column: e.column }));
    } else {
      diagnostics.push(diag('error', 'config.toml-syntax', `${(e as Error).message}; the config fails to load`, { file }));
    }
    return result([]);
  }

  const experimental = doc.experimental;
  if (experimental !== undefined && typeof experimental === 'object' && experimental !== null) {
    const flag = (experimental as Record<string, unknown>)['hook-command-rewrite'];
    if (flag === true && !settings.rewrite) {
      settings.rewrite = true;
      settings.rewriteFrom = '[experimental] hook-command-rewrite = true';
    }
  }

  const hooks = doc.hooks;
  /** Where `hooks` is defined when it is not a [[hooks]] header: `hooks = [...]` (inline tables) or `[hooks]`. */
  const hooksLine = text.split('\n').findIndex((l) => /^\s*(\[\s*hooks\s*\]|hooks\s*=)/.test(l)) + 1;
  if (hooks === undefined) {
    diagnostics.push(diag('info', 'config.no-hooks', 'the config has no [[hooks]] entries', { file }));
    return result([]);
  }
  if (!Array.isArray(hooks)) {
    diagnostics.push(diag('error', 'config.hooks-not-array', `hooks must be an array of tables ([[hooks]]), not ${describeType(hooks)}; the config fails to load`, { file, line: hooksLine || 1 }));
    return result([]);
  }

  const entries: MirriEntry[] = [];
  let failed = false;
  hooks.forEach((raw, i) => {
    // Entries written inline (`hooks = [{ ... }]`) have no [[hooks]] header: point at the `hooks =` line.
    const at = (key?: string): Partial<Diagnostic> => ({ file, ...(locateTomlArrayEntry(text, 'hooks', i, key) ?? (hooksLine ? { line: hooksLine, column: 1 } : {})) });
    const label = `[[hooks]] #${i + 1}`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      diagnostics.push(diag('error', 'config.entry-type', `${label} must be a table`, at()));
      failed = true;
      return;
    }
    const e = raw as Record<string, unknown>;
    for (const key of Object.keys(e)) {
      if (!(MIRRI_FIELDS as readonly string[]).includes(key)) {
        diagnostics.push(
          diag('error', 'config.unknown-field', `unknown field "${key}" in ${label}: Mirri allows only ${MIRRI_FIELDS.join(', ')}, and an extra field makes the whole config fail to load (no hook runs)`, at(key)),
        );
        failed = true;
      }
    }
    for (const key of ['event', 'command'] as const) {
      if (e[key] === undefined) {
        diagnostics.push(diag('error', 'config.missing-field', `${label} has no "${key}" (required); the config fails to load`, at()));
        failed = true;
      } else if (typeof e[key] !== 'string') {
        diagnostics.push(diag('error', 'config.field-type', `${label} "${key}" must be a string, not ${describeType(e[key])}; the config fails to load`, at(key)));
        failed = true;
      }
    }
    if (e.matcher !== undefined && typeof e.matcher !== 'string') {
      diagnostics.push(diag('error', 'config.field-type', `${label} "matcher" must be a string, not ${describeType(e.matcher)}; the config fails to load`, at('matcher')));
      failed = true;
    }
    if (e.failClosed !== undefined && typeof e.failClosed !== 'boolean') {
      diagnostics.push(diag('error', 'config.field-type', `${label} "failClosed" must be true or false, not ${describeType(e.failClosed)}; the config fails to load`, at('failClosed')));
      failed = true;
    }
    if (e.timeout !== undefined && typeof e.timeout !== 'number') {
      diagnostics.push(diag('error', 'config.field-type', `${label} "timeout" must be a number of seconds, not ${describeType(e.timeout)}; the config fails to load`, at('timeout')));
      failed = true;
    }
    if (failed || typeof e.event !== 'string' || typeof e.command !== 'string') return;

    if (!EVENT_NAMES.has(e.event) || (engine === 'v2' && MIRRI_V1_ONLY_EVENTS.has(e.event))) {
      const why = EVENT_NAMES.has(e.event) ? `${e.event} does not exist on engine v2` : `unknown event "${e.event}"`;
      diagnostics.push(diag('warning', 'config.unknown-event', `${label}: ${why}; the entry is ignored and never fires`, at('event')));
      return;
    }
    const failClosed = e.failClosed === true;
    if (failClosed && engine === 'v2') {
      diagnostics.push(
        diag('info', 'divergence.v2-failclosed', `${label} sets failClosed: the docs keep such entries on engine v2, but the real v2 engine drops entries that carry failClosed (hookplay follows the docs)`, at('failClosed')),
      );
    }
    entries.push({
      event: e.event,
      command: e.command,
      matcher: typeof e.matcher === 'string' ? e.matcher : null,
      timeoutMs: timeoutSeconds(e.timeout, at('timeout'), diagnostics) * 1000,
      failClosed,
      source: file,
      line: at().line,
    });
  });

  if (failed) return result([]);
  return result(entries);
}
