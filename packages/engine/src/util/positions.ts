import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Json } from './json.js';

export interface Position {
  line: number;
  column: number;
}

/** 1-based line and column of a character offset. */
export function positionAt(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

const JSON_ERROR_WORDS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: "expected ':'",
  CommaExpected: "expected ','",
  CloseBraceExpected: "expected '}'",
  CloseBracketExpected: "expected ']'",
  EndOfFileExpected: 'unexpected text after the JSON value',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in string',
};

export interface JsonDocument {
  value: Json | undefined;
  error?: { message: string } & Position;
  /** Where the value at a path starts, to put a diagnostic on the offending entry. */
  locate(path: (string | number)[]): Position | undefined;
}

/**
 * Parses strict JSON (what JSON.parse accepts) while keeping positions, so a config error can point at
 * its line and column instead of "somewhere in the file".
 */
export function parseJsonDocument(text: string): JsonDocument {
  const errors: ParseError[] = [];
  const tree: Node | undefined = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const locate = (path: (string | number)[]): Position | undefined => {
    if (!tree) return undefined;
    let node = findNodeAtLocation(tree, path);
    // A missing key is reported on its closest existing parent.
    for (let p = path.slice(); !node && p.length > 0; p = p.slice(0, -1)) node = findNodeAtLocation(tree, p.slice(0, -1));
    if (node?.parent?.type === 'property') node = node.parent;
    return node ? positionAt(text, node.offset) : undefined;
  };
  const first = errors[0];
  if (first) {
    const code = printParseErrorCode(first.error);
    return {
      value: undefined,
      error: { message: JSON_ERROR_WORDS[code] ?? code, ...positionAt(text, first.offset) },
      locate,
    };
  }
  try {
    return { value: JSON.parse(text) as Json, locate };
  } catch (e) {
    // jsonc-parser is slightly more lenient than JSON.parse in corner cases; JSON.parse has the last word.
    const message = (e as Error).message;
    const at = /position (\d+)/.exec(message);
    const pos = at ? positionAt(text, Number(at[1])) : { line: 1, column: 1 };
    return { value: undefined, error: { message, ...pos }, locate };
  }
}

/**
 * Line of the n-th `[[table]]` header in a TOML text, and of a key inside it.
 * smol-toml gives positions for syntax errors only; this finds where a schema error belongs.
 */
export function locateTomlArrayEntry(text: string, table: string, index: number, key?: string): Position | undefined {
  const lines = text.split('\n');
  const header = new RegExp(`^\\s*\\[\\[\\s*${table.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\]\\]`);
  let seen = -1;
  for (let i = 0; i < lines.length; i++) {
    if (!header.test(lines[i] ?? '')) continue;
    seen++;
    if (seen !== index) continue;
    if (key === undefined) return { line: i + 1, column: 1 };
    const keyLine = new RegExp(`^\\s*("${key}"|'${key}'|${key.replace(/[-]/g, '\\-')})\\s*=`);
    for (let j = i + 1; j < lines.length && !/^\s*\[/.test(lines[j] ?? ''); j++) {
      if (keyLine.test(lines[j] ?? '')) return { line: j + 1, column: (lines[j] ?? '').search(/\S/) + 1 };
    }
    return { line: i + 1, column: 1 };
  }
  return undefined;
}
