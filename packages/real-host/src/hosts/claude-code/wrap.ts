import type { EventScenario, JsonObject, SessionScenario, SessionStep } from '@hookplay/engine';
import type { CannotExpress } from '../../plan.js';

export interface Wrapped {
  session: SessionScenario;
  /** The event the one-event scenario is about: its outcome in the session is the one compared. */
  focus: string;
  /** What the real host does differently from the one-event scenario as written (it builds its own payload). */
  notes: string[];
}

const str = (v: unknown): v is string => typeof v === 'string';
const obj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Payload fields every event's hooks get from the host itself: a scenario may set them, the real CLI does not read them. */
const HOST_FILLS = new Set(['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'permission_mode', 'tool_use_id', 'stop_hook_active']);

/**
 * A one-event scenario as a session the real CLI plays to reach that event: a prompt for SessionStart and
 * UserPromptSubmit, the payload's tool call for the tool events, the payload's last message as the reply for Stop.
 * The real CLI builds its own payload: the fields it cannot be made to send are listed.
 */
export function wrapEvent(scenario: EventScenario): Wrapped | CannotExpress {
  const p = scenario.payload as JsonObject;
  const prompt = str(p.prompt) ? p.prompt : 'do it';
  const tool = str(p.tool_name) ? p.tool_name : 'Bash';
  const input = obj(p.tool_input) ? p.tool_input : { command: 'echo original', description: 'run the command' };
  const used = new Set<string>();
  let steps: SessionStep[];
  switch (scenario.event) {
    case 'SessionStart':
      used.add('source');
      if (p.source !== undefined && p.source !== 'startup') return { problems: [{ path: 'payload.source', message: `the harness starts a fresh session, so SessionStart's source is "startup", not ${JSON.stringify(p.source)}` }] };
      steps = [{ prompt }];
      break;
    case 'UserPromptSubmit':
      used.add('prompt');
      steps = [{ prompt }];
      break;
    case 'PreToolUse':
    case 'PermissionRequest':
    case 'PostToolUse':
    case 'PostToolUseFailure':
      used.add('tool_name').add('tool_input');
      steps = [{ prompt }, { tool, input }];
      break;
    case 'PostToolBatch': {
      const first = Array.isArray(p.tool_calls) && obj(p.tool_calls[0]) ? p.tool_calls[0] : {};
      used.add('tool_calls');
      steps = [{ prompt }, { tool: str(first.tool_name) ? first.tool_name : tool, input: obj(first.tool_input) ? first.tool_input : input }];
      break;
    }
    case 'Stop':
      used.add('last_assistant_message');
      steps = [{ prompt }, { reply: str(p.last_assistant_message) ? p.last_assistant_message : 'Done.' }];
      break;
    default:
      return { problems: [{ path: 'event', message: `the harness cannot make the real Claude Code fire ${scenario.event} on its own: only SessionStart, UserPromptSubmit, the tool events (PreToolUse, PermissionRequest, PostToolUse, PostToolUseFailure, PostToolBatch) and Stop` }] };
  }
  const notes = Object.keys(p)
    .filter((k) => !used.has(k) && !(k === 'prompt' && steps[0] && 'prompt' in steps[0]))
    .map((k) => (HOST_FILLS.has(k) ? `payload.${k}: the real CLI fills it itself` : `payload.${k}: the real CLI builds its own payload and does not send this field`));
  if (scenario.event === 'PostToolUseFailure') notes.push('PostToolUseFailure fires only if the command really fails on the real CLI');
  if (scenario.event === 'PermissionRequest') notes.push('PermissionRequest fires only if Claude Code would ask before the call (a read-only command never asks)');
  const { event: _event, payload: _payload, expect: _expect, ...rest } = scenario;
  return { session: { ...rest, session: { steps } } as SessionScenario, focus: scenario.event, notes };
}
