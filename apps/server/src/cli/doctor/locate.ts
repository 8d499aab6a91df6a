import { parseTree, type Node } from 'jsonc-parser';
import { positionAt, type Position } from './position.js';

/** A JSON (comments allowed) or TOML config file's text, for positions of what the host's loader does not place. */
export function isJsonFile(file: string): boolean {
  return !file.endsWith('.toml');
}

function tree(text: string): Node | undefined {
  return parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
}

function* objects(node: Node | undefined): Generator<Node> {
  if (!node) return;
  if (node.type === 'object') yield node;
  for (const child of node.children ?? []) yield* objects(child);
}

const property = (object: Node, key: string) => object.children?.find((p) => p.type === 'property' && p.children?.[0]?.value === key);

/**
 * Where `key` is written in the handler whose command (or Copilot's `bash`) is `command`: the property's position
 * in JSON, the `key =` line of the table in TOML (searched from the handler's own line).
 */
export function locateHandlerKey(text: string, file: string, command: string, key: string, fromLine = 1): Position | undefined {
  if (isJsonFile(file)) {
    for (const object of objects(tree(text))) {
      const cmd = property(object, 'command') ?? property(object, 'bash');
      if (cmd?.children?.[1]?.value !== command) continue;
      // The key is the handler's own, or its group's (a matcher sits beside the group's "hooks").
      for (let node: Node | undefined = object; node; node = node.parent) {
        const prop = node.type === 'object' ? property(node, key) : undefined;
        if (prop) return positionAt(text, prop.offset);
      }
    }
    return undefined;
  }
  const lines = text.split('\n');
  for (let i = Math.max(0, fromLine - 1); i < lines.length; i++) {
    if (i > fromLine - 1 && /^\s*\[/.test(lines[i]!)) break;
    const m = new RegExp(`^(\\s*)${key}\\s*=`).exec(lines[i]!);
    if (m) return { line: i + 1, column: m[1]!.length + 1 };
  }
  return undefined;
}

/** Top-level keys (JSON) or table names (TOML) that are event names: hooks written outside `hooks`. */
export function topLevelEvents(text: string, file: string, events: ReadonlySet<string>): { event: string; at: Position }[] {
  const out: { event: string; at: Position }[] = [];
  if (isJsonFile(file)) {
    const root = tree(text);
    if (root?.type !== 'object') return out;
    for (const prop of root.children ?? []) {
      const name = prop.children?.[0]?.value;
      if (typeof name === 'string' && events.has(name)) out.push({ event: name, at: positionAt(text, prop.offset) });
    }
    return out;
  }
  let inTable = false;
  text.split('\n').forEach((line, i) => {
    const header = /^(\s*)\[\[?\s*"?([A-Za-z_]+)"?\s*[\].]/.exec(line);
    if (header) {
      inTable = true;
      if (events.has(header[2]!)) out.push({ event: header[2]!, at: { line: i + 1, column: header[1]!.length + 1 } });
      return;
    }
    const key = /^(\s*)"?([A-Za-z_]+)"?\s*=/.exec(line);
    if (!inTable && key && events.has(key[2]!)) out.push({ event: key[2]!, at: { line: i + 1, column: key[1]!.length + 1 } });
  });
  return out;
}
