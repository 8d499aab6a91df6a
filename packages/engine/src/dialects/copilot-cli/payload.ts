import { isObject, type JsonObject } from '../../util/json.js';
import type { Paths } from '../dialect.js';
import { withBaseFields } from '../shared/results.js';
import { PASCAL_OF } from './events.js';

export const SESSION_ID = '00000000-0000-4000-8000-000000000000';
/** A fixed clock for payloads, so runs compare: 2026-12-01T12:00:00Z. */
export const TIMESTAMP_MS = 1796126400000;

/** The camelCase payload Copilot CLI writes: sessionId, timestamp (ms) and cwd first (permissionRequest: hookName first). */
export function buildPayload(event: string, payload: JsonObject, paths: Paths): JsonObject {
  const base: JsonObject = event === 'permissionRequest' ? { hookName: 'permissionRequest' } : {};
  Object.assign(base, { sessionId: SESSION_ID, timestamp: TIMESTAMP_MS, cwd: paths.project });
  return withBaseFields(base, payload);
}

export const CLAUDE_TOOL_NAMES: Record<string, string> = { bash: 'Bash', view: 'Read', edit: 'Edit', create: 'Write', grep: 'Grep', glob: 'Glob' };

/** The Claude Code name of a Copilot tool ("bash" → "Bash"), for PascalCase hooks' payloads and matchers. */
export function claudeToolName(name: string | null): string | null {
  return name === null ? null : (CLAUDE_TOOL_NAMES[name] ?? null);
}

/**
 * The snake_case payload a hook declared under a PascalCase name gets (recorded for PreToolUse and PostToolUse):
 * hook_event_name, session_id, an ISO timestamp, cwd, and the Claude tool name ("Bash", not "bash").
 */
export function claudePayload(event: string, input: JsonObject): JsonObject {
  const out: JsonObject = {
    hook_event_name: PASCAL_OF[event] ?? event,
    session_id: typeof input.sessionId === 'string' ? input.sessionId : SESSION_ID,
    timestamp: new Date(typeof input.timestamp === 'number' ? input.timestamp : TIMESTAMP_MS).toISOString(),
    cwd: input.cwd ?? '',
  };
  for (const [key, value] of Object.entries(input)) {
    if (key === 'sessionId' || key === 'timestamp' || key === 'cwd' || key === 'hookName') continue;
    if (key === 'toolName' && typeof value === 'string') out.tool_name = CLAUDE_TOOL_NAMES[value] ?? value;
    else if (key === 'toolArgs' || key === 'toolInput') out.tool_input = value;
    else if (key === 'toolResult' && isObject(value)) out.tool_result = Object.fromEntries(Object.entries(value).map(([k, v]) => [snake(k), v]));
    else out[snake(key)] = value;
  }
  return out;
}

function snake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
