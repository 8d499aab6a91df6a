/** One place where an outcome differs from a scenario's `expect`. */
export interface Mismatch {
  path: string;
  expected: unknown;
  actual: unknown;
}

/**
 * The partial match of SCENARIO.md: every field given must equal the outcome's; objects match recursively
 * on the keys given; arrays match element by element and must have the same length.
 */
export function matchExpectation(expected: unknown, actual: unknown, path = ''): Mismatch[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [{ path: path || '(root)', expected, actual }];
    if (expected.length !== actual.length) {
      return [{ path: `${path}.length`.replace(/^\./, ''), expected: expected.length, actual: actual.length }];
    }
    return expected.flatMap((e, i) => matchExpectation(e, actual[i], `${path}[${i}]`));
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return [{ path: path || '(root)', expected, actual }];
    return Object.entries(expected).flatMap(([key, value]) =>
      matchExpectation(value, (actual as Record<string, unknown>)[key], path ? `${path}.${key}` : key),
    );
  }
  return Object.is(expected, actual) || (expected === null && actual === undefined) ? [] : [{ path: path || '(root)', expected, actual }];
}
