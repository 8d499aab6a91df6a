import type { JsonObject } from '@hookplay/engine';
import type { GeminiObservation } from './observe.js';

/** The fields of a hook's stdin that show the host's state, per event (ids, paths and times differ run to run). */
export function inputOfInterest(event: string, input: JsonObject): JsonObject {
  const pick = (...keys: string[]) => Object.fromEntries(keys.filter((k) => k in input).map((k) => [k, input[k]!])) as JsonObject;
  switch (event) {
    case 'BeforeTool':
    case 'AfterTool':
      return pick('tool_name', 'tool_input');
    case 'BeforeAgent':
      return pick('prompt');
    case 'AfterAgent':
      return pick('prompt', 'prompt_response', 'stop_hook_active');
    case 'SessionStart':
      return pick('source');
    case 'SessionEnd':
      return pick('reason');
    case 'PreCompress':
      return pick('trigger');
    default:
      return {};
  }
}

/** Hooks of one event start together: their inputs compare as a sorted list. */
export function sortInputs(list: GeminiObservation['hookInputs']): GeminiObservation['hookInputs'] {
  const key = (x: GeminiObservation['hookInputs'][number]) => `${x.event}\u0000${x.command}\u0000${JSON.stringify(x.input)}`;
  return [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
