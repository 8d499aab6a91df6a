import { parseScenario, runScenario, type Diagnostic, type Outcome } from '@hookplay/engine';
import { inFinishingOrder } from '../support/order.js';

export type Hook = { type?: string; command?: string; timeout?: unknown; [k: string]: unknown };
export type Group = { matcher?: string; hooks: Hook[] };

export const PROJECT = '.claude/settings.json';
export const USER = '~/.claude/settings.json';
export const LOCAL = '.claude/settings.local.json';

export const cmd = (command: string, extra: Partial<Hook> = {}): Hook => ({ type: 'command', command, ...extra });
/** `hooks` in declaration order, made to finish in `order` (indexes, first to finish first) whatever the load. */
export function ordered(hooks: Hook[], order: number[]): Hook[] {
  const commands = inFinishingOrder(hooks.map((h) => h.command ?? ''), order);
  return hooks.map((h, i) => ({ ...h, command: commands[i]! }));
}
/** A command printing `value` as JSON. */
export const say = (value: unknown): string => `printf '%s' '${JSON.stringify(value).replace(/'/g, `'\\''`)}'`;
export const pre = (fields: Record<string, unknown>) => say({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...fields } });

/** A settings.json text, pretty-printed like a real file so positions are realistic. */
export function settings(hooks: Record<string, Group[]>, extra: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ ...extra, hooks }, null, 2)}\n`;
}

export interface RunInput {
  event: string;
  files?: Record<string, string>;
  /** Shorthand: the project settings' groups for `event`. */
  groups?: Group[];
  payload?: Record<string, unknown>;
  version?: string;
  env?: Record<string, string>;
}

export const BASH = { tool_name: 'Bash', tool_input: { command: 'echo original', description: 'run the command' }, tool_use_id: 'toolu_1' };

export function runClaudeCode({ event, files = {}, groups, payload, version, env }: RunInput): Promise<Outcome> {
  const all = groups ? { [PROJECT]: settings({ [event]: groups }), ...files } : files;
  const host = { ...(version ? { version } : {}), ...(env ? { env } : {}) };
  const scenario = parseScenario({ hookplay: 1, dialect: 'claude-code', host, files: all, event, payload: payload ?? (event === 'PreToolUse' ? BASH : {}) });
  return runScenario(scenario);
}

/** PreToolUse on Bash with these hooks in one match-all group. */
export const preToolUse = (hooks: Hook[]) => runClaudeCode({ event: 'PreToolUse', groups: [{ matcher: 'Bash', hooks }] });

export const codes = (outcome: { diagnostics: Diagnostic[] }): string[] => outcome.diagnostics.map((d) => d.code);
export const withCode = (outcome: { diagnostics: Diagnostic[] }, code: string): Diagnostic[] => outcome.diagnostics.filter((d) => d.code === code);
