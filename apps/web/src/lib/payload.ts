/** The payload is edited as text; these helpers turn it into an object with a precise error when it is not one. */
export type PayloadParse =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; message: string; line: number; column: number };

/** 1-based line and column of a character offset. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

export function parsePayload(text: string): PayloadParse {
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { ok: false, message: 'the payload must be a JSON object ({ ... })', line: 1, column: 1 };
    }
    return { ok: true, value: value as Record<string, unknown> };
  } catch (e) {
    const message = (e as Error).message;
    // V8 says "... in JSON at position 42 (line 3 column 5)"; keep the words, point the marker.
    const lc = /line (\d+) column (\d+)/.exec(message);
    const pos = /position (\d+)/.exec(message);
    const at = lc ? { line: Number(lc[1]), column: Number(lc[2]) } : pos ? positionAt(text, Number(pos[1])) : positionAt(text, text.length);
    return { ok: false, message: `the payload is not valid JSON: ${message.replace(/\s*\(line \d+ column \d+\)/, '').replace(/\s*at position \d+/, '')}`, ...at };
  }
}

export function prettyJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
