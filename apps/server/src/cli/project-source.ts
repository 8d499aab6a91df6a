import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { DIALECT_IDS, type DialectId } from '@hookplay/engine';
import { oneOf, UsageError, type Parsed } from './args.js';
import type { ImportRequest } from './import/import-project.js';

/** The options `import` and `run --project` share. */
export const PROJECT_OPTIONS = {
  '--project': { kind: 'value' },
  '--dialect': { kind: 'value' },
  '--event': { kind: 'value' },
  '--payload': { kind: 'value' },
  '--home': { kind: 'optional' },
} as const;

/** Reads `--payload FILE`: a JSON object, or a UsageError that names the file and the position. */
export function readPayload(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`--payload ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const at = /position (\d+)/.exec((e as Error).message);
    const where = at ? `:${lineCol(text, Number(at[1]))}` : '';
    throw new UsageError(`--payload ${file}${where}: invalid JSON (${(e as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError(`--payload ${file}: must be a JSON object of the event's fields`);
  return value as Record<string, unknown>;
}

function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

/** The import request from parsed options; `project` comes from --project or the positional DIR. */
export function importRequest(parsed: Parsed, project: string | undefined): ImportRequest {
  if (!project) throw new UsageError('name the project directory');
  const dialect = parsed.values.get('--dialect');
  if (typeof dialect !== 'string') throw new UsageError(`--dialect is required: one of ${DIALECT_IDS.join(', ')}`);
  const event = parsed.values.get('--event');
  if (typeof event !== 'string') throw new UsageError('--event is required: the event to fire, in the host\'s own words (e.g. PreToolUse)');
  const home = parsed.values.get('--home');
  const payload = parsed.values.get('--payload');
  return {
    project,
    dialect: oneOf<DialectId>('--dialect', dialect, DIALECT_IDS),
    event,
    ...(home !== undefined ? { home: home === true ? homedir() : home } : {}),
    ...(typeof payload === 'string' ? { payload: readPayload(payload) } : {}),
  };
}
