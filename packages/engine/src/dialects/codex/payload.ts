import type { JsonObject } from '../../util/json.js';
import { withBaseFields } from '../shared/results.js';

export const SESSION_ID = '01a22df0-456c-7473-af8e-d6a50ad226bd';
export const TURN_ID = '01a22df0-458c-73c0-932a-69271fbbe9da';

/** Where Codex keeps a session's rollout: `$CODEX_HOME/sessions/<yyyy>/<mm>/<dd>/rollout-<time>-<id>.jsonl`. */
export function transcriptPath(home: string): string {
  return `${home}/.codex/sessions/2026/11/30/rollout-2026-11-30T19-30-50-${SESSION_ID}.jsonl`;
}

type BaseField = 'session_id' | 'thread_id' | 'turn_id' | 'transcript_path' | 'cwd' | 'hook_event_name' | 'model' | 'permission_mode';

/** The base fields each event carries, in Codex 0.171.0's order (from the payloads the binary sent). */
const BASE_FIELDS: Record<string, BaseField[]> = {
  SessionStart: ['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'model', 'permission_mode'],
  SessionEnd: ['session_id', 'transcript_path', 'cwd', 'hook_event_name'],
  PreCompact: ['session_id', 'turn_id', 'transcript_path', 'cwd', 'hook_event_name', 'model'],
  PostCompact: ['session_id', 'turn_id', 'transcript_path', 'cwd', 'hook_event_name', 'model'],
};
const DEFAULT_BASE: BaseField[] = ['session_id', 'turn_id', 'transcript_path', 'cwd', 'hook_event_name', 'model', 'permission_mode'];
/** Model-request events put their own fields first (`kind`, `request_id`, `attempt_number`), then these. */
const MODEL_REQUEST_BASE: BaseField[] = ['session_id', 'thread_id', 'turn_id', 'cwd', 'transcript_path', 'model', 'hook_event_name'];
const MODEL_REQUEST_LEAD = ['kind', 'request_id', 'attempt_number'];

/** The full stdin payload: Codex's base fields for the event, then the scenario's fields (which win in place). */
export function buildPayload(event: string, payload: JsonObject, paths: { home: string; project: string }): JsonObject {
  const values: Record<BaseField, JsonObject[string]> = {
    session_id: SESSION_ID,
    thread_id: SESSION_ID,
    turn_id: TURN_ID,
    transcript_path: transcriptPath(paths.home),
    cwd: paths.project,
    hook_event_name: event,
    model: 'gpt-5',
    permission_mode: 'bypassPermissions',
  };
  const pick = (fields: BaseField[]) => Object.fromEntries(fields.map((f) => [f, values[f]])) as JsonObject;
  if (event === 'PreModelRequest' || event === 'PostModelRequest') {
    const lead: JsonObject = {};
    for (const k of MODEL_REQUEST_LEAD) if (k in payload) lead[k] = payload[k]!;
    const rest = Object.fromEntries(Object.entries(payload).filter(([k]) => !MODEL_REQUEST_LEAD.includes(k))) as JsonObject;
    return { ...lead, ...withBaseFields(pick(MODEL_REQUEST_BASE), rest) };
  }
  return withBaseFields(pick(BASE_FIELDS[event] ?? DEFAULT_BASE), payload);
}
