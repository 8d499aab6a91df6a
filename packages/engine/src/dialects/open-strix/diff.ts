import { isObject, preview, type Json, type JsonObject } from '../../util/json.js';

export function deepEqual(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && deepEqual(a[k], b[k]));
  }
  return false;
}

const show = (value: Json) => preview(JSON.stringify(value), 60);

function walk(before: JsonObject, after: JsonObject, prefix: string, out: string[]): void {
  for (const [key, value] of Object.entries(after)) {
    const path = prefix + key;
    if (!(key in before)) out.push(`added ${path} = ${show(value)}`);
    else if (isObject(before[key]) && isObject(value)) walk(before[key], value, `${path}.`, out);
    else if (!deepEqual(before[key], value)) out.push(`set ${path} to ${show(value)}`);
  }
  for (const key of Object.keys(before)) if (!(key in after)) out.push(`removed ${prefix + key}`);
}

/** What changed between two events, path by path ("set args.text to …", "removed type"), at most `max` items. */
export function describeChanges(before: JsonObject, after: JsonObject, max = 6): string {
  const changes: string[] = [];
  walk(before, after, '', changes);
  if (changes.length <= max) return changes.join('; ');
  return `${changes.slice(0, max).join('; ')}; and ${changes.length - max} more change${changes.length - max > 1 ? 's' : ''}`;
}

/** Top-level keys whose value differs. */
export function changedKeys(before: JsonObject, after: JsonObject): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => !deepEqual(before[k], after[k]));
}
