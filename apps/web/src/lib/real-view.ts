/**
 * Readings of a check on the real CLI: the two readings side by side, field by field; the Markdown report for an
 * issue; the recorded case to save. Only what the real run observed is on its side: a field it did not see is
 * "not observed", never filled in from the emulation.
 */
import type { ScenarioInput } from '@hookplay/engine/browser';
import type { RealResult, RecordedCaseFile } from 'hookplay/protocol';

export interface FieldRow {
  path: string;
  emulated: unknown;
  real: unknown;
  /** `differs`: both have it and they part; `same`; `unobserved`: the real run did not see this field. */
  state: 'differs' | 'same' | 'unobserved';
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Objects become dotted paths down to values; arrays are values (compared whole, as the harness compares them). */
export function flatten(value: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, v] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(v) && Object.keys(v).length > 0) for (const [p, x] of flatten(v, path)) out.set(p, x);
    else out.set(path, v);
  }
  return out;
}

export function fieldRows(result: RealResult): FieldRow[] {
  const emulated = flatten(result.emulatedView);
  const real = flatten(result.real);
  const paths = [...new Set([...emulated.keys(), ...real.keys()])];
  const rows = paths.map((path): FieldRow => {
    const r = real.has(path);
    const e = emulated.get(path);
    return { path, emulated: e, real: real.get(path), state: !r ? 'unobserved' : JSON.stringify(e) === JSON.stringify(real.get(path)) ? 'same' : 'differs' };
  });
  const order = { differs: 0, same: 1, unobserved: 2 };
  return rows.sort((a, b) => order[a.state] - order[b.state]);
}

export function shown(value: unknown): string {
  if (value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ');
}

/** Where `npm test` finds a recorded case, relative to a hookplay checkout. */
export function recordedCasePath(recording: RecordedCaseFile): string {
  return `oracle/recorded/${recording.host.id}/${recording.host.version}/${recording.case}.json`;
}

export function recordedCaseFileName(recording: RecordedCaseFile): string {
  return `${recording.case}.json`;
}

function fence(text: string, lang = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${lang}\n${text.replace(/\n?$/, '\n')}${ticks}`;
}

const cell = (v: unknown) => `\`${shown(v).replace(/`/g, "'").replace(/\|/g, '\\|')}\``;

/** An issue body: the scenario, both readings, the differences, the versions. Ready to paste. */
export function realReport(input: { scenario: ScenarioInput; result: RealResult; link: string; hookplay: string | undefined }): string {
  const { scenario, result, link, hookplay } = input;
  const out: string[] = [];
  const differs = result.differences.length;
  out.push(`## ${differs ? `hookplay and the real ${result.host} ${result.version} differ` : `hookplay agrees with the real ${result.host} ${result.version}`}: ${scenario.title ?? (result.kind === 'event' ? result.event : 'session')}`);
  out.push(
    [
      `- **Host:** ${result.host} ${result.version} (real CLI, run offline against hookplay's mock of its model API)`,
      `- **Emulation:** ${result.emulatedVersion ? `the rules of ${result.emulatedVersion}` : 'no modelled version'}${hookplay ? `, hookplay ${hookplay}` : ''}`,
      `- **Scenario:** ${result.kind === 'event' ? `one event, ${result.event}` : 'a session'} · [open it in the playground](${link})`,
      `- **Real CLI wall time:** ${Math.round(result.ms)} ms`,
    ].join('\n'),
  );
  out.push('### Differences');
  out.push(
    differs
      ? ['| field | what | emulated | real CLI |', '|---|---|---|---|', ...result.differences.map((d) => `| \`${d.path}\` | ${d.what.replace(/\|/g, '\\|')} | ${cell(d.emulated)} | ${cell(d.real)} |`)].join('\n')
      : '_None: every field both readings show agrees._',
  );
  const rows = fieldRows(result);
  out.push('### Both readings, field by field');
  out.push(['| field | emulated | real CLI |', '|---|---|---|', ...rows.map((r) => `| \`${r.path}\`${r.state === 'differs' ? ' ≠' : ''} | ${cell(r.emulated)} | ${r.state === 'unobserved' ? '_not observed_' : cell(r.real)} |`)].join('\n'));
  if (result.notes.length) out.push('### Notes', result.notes.map((n) => `- ${n}`).join('\n'));
  out.push('### Scenario', fence(JSON.stringify(scenario, null, 2), 'json'));
  return `${out.join('\n\n')}\n`;
}
