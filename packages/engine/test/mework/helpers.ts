import { parseScenario, runScenario, type Diagnostic, type Outcome } from '@hookplay/engine';

export type Handler = { type?: string; command?: string; name?: string; timeout?: number; async?: boolean; asyncRewake?: boolean; [k: string]: unknown };
export type Group = { matcher?: string; hooks: Handler[] };

export const cmd = (command: string, extra: Partial<Handler> = {}): Handler => ({ type: 'command', command, ...extra });

/** Single-quotes a string for bash. */
export const sq = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** A command that prints `value` as JSON on stdout and exits 0. */
export const printJson = (value: unknown): string => `printf '%s' ${sq(JSON.stringify(value))}`;

/** A hooks.json text, pretty-printed like a real file so positions are realistic. */
export function hooksJson(hooks: Record<string, Group[]>): string {
  return `${JSON.stringify({ hooks }, null, 2)}\n`;
}

export interface RunInput {
  event: string;
  files?: Record<string, string>;
  /** Shorthand: the workspace file's groups for `event`. */
  groups?: Group[];
  payload?: Record<string, unknown>;
  hookIds?: number[];
}

export function runMework({ event, files = {}, groups, payload = {}, hookIds }: RunInput): Promise<Outcome> {
  const all = groups ? { '.mework/hooks.json': hooksJson({ [event]: groups }), ...files } : files;
  const scenario = parseScenario({ hookplay: 1, dialect: 'mework', files: all, event, payload, ...(hookIds ? { host: { hookIds } } : {}) });
  return runScenario(scenario);
}

/** PreToolUse on `bash` with the given handlers in one match-all group, in config order. */
export function preToolUse(handlers: Handler[], command = 'git status'): Promise<Outcome> {
  return runMework({ event: 'PreToolUse', groups: [{ hooks: handlers }], payload: { tool_name: 'bash', tool_input: { command } } });
}

export const codes = (outcome: { diagnostics: Diagnostic[] }): string[] => outcome.diagnostics.map((d) => d.code);
export const withCode = (outcome: { diagnostics: Diagnostic[] }, code: string): Diagnostic[] => outcome.diagnostics.filter((d) => d.code === code);
