import type { EventScenario, JsonObject, SessionScenario, SessionStep } from '@hookplay/engine';
import type { CannotExpress } from '../../plan.js';

export interface Wrapped {
  session: SessionScenario;
  focus: string;
  notes: string[];
}

const str = (v: unknown): v is string => typeof v === 'string';
const obj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Payload fields Qwen Code fills itself on every event: a scenario may set them, the real CLI does not read them. */
const HOST_FILLS = new Set(['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'timestamp', 'permission_mode', 'prompt_id', 'tool_use_id', 'tool_call_id', 'duration_ms', 'stop_hook_active', 'source', 'model']);
/** Claude Code's tool names Qwen Code's matchers accept, as the tool the model calls. */
const NATIVE: Record<string, string> = { Bash: 'run_shell_command', Shell: 'run_shell_command' };
const SHELL = 'run_shell_command';

/**
 * A one-event scenario as the `qwen PROMPT --yolo` session that reaches its event: a prompt for InstructionsLoaded,
 * SessionStart, Notification and UserPromptSubmit; the payload's shell call for the tool events (a call that fails for
 * PostToolUseFailure); a reply for Stop and MessageDisplay. The real CLI builds its own payload: the fields it cannot
 * be made to send are listed.
 */
export function wrapEvent(scenario: EventScenario): Wrapped | CannotExpress {
  const p = scenario.payload as JsonObject;
  const event = scenario.event;
  const prompt = str(p.prompt) && p.prompt !== '' ? p.prompt : 'do it';
  const named = str(p.tool_name) ? p.tool_name : SHELL;
  const tool = NATIVE[named] ?? named;
  const used = new Set<string>();
  let steps: SessionStep[];
  switch (event) {
    case 'InstructionsLoaded':
    case 'SessionStart':
    case 'Notification':
    case 'UserPromptSubmit':
      used.add('prompt');
      if (event === 'SessionStart' && p.source !== undefined && p.source !== 'startup') return { problems: [{ path: 'payload.source', message: `the harness starts a fresh session, so SessionStart's source is "startup", not ${JSON.stringify(p.source)}` }] };
      steps = [{ prompt }];
      break;
    case 'PreToolUse':
    case 'PostToolUse':
    case 'PostToolUseFailure':
    case 'PostToolBatch': {
      used.add('tool_name').add('tool_input').add('tool_response').add('error').add('tool_calls');
      if (tool !== SHELL) return { problems: [{ path: 'payload.tool_name', message: `the harness makes the real Qwen Code run its shell tool (run_shell_command, or Bash / Shell in a matcher), not ${JSON.stringify(named)}` }] };
      const fallback = event === 'PostToolUseFailure' ? 'echo failing >&2; exit 3' : 'echo original';
      const input = obj(p.tool_input) && str(p.tool_input.command) ? p.tool_input : { command: fallback, description: 'run it' };
      steps = [{ prompt }, { tool, input }];
      break;
    }
    case 'Stop':
    case 'MessageDisplay':
      used.add('last_assistant_message').add('displayed_text');
      steps = [{ prompt }, { reply: str(p.last_assistant_message) ? p.last_assistant_message : str(p.displayed_text) ? p.displayed_text : 'Done.' }];
      break;
    default:
      return {
        problems: [
          {
            path: 'event',
            message: `the harness cannot make the real Qwen Code fire ${event} in a one-shot run: only InstructionsLoaded, SessionStart, Notification, UserPromptSubmit, PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, MessageDisplay and Stop`,
          },
        ],
      };
  }
  const notes = Object.keys(p)
    .filter((k) => !used.has(k))
    .map((k) => (HOST_FILLS.has(k) ? `payload.${k}: the real CLI fills it itself` : `payload.${k}: the real CLI builds its own payload and does not send this field`));
  if (NATIVE[named]) notes.push(`payload.tool_name: the model calls ${SHELL}, the native name of ${named}`);
  if (event !== 'PreToolUse' && (p.tool_response !== undefined || p.error !== undefined)) notes.push('the real CLI runs the call and sends its own result');
  const { event: _event, payload: _payload, expect: _expect, ...rest } = scenario;
  return { session: { ...rest, session: { steps } } as SessionScenario, focus: event, notes };
}
