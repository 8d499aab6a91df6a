import { basename } from './posix.js';
import { isObject, type Json, type JsonObject } from '../../util/json.js';
import type { Paths } from '../dialect.js';
import { withBaseFields } from '../shared/results.js';
import { HOOK_NAMES } from './events.js';

/** A fixed clock and fixed ids, so runs compare (the real CLI sends its own). */
export const TIMESTAMP = '2026-12-01T12:00:00.000Z';
export const IDS = { taskId: 'conv_hookplay', rootSessionId: 'hookplay-session', agentId: 'agent_hookplay' };

/** Tool parameters as the payload's preToolUse / postToolUse copies carry them: every value that is not a string as JSON. */
export function parametersOf(input: unknown): JsonObject {
  if (!isObject(input)) return {};
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}

/**
 * The JSON a hook reads on stdin (recorded: pre-stdin-payload, post-stdin-payload): the fields every hook gets
 * (clineVersion empty, the task and agent ids, the workspace, userId from $USER), its hookName, then the event's
 * own fields; the scenario's fields win in place. A PreToolUse / PostToolUse payload given only its tool_call /
 * tool_result gets the preToolUse / postToolUse copy the CLI adds.
 */
export function buildPayload(event: string, payload: JsonObject, paths: Paths, env: Record<string, string>): JsonObject {
  const base: JsonObject = {
    clineVersion: '',
    timestamp: TIMESTAMP,
    taskId: IDS.taskId,
    sessionContext: { rootSessionId: IDS.rootSessionId },
    workspaceRoots: [paths.project],
    workspaceInfo: { rootPath: paths.project, hint: basename(paths.project) },
    userId: env.USER?.trim() || 'unknown',
    agent_id: IDS.agentId,
    parent_agent_id: null,
  };
  const name = HOOK_NAMES[event];
  if (name) base.hookName = name;
  const own: JsonObject = { ...payload };
  if (event === 'PreToolUse' && isObject(own.tool_call) && own.preToolUse === undefined) {
    own.preToolUse = { toolName: (own.tool_call.name ?? '') as Json, parameters: parametersOf(own.tool_call.input) };
  }
  if (event === 'PostToolUse' && isObject(own.tool_result) && own.postToolUse === undefined) {
    const r = own.tool_result;
    own.postToolUse = {
      toolName: (r.name ?? '') as Json,
      parameters: parametersOf(r.input),
      result: typeof r.output === 'string' ? r.output : JSON.stringify(r.output ?? null),
      // The CLI's success is "no error field", whatever the command's exit (recorded: post-failing-command).
      success: r.error === undefined,
      executionTimeMs: (r.durationMs ?? 0) as Json,
    };
  }
  return withBaseFields(base, own);
}

export const toolOf = (event: string, input: JsonObject): { name: string; id: string; input: unknown } | null => {
  const call = event === 'PreToolUse' ? input.tool_call : event === 'PostToolUse' ? input.tool_result : undefined;
  if (!isObject(call)) return null;
  return { name: typeof call.name === 'string' ? call.name : '', id: typeof call.id === 'string' ? call.id : '', input: call.input };
};
