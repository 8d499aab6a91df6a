import { parseScenario, runScenario, type Diagnostic, type Outcome, type TimelineEvent } from '@hookplay/engine';

export const CONFIG = '~/.mirri-code/config.toml';

/** One `[[hooks]]` entry; values are written as TOML (strings quoted, numbers and booleans bare). */
export type Entry = Record<string, string | number | boolean>;

function tomlValue(v: string | number | boolean): string {
  return typeof v === 'string' ? JSON.stringify(v) : String(v);
}

/** A config.toml text with one `[[hooks]]` table per entry, one key per line, a blank line between tables. */
export function toml(...entries: Entry[]): string {
  return entries.map((e) => `[[hooks]]\n${Object.entries(e).map(([k, v]) => `${k} = ${tomlValue(v)}`).join('\n')}\n`).join('\n');
}

/** A shell command that prints `value` as JSON on stdout. */
export function printJson(value: unknown): string {
  return `printf '%s' ${shellQuote(JSON.stringify(value))}`;
}

export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export interface Run {
  outcome: Outcome;
  /** What each hook got on stdin, by hook index, from the timeline. */
  stdin: Map<number, string>;
  /** Wall time of the whole run in ms. */
  wallMs: number;
}

export interface RunInput {
  /** The config.toml text; omit to leave the file out. */
  config?: string;
  /** More files of the simulated machine. */
  files?: Record<string, string>;
  event: string;
  payload?: Record<string, unknown>;
  host?: { engine?: 'v1' | 'v2'; env?: Record<string, string> };
}

export async function run({ config, files = {}, event, payload = {}, host }: RunInput): Promise<Run> {
  const scenario = parseScenario({
    hookplay: 1,
    dialect: 'mirri',
    files: { ...(config !== undefined ? { [CONFIG]: config } : {}), ...files },
    event,
    payload,
    ...(host ? { host } : {}),
  });
  const stdin = new Map<number, string>();
  const started = performance.now();
  const outcome = await runScenario(scenario, {
    onEvent: (e: TimelineEvent) => {
      if (e.type === 'hook-start') stdin.set(e.hook, e.stdin);
    },
  });
  return { outcome, stdin, wallMs: performance.now() - started };
}

export const bash = (command: string) => ({ tool_name: 'Bash', tool_input: { command }, tool_call_id: 'call_001' });

export function codes(outcome: { diagnostics: Diagnostic[] }): string[] {
  return outcome.diagnostics.map((d) => d.code);
}

export function find(diagnostics: Diagnostic[], code: string, hook?: number): Diagnostic {
  const found = diagnostics.find((d) => d.code === code && (hook === undefined || d.hook === hook));
  if (!found) throw new Error(`no ${code}${hook !== undefined ? ` for hook ${hook}` : ''} diagnostic; got ${diagnostics.map((d) => `${d.code}${d.hook !== undefined ? `#${d.hook}` : ''}`).join(', ')}`);
  return found;
}

export function errors(outcome: { diagnostics: Diagnostic[] }): Diagnostic[] {
  return outcome.diagnostics.filter((d) => d.level === 'error');
}
