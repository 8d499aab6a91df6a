import type { EventSpec } from '../dialects/dialect.js';
import { isObject, type JsonObject } from '../util/json.js';
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
  if (to.shape === 'opencode-plugin') return pluginPayload(from, to, payload, target, nameKey, inputKey);
  if (to.toolPayload && nameKey) {
    const written = String(payload[nameKey]);
    const canonical = canonicalTool(from, written);
    const name = canonical ? to.tools[canonical] : undefined;
    const own = to.toolPayload(target.name, name ?? written, canonical, isObject(payload[inputKey ?? '']) ? (payload[inputKey!] as JsonObject) : {});
    if (own) {
      if (name === undefined) needed.push({ kind: 'payload', message: `${to.id} documents no equivalent of the ${written} tool; the payload keeps "${written}"` });
      made.push({ kind: 'payload', message: `the tool call ${written} is ${to.id}'s ${name ?? written} call, in its own payload shape` });
      return { payload: own, made, needed };
    }
  }
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

/** OpenCode's hooks take (input, output): the tool goes in input.tool, its arguments in output.args, a prompt in output.parts. */
function pluginPayload(from: PortTable, to: PortTable, payload: JsonObject, target: EventSpec, nameKey: string | undefined, inputKey: string | undefined): { payload: JsonObject; made: PortChange[]; needed: PortChange[] } {
  const made: PortChange[] = [];
  const needed: PortChange[] = [];
  if (target.name === 'chat.message') {
    const prompt = typeof payload.prompt === 'string' ? payload.prompt : '';
    made.push({ kind: 'payload', message: 'the prompt is output.parts[0].text of chat.message on opencode' });
    return { payload: { input: {}, output: { parts: [{ type: 'text', text: prompt }] } }, made, needed };
  }
  const written = nameKey ? String(payload[nameKey]) : 'Bash';
  const canonical = canonicalTool(from, written);
  const tool = (canonical ? to.tools[canonical] : undefined) ?? written;
  const args = inputKey ? payload[inputKey]! : {};
  made.push({ kind: 'payload', message: `the tool call is input.tool "${tool}" with output.args on opencode (its hooks get input and output objects)` });
  if (target.name === 'tool.execute.after') return { payload: { input: { tool, args }, output: { title: String((args as JsonObject).command ?? tool), output: '', metadata: {} } }, made, needed };
  return { payload: { input: { tool }, output: { args } }, made, needed };
}
