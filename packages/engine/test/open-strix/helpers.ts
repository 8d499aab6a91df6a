import { parseScenario, runScenario, type Diagnostic, type Outcome, type TimelineEvent } from '@hookplay/engine';

export type Hook = Record<string, unknown>;

/** A hooks.json text, pretty-printed so positions land on predictable lines. */
export function hooksJson(...hooks: Hook[]): string {
  return `${JSON.stringify({ hooks }, null, 2)}\n`;
}

/** A Python hook that edits the event it reads and prints it back. `edit` is Python code on `e`. */
export function py(edit: string): string {
  return `python3 -c ${shellQuote(`import json, os, sys\ne = json.loads(sys.stdin.readline())\n${edit}\nprint(json.dumps(e))`)}`;
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

export async function run(files: Record<string, string>, event: string, payload: Record<string, unknown> = {}, host?: Record<string, unknown>): Promise<Run> {
  const scenario = parseScenario({ hookplay: 1, dialect: 'open-strix', files, event, payload, ...(host ? { host } : {}) });
  const stdin = new Map<number, string>();
  const started = performance.now();
  const outcome = await runScenario(scenario, {
    onEvent: (e: TimelineEvent) => {
      if (e.type === 'hook-start') stdin.set(e.hook, e.stdin);
    },
  });
  return { outcome, stdin, wallMs: performance.now() - started };
}

export function codes(outcome: Pick<Outcome, 'diagnostics'> | { diagnostics: Diagnostic[] }): string[] {
  return outcome.diagnostics.map((d) => d.code);
}

export function find(diagnostics: Diagnostic[], code: string): Diagnostic {
  const found = diagnostics.find((d) => d.code === code);
  if (!found) throw new Error(`no ${code} diagnostic; got ${diagnostics.map((d) => d.code).join(', ')}`);
  return found;
}
