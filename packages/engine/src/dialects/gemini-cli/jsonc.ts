import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Json } from '../../util/json.js';
import { positionAt, type Position } from '../../util/positions.js';

export interface SettingsDocument {
  value: Json | undefined;
  error?: { message: string } & Position;
  locate(path: (string | number)[]): Position | undefined;
}

const WORDS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: "expected ':'",
  CommaExpected: "expected ','",
  CloseBraceExpected: "expected '}'",
  CloseBracketExpected: "expected ']'",
  EndOfFileExpected: 'unexpected text after the JSON value',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
};

/**
 * Reads a settings.json the way Gemini CLI does (strip-json-comments, then JSON.parse): comments are allowed,
 * trailing commas are not. Keeps positions so problems point at their line.
 */
export function parseSettingsText(text: string): SettingsDocument {
  const errors: ParseError[] = [];
  const tree: Node | undefined = parseTree(text, errors, { disallowComments: false, allowTrailingComma: false });
  const locate = (path: (string | number)[]): Position | undefined => {
    if (!tree) return undefined;
    let node = findNodeAtLocation(tree, path);
    for (let p = path.slice(); !node && p.length > 0; p = p.slice(0, -1)) node = findNodeAtLocation(tree, p.slice(0, -1));
    if (node?.parent?.type === 'property') node = node.parent;
    return node ? positionAt(text, node.offset) : undefined;
  };
  const first = errors[0];
  if (first || !tree) {
    const code = first ? printParseErrorCode(first.error) : 'ValueExpected';
    return { value: undefined, error: { message: WORDS[code] ?? code, ...positionAt(text, first?.offset ?? 0) }, locate };
  }
  return { value: getNodeValue(tree) as Json, locate };
}
