import type { EventSpec } from '../dialects/dialect.js';
import type { JsonObject } from '../util/json.js';
import { canonicalTool } from './tables.js';
import type { PortChange, PortTable } from './types.js';

const TOOL_NAME_KEYS = ['tool_name', 'toolName', 'tool'];
const TOOL_INPUT_KEYS = ['tool_input', 'toolArgs', 'toolInput', 'args'];

function firstKey(payload: JsonObject, keys: string[]): string | undefined {
  return keys.find((k) => k in payload);
}

/**
 * The source payload in the target's shape: the target event's own fields (its sample), with the tool, its input,
 * the prompt and every field both hosts share carried over. The tool is the one the target would call, under its
 * own name; a tool the target lacks keeps its source name, and the port says so.
 */
export function portPayload(
  from: PortTable,
  to: PortTable,
  payload: JsonObject,
  target: EventSpec,
): { payload: JsonObject; made: PortChange[]; needed: PortChange[] } {
  const made: PortChange[] = [];
  const needed: PortChange[] = [];
  const nameKey = firstKey(payload, TOOL_NAME_KEYS);
  const inputKey = firstKey(payload, TOOL_INPUT_KEYS);
  const out: JsonObject = {};
  for (const [key, sample] of Object.entries(target.sample)) {
    if (TOOL_NAME_KEYS.includes(key) && nameKey) {
      const written = String(payload[nameKey]);
      const canonical = canonicalTool(from, written);
      const name = canonical ? to.tools[canonical] : undefined;
      out[key] = name ?? written;
      if (name === undefined) needed.push({ kind: 'payload', message: `${to.id} documents no equivalent of the ${written} tool; the payload keeps "${written}" as ${key}` });
      else if (name !== written || key !== nameKey) made.push({ kind: 'payload', message: `the tool call's ${nameKey} "${written}" is ${key} "${name}" on ${to.id}` });
    } else if (TOOL_INPUT_KEYS.includes(key) && inputKey) {
      out[key] = payload[inputKey]!;
      if (key !== inputKey) made.push({ kind: 'payload', message: `the tool input ${inputKey} is ${key} on ${to.id}` });
    } else if (key in payload) {
      out[key] = payload[key]!;
    } else {
      out[key] = sample;
    }
  }
  const dropped = Object.keys(payload).filter((k) => !(k in out) && k !== nameKey && k !== inputKey);
  if (dropped.length > 0) made.push({ kind: 'payload', message: `${to.id}'s ${target.name} payload has no ${dropped.map((k) => `"${k}"`).join(', ')}; its own fields come from its sample` });
  return { payload: out, made, needed };
}
