export interface Position {
  line: number;
  column: number;
}

/** 1-based line and column of a character offset. */
export function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

/** Every match of a pattern in a text, with its position. */
export function* matchesIn(text: string, pattern: RegExp): Generator<{ match: RegExpExecArray; at: Position }> {
  const re = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  for (let m = re.exec(text); m; m = re.exec(text)) {
    yield { match: m, at: positionAt(text, m.index) };
    if (m[0] === '') re.lastIndex++;
  }
}
