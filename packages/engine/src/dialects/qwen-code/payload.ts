import type { JsonObject } from '../../util/json.js';
import { withBaseFields } from '../shared/results.js';

export const SESSION_ID = '8ab57c7f-5fe1-4dee-a7e6-31c74ac92f6a';
/** Qwen Code's prompt ids: the session id, eight #, the prompt's number. */
export const PROMPT_ID = `${SESSION_ID}########0`;
export const MODEL = 'gpt-4.1';

/** ~/.qwen/projects/<project path, every non-alphanumeric character as "-">/chats/<session>.jsonl */
export function transcriptPath(home: string, project: string, sessionId = SESSION_ID): string {
  return `${home}/.qwen/projects/${project.replace(/[^A-Za-z0-9]/g, '-')}/chats/${sessionId}.jsonl`;
}

/** Events Qwen Code fires outside a prompt: their payload has no prompt_id. */
const NO_PROMPT_ID = new Set(['SessionStart', 'SessionEnd', 'SessionDelete', 'Notification', 'InstructionsLoaded']);

/**
 * The stdin payload (hookEventHandler.createBaseInput): session_id, transcript_path, cwd, hook_event_name,
 * timestamp, permission_mode and, inside a prompt, prompt_id; then the event's own fields (a field the scenario sets
 * wins in place). Qwen Code writes it without a trailing newline.
 */
export function buildPayload(event: string, payload: JsonObject, paths: { home: string; project: string }): JsonObject {
  const base: JsonObject = {
    session_id: SESSION_ID,
    transcript_path: transcriptPath(paths.home, paths.project),
    cwd: paths.project,
    hook_event_name: event,
    timestamp: new Date().toISOString(),
    permission_mode: 'default',
  };
  if (!NO_PROMPT_ID.has(event)) base.prompt_id = PROMPT_ID;
  return withBaseFields(base, payload);
}

/** The variables Qwen Code adds to every hook's environment: the project dir under three names, and its session. */
export function hookEnv(cwd: string): Record<string, string> {
  return {
    GEMINI_PROJECT_DIR: cwd,
    CLAUDE_PROJECT_DIR: cwd,
    QWEN_PROJECT_DIR: cwd,
    QWEN_CODE_SESSION_ID: SESSION_ID,
    QWEN_CODE_MODEL: MODEL,
    QWEN_CODE_MODEL_IDENTITY: '',
    QWEN_CODE_AGENT_ID: '',
    QWEN_CODE_PROMPT_ID: PROMPT_ID,
  };
}
