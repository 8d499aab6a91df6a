import { isObject, type Json } from '../../util/json.js';

/** A `_block` open-strix's docs honour: an object whose `reason` and `result` are both strings. */
export function validBlock(value: Json | undefined): value is { reason: string; result: string } {
  return isObject(value) && typeof value.reason === 'string' && typeof value.result === 'string';
}

/** Why a `_block` is not valid, in words. */
export function blockProblem(value: Json | undefined): string {
  if (!isObject(value)) return `it is ${Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value}`}, not an object`;
  const problems = (['reason', 'result'] as const).flatMap((key) =>
    value[key] === undefined ? [`"${key}" is missing`] : typeof value[key] !== 'string' ? [`"${key}" is not a string`] : [],
  );
  return problems.join(' and ');
}
