export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a hook's stdout the way hosts do: trimmed, then JSON.parse.
 * Returns `kind: 'object'` only for a JSON object, since every host ignores other JSON values.
 */
export function readJsonAnswer(stdout: string):
  | { kind: 'empty' }
  | { kind: 'object'; value: JsonObject }
  | { kind: 'other-json'; value: Json }
  | { kind: 'text'; text: string; error: string } {
  const text = stdout.trim();
  if (text === '') return { kind: 'empty' };
  try {
    const value = JSON.parse(text) as Json;
    return isObject(value) ? { kind: 'object', value } : { kind: 'other-json', value };
  } catch (error) {
    return { kind: 'text', text, error: (error as Error).message };
  }
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A short, single-line preview of a value for explanations. */
export function preview(value: unknown, max = 120): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const flat = (text ?? String(value)).replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
