import { isObject } from '../../util/json.js';

/** What `opencode run` prints when a chat.message handler throws (recorded: chat-throw); the thrown text is only logged. */
export const RUN_FAILED_TEXT = 'Unexpected server error. Check server logs for details.';

/** The text parts of a message, in order: what the model reads of it. */
export function textOfParts(parts: unknown): string[] {
  if (!Array.isArray(parts)) return [];
  return parts.filter((p) => isObject(p) && p.type === 'text' && typeof p.text === 'string').map((p) => (p as { text: string }).text);
}
