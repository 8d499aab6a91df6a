import type { Json } from '../../util/json.js';

/*
 * open-strix is a Python program: it reads configs with str()/float()/bool() and writes the event with
 * json.dumps. These helpers reproduce exactly those conversions, so hooks see the bytes the host sends
 * (a shell hook grepping for `"tool": "send_message"` depends on Python's ", " and ": " separators).
 */

function floatRepr(n: number): string {
  if (Number.isNaN(n)) return 'nan';
  if (!Number.isFinite(n)) return n > 0 ? 'inf' : '-inf';
  // JSON.parse cannot tell 1 from 1.0; integral values print as Python ints, which is how they usually arrive.
  if (Number.isInteger(n) && Math.abs(n) < 1e16) return String(n);
  // Python's repr pads the exponent to two digits: 1e-07, 1e+16.
  return String(n).replace(/e([+-])(\d)$/, 'e$10$2');
}

function reprString(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\' || ch === quote) out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out + quote;
}

/** Python's repr() of a JSON value (dicts and lists print this way inside str()). */
export function pyRepr(value: Json): string {
  if (typeof value === 'string') return reprString(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).map(([k, v]) => `${reprString(k)}: ${pyRepr(v)}`).join(', ')}}`;
  }
  return pyStr(value);
}

/** Python's str() of a JSON value. */
export function pyStr(value: Json): string {
  if (typeof value === 'string') return value;
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return floatRepr(value);
  return pyRepr(value);
}

/** Python's bool(). */
export function pyTruthy(value: Json): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value !== null && typeof value === 'object') return Object.keys(value).length > 0;
  return Boolean(value);
}

/** What Python's float() makes of a value, or null when it raises. */
export function pyFloat(value: Json): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string') return null;
  const s = value.trim();
  const special = /^([+-]?)(inf|infinity|nan)$/i.exec(s);
  if (special) return special[2]!.toLowerCase() === 'nan' ? Number.NaN : special[1] === '-' ? -Infinity : Infinity;
  // Digits may be grouped with single underscores (PEP 515).
  const digits = String.raw`\d(?:_?\d)*`;
  const re = new RegExp(String.raw`^[+-]?(?:${digits}(?:\.(?:${digits})?)?|\.${digits})(?:[eE][+-]?${digits})?$`);
  return re.test(s) ? Number(s.replace(/_/g, '')) : null;
}

function dumpString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    const code = s.charCodeAt(i);
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\b') out += '\\b';
    else if (ch === '\f') out += '\\f';
    // ensure_ascii=True: everything outside space..tilde becomes \uXXXX (UTF-16 units, lowercase hex).
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return out + '"';
}

/** `json.dumps(value, ensure_ascii=True)`: Python's default separators and escapes. */
export function pyJsonDumps(value: Json): string {
  if (value === null) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'number') return floatRepr(value).replace(/^(-?)inf$/, '$1Infinity').replace(/^nan$/, 'NaN');
  if (typeof value === 'string') return dumpString(value);
  if (Array.isArray(value)) return `[${value.map(pyJsonDumps).join(', ')}]`;
  return `{${Object.entries(value).map(([k, v]) => `${dumpString(k)}: ${pyJsonDumps(v)}`).join(', ')}}`;
}

/** `datetime.now(tz=UTC).isoformat()`: microseconds and a +00:00 offset. */
export function pyUtcNowIso(now = new Date()): string {
  return now.toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00');
}

/**
 * Orders paths the way Python sorts `Path` objects: part by part, so `skills/a/b/hooks.json` comes before
 * `skills/a-b/hooks.json` (plain string order would put `-` before `/`).
 */
export function comparePaths(a: string, b: string): number {
  const pa = a.split('/');
  const pb = b.split('/');
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    if (pa[i] !== pb[i]) return pa[i]! < pb[i]! ? -1 : 1;
  }
  return pa.length - pb.length;
}

/** Python's str.strip() for the whitespace hooks actually print. */
export function pyStrip(s: string): string {
  return s.replace(/^[\s\x1c-\x1f\x85]+|[\s\x1c-\x1f\x85]+$/g, '');
}

/** The first n characters, counted in code points as Python slices. */
export function pySlice(s: string, n: number): string {
  const chars = Array.from(s);
  return chars.length <= n ? s : chars.slice(0, n).join('');
}
