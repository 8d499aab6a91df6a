import type { JsonObject } from '../../util/json.js';
import { withBaseFields } from '../shared/results.js';

export const SESSION_ID = '688e6215-3973-479d-a003-dfb4128eab3b';
export const TIMESTAMP = '2026-11-30T19:32:17.075Z';

/** The project's temp folder: ~/.gemini/tmp/<project folder name> (Storage.getProjectTempDir). */
export function projectTempDir(home: string, project: string): string {
  const base = project.split('/').filter(Boolean).pop() ?? 'project';
  return `${home}/.gemini/tmp/${base}`;
}

export function transcriptPath(home: string, project: string): string {
  return `${projectTempDir(home, project)}/chats/session-2026-11-30T19-32-${SESSION_ID.slice(0, 8)}.jsonl`;
}

/** GEMINI_PLANS_DIR: the session's plans folder under the project's temp folder. */
export function plansDir(home: string, project: string): string {
  return `${projectTempDir(home, project)}/${SESSION_ID}/plans`;
}

/** stdin of every hook: the base fields (hookEventHandler.createBaseInput), then the event's own. */
export function buildPayload(event: string, payload: JsonObject, paths: { home: string; project: string }): JsonObject {
  const base: JsonObject = {
    session_id: SESSION_ID,
    transcript_path: transcriptPath(paths.home, paths.project),
    cwd: paths.project,
    hook_event_name: event,
    timestamp: TIMESTAMP,
  };
  return withBaseFields(base, payload);
}
