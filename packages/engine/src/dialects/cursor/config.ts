import type { Diagnostic } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import { isObject } from '../../util/json.js';
import { parseJsonDocument } from '../../util/positions.js';
import type { HookEntry, LoadResult } from '../dialect.js';
import { diag } from '../shared/results.js';
import { CURSOR_EVENTS, FROM_CLAUDE } from './events.js';

export const PROJECT_HOOKS = '.cursor/hooks.json';
export const USER_HOOKS = '~/.cursor/hooks.json';
const CLAUDE_FILES = ['.claude/settings.local.json', '.claude/settings.json', '~/.claude/settings.json'] as const;

/**
 * hookplay's default per-hook timeout for Cursor. The docs give a `timeout` key but, as hookplay reads them, no
 * default: this one is hookplay's assumption, said as such.
 */
export const ASSUMED_TIMEOUT_S = 60;

export interface CursorEntry extends HookEntry {
  /** Where it came from: Cursor's own files come before Claude Code's (which load at lower priority). */
  origin: 'cursor' | 'claude';
  /** The event name as written (a Claude Code name, for a hook from Claude Code's files). */
  writtenEvent: string;
}

export interface CursorSettings {
  claudeHooks: boolean;
}

const EVENT_NAMES = new Set(CURSOR_EVENTS.map((e) => e.name));

/**
 * Cursor's loading, from its docs: `.cursor/hooks.json` in the project and `~/.cursor/hooks.json` (`{"version": 1,
 * "hooks": {"<event>": [{"command", "timeout"?, "matcher"?}]}}`; an enterprise file too, which hookplay does not
 * model), then, when third-party hooks are on, Claude Code's settings files, their event names mapped to Cursor's.
 * All of it is from the docs only.
 */
export function loadCursor(files: Record<string, string>, host: HostSettings): LoadResult<CursorEntry> {
  const diagnostics: Diagnostic[] = [];
  const entries: CursorEntry[] = [];
  const claudeHooks = host.thirdPartyHooks !== false;
  for (const file of [PROJECT_HOOKS, USER_HOOKS]) {
    const text = files[file];
    if (text === undefined) continue;
    const doc = parseJsonDocument(text);
    if (doc.error || !isObject(doc.value)) {
      diagnostics.push(diag('error', 'config.invalid-json', `${file} is not a JSON object: Cursor loads none of its hooks (from the docs: what Cursor does with a broken file is not stated; hookplay assumes it skips the file)`, { file, ...(doc.error ? { line: doc.error.line, column: doc.error.column } : {}) }));
      continue;
    }
    if (doc.value.version !== 1) diagnostics.push(diag('warning', 'config.version', `${file}: "version" should be 1 (the docs' schema version); hookplay reads the hooks anyway`, { file, ...(doc.locate(['version']) ?? {}) }));
    const hooks = doc.value.hooks;
    if (!isObject(hooks)) continue;
    for (const [event, list] of Object.entries(hooks)) {
      if (!EVENT_NAMES.has(event)) {
        const claude = FROM_CLAUDE[event];
        diagnostics.push(diag('warning', 'config.unknown-event', `${file}: "${event}" is not a Cursor hook event${claude ? ` (Claude Code's ${event} is "${claude}" in Cursor's own files)` : ''}: it never fires`, { file, ...(doc.locate(['hooks', event]) ?? {}) }));
        continue;
      }
      if (!Array.isArray(list)) continue;
      list.forEach((h, i) => {
        if (!isObject(h) || typeof h.command !== 'string') return diagnostics.push(diag('warning', 'config.invalid-hook', `${file}: hooks.${event}[${i}] has no "command" string: left out`, { file, ...(doc.locate(['hooks', event, i]) ?? {}) }));
        const timeoutS = typeof h.timeout === 'number' && h.timeout > 0 ? h.timeout : ASSUMED_TIMEOUT_S;
        const pos = doc.locate(['hooks', event, i]);
        entries.push({ event, writtenEvent: event, command: h.command, source: file, origin: 'cursor', matcher: typeof h.matcher === 'string' ? h.matcher : null, timeoutMs: timeoutS * 1000, ...(pos ? { line: pos.line } : {}) });
      });
    }
  }
  for (const file of CLAUDE_FILES) {
    const text = files[file];
    if (text === undefined) continue;
    if (!claudeHooks) {
      diagnostics.push(diag('info', 'config.third-party-off', `${file} is not read: third-party hooks are off (host.thirdPartyHooks: false), so Cursor loads only its own hooks.json files`, { file }));
      continue;
    }
    const doc = parseJsonDocument(text);
    if (doc.error || !isObject(doc.value) || !isObject(doc.value.hooks)) continue;
    for (const [event, groups] of Object.entries(doc.value.hooks)) {
      const mapped = FROM_CLAUDE[event];
      if (!mapped) {
        diagnostics.push(diag('warning', 'config.claude-event-unmapped', `${file}: Claude Code's ${event} has no Cursor equivalent in the docs' mapping: its hooks never fire in Cursor`, { file, ...(doc.locate(['hooks', event]) ?? {}) }));
        continue;
      }
      if (!Array.isArray(groups)) continue;
      groups.forEach((g, gi) => {
        if (!isObject(g) || !Array.isArray(g.hooks)) return;
        g.hooks.forEach((h, hi) => {
          if (!isObject(h) || h.type !== 'command' || typeof h.command !== 'string') return;
          const pos = doc.locate(['hooks', event, gi, 'hooks', hi]);
          const timeoutS = typeof h.timeout === 'number' && h.timeout > 0 ? h.timeout : ASSUMED_TIMEOUT_S;
          entries.push({ event: mapped, writtenEvent: event, command: h.command, source: file, origin: 'claude', matcher: typeof g.matcher === 'string' ? g.matcher : null, timeoutMs: timeoutS * 1000, ...(pos ? { line: pos.line } : {}) });
        });
      });
    }
  }
  if (entries.some((e) => e.origin === 'claude')) {
    diagnostics.push(diag('info', 'config.claude-hooks-loaded', "Claude Code's settings hooks load in Cursor through its third-party hooks (on in hookplay unless host.thirdPartyHooks is false; whether a Cursor install has it on by default is not certain from the docs), at lower priority than Cursor's own hooks.json, with their event names mapped to Cursor's"));
  }
  return { entries, diagnostics, settings: { claudeHooks } satisfies CursorSettings as unknown as Record<string, unknown> };
}
