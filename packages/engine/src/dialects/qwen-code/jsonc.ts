import { findNodeAtLocation, parseTree, printParseErrorCode, stripComments, type ParseError } from 'jsonc-parser';
import type { Json } from '../../util/json.js';
import { positionAt, type Position } from '../../util/positions.js';

export interface SettingsDocument {
  value: Json | undefined;
  error?: { message: string } & Position;
  locate(path: (string | number)[]): Position | undefined;
}

/**
 * Qwen Code reads settings files with `JSON.parse(stripJsonComments(text))`: comments are allowed, trailing commas
 * are not. Positions are kept so a bad entry gets its line and column.
 */
export function parseSettingsDocument(text: string): SettingsDocument {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const errors: ParseError[] = [];
  const tree = parseTree(source, errors, { disallowComments: false, allowTrailingComma: false });
  const locate = (path: (string | number)[]): Position | undefined => {
    if (!tree) return undefined;
    let node = findNodeAtLocation(tree, path);
    for (let p = path.slice(); !node && p.length > 0; p = p.slice(0, -1)) node = findNodeAtLocation(tree, p.slice(0, -1));
    if (node?.parent?.type === 'property') node = node.parent;
    return node ? positionAt(source, node.offset) : undefined;
  };
  const first = errors[0];
  if (first) return { value: undefined, error: { message: printParseErrorCode(first.error), ...positionAt(source, first.offset) }, locate };
  try {
    return { value: JSON.parse(stripComments(source)) as Json, locate };
  } catch (e) {
    const message = (e as Error).message;
    const at = /position (\d+)/.exec(message);
    return { value: undefined, error: { message, ...(at ? positionAt(source, Number(at[1])) : { line: 1, column: 1 }) }, locate };
  }
}
