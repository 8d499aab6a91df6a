import type { JsonObject } from '../../util/json.js';
import { withBaseFields } from '../shared/results.js';

export const SESSION_ID = '7ec20519-66e1-4490-be16-30811a646550';
export const PROMPT_ID = '9f2828f8-94a1-4c95-ab7d-0e7d2ce5029d';

/** Where Claude Code keeps a session's transcript: the project path with every non-alphanumeric character as "-". */
export function transcriptPath(home: string, project: string, sessionId = SESSION_ID): string {
  return `${home}/.claude/projects/${project.replace(/[^A-Za-z0-9]/g, '-')}/${sessionId}.jsonl`;
}

type BaseField = 'session_id' | 'transcript_path' | 'cwd' | 'prompt_id' | 'permission_mode' | 'effort' | 'hook_event_name';

/** The base fields each event carries, in Claude Code 2.1.332's order (from the payloads it sent). */
const BASE_FIELDS: Record<string, BaseField[]> = {
  SessionStart: ['session_id', 'transcript_path', 'cwd', 'hook_event_name'],
  UserPromptSubmit: ['session_id', 'transcript_path', 'cwd', 'prompt_id', 'permission_mode', 'hook_event_name'],
  SessionEnd: ['session_id', 'transcript_path', 'cwd', 'prompt_id', 'hook_event_name'],
};
const DEFAULT_BASE: BaseField[] = ['session_id', 'transcript_path', 'cwd', 'prompt_id', 'permission_mode', 'effort', 'hook_event_name'];

/** Base fields of older builds (recorded: 2.1.47 sends no prompt_id nor effort; 1.0.41's code sends only two). */
const OLDER_BASE: Record<'v1' | 'v2.0', BaseField[]> = {
  'v1': ['session_id', 'transcript_path', 'hook_event_name'],
  'v2.0': ['session_id', 'transcript_path', 'cwd', 'permission_mode', 'hook_event_name'],
};

/** Whether the event's payload carries the session's permission mode, on the build's payload style. */
export function carriesMode(event: string, style: 'v1' | 'v2.0' | 'v2.1' | 'v2' = 'v2'): boolean {
  if (style === 'v1') return false;
  if (style === 'v2.0') return event !== 'SessionStart';
  return (BASE_FIELDS[event] ?? DEFAULT_BASE).includes('permission_mode');
}

/** The full stdin payload: Claude Code's base fields for the event, then the scenario's fields (which win in place). */
export function buildPayload(event: string, payload: JsonObject, paths: { home: string; project: string }, style: 'v1' | 'v2.0' | 'v2.1' | 'v2' = 'v2'): JsonObject {
  const values: Record<BaseField, JsonObject[string]> = {
    session_id: SESSION_ID,
    transcript_path: transcriptPath(paths.home, paths.project),
    cwd: paths.project,
    prompt_id: PROMPT_ID,
    permission_mode: 'default',
    effort: { level: 'medium' },
    hook_event_name: event,
  };
  const base: JsonObject = {};
  // 2.1.143 sends today's fields but prompt_id (recorded: process-payload-fields).
  const fields =
    style === 'v2' || style === 'v2.1'
      ? (BASE_FIELDS[event] ?? DEFAULT_BASE).filter((f) => style === 'v2' || f !== 'prompt_id')
      : OLDER_BASE[style].filter((f) => event !== 'SessionStart' || f !== 'permission_mode');
  for (const field of fields) base[field] = values[field];
  return withBaseFields(base, payload);
}
