import { parseScenario, runScenario, type Diagnostic, type Outcome } from '@hookplay/engine';

export type Hook = { type?: string; command?: string; timeout?: unknown; [k: string]: unknown };
export type Group = { matcher?: string; sequential?: boolean; hooks: Hook[] };

export const PROJECT = '.qwen/settings.json';
export const USER = '~/.qwen/settings.json';

export const cmd = (command: string, extra: Partial<Hook> = {}): Hook => ({ type: 'command', command, ...extra });
/** A command printing `value` as JSON. */
export const say = (value: unknown): string => `printf '%s' '${JSON.stringify(value).replace(/'/g, `'\\''`)}'`;
export const pre = (fields: Record<string, unknown>) => say({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...fields } });

export function settings(hooks: Record<string, Group[]>, extra: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ ...extra, hooks }, null, 2)}\n`;
}

export const SHELL = { tool_name: 'run_shell_command', tool_input: { command: 'echo original', description: 'run it' }, tool_use_id: 'toolu_1', tool_call_id: 'call_1' };

export interface RunInput {
  event: string;
  files?: Record<string, string>;
  groups?: Group[];
  payload?: Record<string, unknown>;
  trusted?: boolean;
}

export function runQwen({ event, files = {}, groups, payload, trusted }: RunInput): Promise<Outcome> {
  const all = groups ? { [PROJECT]: settings({ [event]: groups }), ...files } : files;
  const scenario = parseScenario({ hookplay: 1, dialect: 'qwen-code', host: trusted === undefined ? {} : { trusted }, files: all, event, payload: payload ?? (event === 'PreToolUse' ? SHELL : {}) });
  return runScenario(scenario);
}

export const preToolUse = (hooks: Hook[]) => runQwen({ event: 'PreToolUse', groups: [{ hooks }] });
export const codes = (outcome: { diagnostics: Diagnostic[] }): string[] => outcome.diagnostics.map((d) => d.code);
export const withCode = (outcome: { diagnostics: Diagnostic[] }, code: string): Diagnostic[] => outcome.diagnostics.filter((d) => d.code === code);
