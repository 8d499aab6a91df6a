import { isObject, preview, type JsonObject } from '../../util/json.js';

/**
 * The JSON a command hook may print, per event: Codex 0.171.0 embeds one draft-07 schema per event in its
 * binary (`<event>.command.output`, all `additionalProperties: false`) and deserializes stdout strictly into it.
 * An answer that does not fit is not partly read: the hook fails ("hook returned invalid … JSON output").
 */
type FieldType = 'bool' | 'string' | { enum: readonly string[] } | 'any' | 'object';

const UNIVERSAL: Record<string, FieldType> = { continue: 'bool', stopReason: 'string', suppressOutput: 'bool', systemMessage: 'string' };
const BLOCK = { decision: { enum: ['block'] }, reason: 'string' } as const;

/** The hookEventName values Codex's wire enum accepts (it does not check that the name is this event's). */
export const HOOK_EVENT_NAME_WIRE = ['PreToolUse', 'PermissionRequest', 'PostToolUse', 'PreCompact', 'PostCompact', 'SessionStart', 'UserPromptSubmit', 'SubagentStart', 'SubagentStop', 'Stop'] as const;

interface EventSchema {
  top: Record<string, FieldType>;
  hso?: Record<string, FieldType>;
}

export const OUTPUT_SCHEMAS: Record<string, EventSchema> = {
  PreToolUse: {
    top: { ...UNIVERSAL, decision: { enum: ['approve', 'block'] }, reason: 'string', hookSpecificOutput: 'object' },
    hso: { additionalContext: 'string', permissionDecision: { enum: ['allow', 'deny', 'ask'] }, permissionDecisionReason: 'string', updatedInput: 'any' },
  },
  PermissionRequest: { top: { ...UNIVERSAL, hookSpecificOutput: 'object' }, hso: { decision: 'object' } },
  PostToolUse: { top: { ...UNIVERSAL, ...BLOCK, hookSpecificOutput: 'object' }, hso: { additionalContext: 'string', updatedMCPToolOutput: 'any' } },
  UserPromptSubmit: { top: { ...UNIVERSAL, ...BLOCK, hookSpecificOutput: 'object' }, hso: { additionalContext: 'string' } },
  SessionStart: { top: { ...UNIVERSAL, hookSpecificOutput: 'object' }, hso: { additionalContext: 'string' } },
  SubagentStart: { top: { ...UNIVERSAL, hookSpecificOutput: 'object' }, hso: { additionalContext: 'string' } },
  Stop: { top: { ...UNIVERSAL, ...BLOCK } },
  SubagentStop: { top: { ...UNIVERSAL, ...BLOCK } },
  PreCompact: { top: { ...UNIVERSAL } },
  PostCompact: { top: { ...UNIVERSAL } },
  Interrupt: { top: { systemMessage: 'string' } },
};

function fits(value: unknown, type: FieldType): boolean {
  if (value === null) return type !== 'bool';
  if (type === 'any') return true;
  if (type === 'bool') return typeof value === 'boolean';
  if (type === 'string') return typeof value === 'string';
  if (type === 'object') return isObject(value as never);
  return typeof value === 'string' && type.enum.includes(value);
}

function describe(type: FieldType): string {
  if (type === 'bool') return 'true or false';
  if (type === 'string') return 'a string';
  if (type === 'object') return 'an object';
  if (type === 'any') return 'anything';
  return type.enum.map((v) => JSON.stringify(v)).join(' or ');
}

/** Why `json` does not fit the event's output schema, or null when it fits. */
export function schemaProblem(event: string, json: JsonObject): string | null {
  const schema = OUTPUT_SCHEMAS[event];
  if (!schema) return null;
  for (const [key, value] of Object.entries(json)) {
    const type = schema.top[key];
    if (!type) return `"${key}" is not a field of ${event}'s output (Codex allows ${Object.keys(schema.top).join(', ')})`;
    if (!fits(value, type)) return `"${key}" must be ${describe(type)}, not ${preview(value, 30)}`;
  }
  const hso = json.hookSpecificOutput;
  if (isObject(hso) && schema.hso) {
    if (hso.hookEventName === undefined) return 'hookSpecificOutput has no hookEventName';
    if (typeof hso.hookEventName !== 'string' || !(HOOK_EVENT_NAME_WIRE as readonly string[]).includes(hso.hookEventName)) return `hookSpecificOutput.hookEventName ${preview(hso.hookEventName, 30)} is not an event name`;
    for (const [key, value] of Object.entries(hso)) {
      if (key === 'hookEventName') continue;
      const type = schema.hso[key];
      if (!type) return `hookSpecificOutput."${key}" is not a field of ${event}'s hookSpecificOutput (Codex allows ${['hookEventName', ...Object.keys(schema.hso)].join(', ')})`;
      if (!fits(value, type)) return `hookSpecificOutput.${key} must be ${describe(type)}, not ${preview(value, 30)}`;
    }
  }
  return null;
}
