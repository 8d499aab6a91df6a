import { parseScenario, runScenario, type Diagnostic, type HostSettings, type Outcome } from '@hookplay/engine';

export const USER = '~/.copilot/settings.json';
export const repoFile = (name: string) => `.github/hooks/${name}`;

export type Hook = { type?: string; bash?: string; command?: string; matcher?: string; timeoutSec?: unknown; [k: string]: unknown };
export const hook = (bash: string, extra: Partial<Hook> = {}): Hook => ({ type: 'command', bash, ...extra });
/** A command printing `value` as JSON. */
export const say = (value: unknown): string => `printf '%s' '${JSON.stringify(value).replace(/'/g, `'\\''`)}'`;

export function settings(hooks: Record<string, unknown[]>, extra: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ ...extra, hooks }, null, 2)}\n`;
}
export function hooksFile(hooks: Record<string, unknown[]>, extra: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ version: 1, ...extra, hooks }, null, 2)}\n`;
}

export const BASH = { toolName: 'bash', toolArgs: { command: 'echo original', description: 'run the command' } };

export function runCopilot(event: string, files: Record<string, string>, payload?: Record<string, unknown>, host: HostSettings = {}): Promise<Outcome> {
  const scenario = parseScenario({ hookplay: 1, dialect: 'copilot-cli', host, files, event, payload: payload ?? (event === 'preToolUse' || event === 'postToolUse' ? BASH : {}) });
  return runScenario(scenario);
}

export const codes = (outcome: { diagnostics: Diagnostic[] }): string[] => outcome.diagnostics.map((d) => d.code);
