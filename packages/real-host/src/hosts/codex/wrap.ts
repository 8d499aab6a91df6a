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

/** Payload fields Codex fills itself on every event: a scenario may set them, the real CLI does not read them. */
const HOST_FILLS = new Set(['session_id', 'thread_id', 'turn_id', 'transcript_path', 'cwd', 'hook_event_name', 'model', 'permission_mode', 'tool_use_id', 'stop_hook_active', 'kind', 'request_id', 'attempt_number', 'status', 'error', 'token_usage', 'response_id', 'reason']);
const WRAPPED = ['SessionStart', 'UserPromptSubmit', 'PreModelRequest', 'PostModelRequest', 'PreToolUse', 'PermissionRequest', 'PostToolUse', 'Stop', 'SessionEnd'];

/**
 * A one-event scenario as the `codex exec` session that reaches that event: a prompt for SessionStart,
 * UserPromptSubmit, the model-request events and SessionEnd; the payload's shell call for the tool events (for
 * PermissionRequest, asking to leave the sandbox under `--approve-for-me`, the one way codex exec asks); the
 * payload's last message as the reply for Stop. The real CLI builds its own payload: the fields it cannot be made
 * to send are listed.
 */
export function wrapEvent(scenario: EventScenario): Wrapped | CannotExpress {
  const p = scenario.payload as JsonObject;
  const prompt = str(p.prompt) ? p.prompt : 'do it';
  const used = new Set<string>();
  let steps: SessionStep[];
  let args: string[] = [];
  const notes: string[] = [];
  const shellCall = (): JsonObject | CannotExpress => {
    used.add('tool_name').add('tool_input');
    if (p.tool_name !== undefined && p.tool_name !== 'Bash') return { problems: [{ path: 'payload.tool_name', message: `the harness's mock model calls only Codex's shell tool (Bash), not ${JSON.stringify(p.tool_name)}` }] };
    const input = obj(p.tool_input) ? p.tool_input : { command: 'echo original' };
    if (!str(input.command)) return { problems: [{ path: 'payload.tool_input.command', message: 'a Bash call needs a string command' }] };
    return { command: input.command };
  };
  switch (scenario.event) {
    case 'SessionStart':
      used.add('source');
      if (p.source !== undefined && p.source !== 'startup') return { problems: [{ path: 'payload.source', message: `the harness starts a fresh codex exec, so SessionStart's source is "startup", not ${JSON.stringify(p.source)} (a session scenario with a resume step reaches "resume")` }] };
      steps = [{ prompt }];
      break;
    case 'UserPromptSubmit':
    case 'PreModelRequest':
    case 'PostModelRequest':
    case 'SessionEnd':
      used.add('prompt');
      steps = [{ prompt }];
      break;
    case 'PreToolUse':
    case 'PostToolUse': {
      const input = shellCall();
      if ('problems' in input) return input as CannotExpress;
      steps = [{ prompt }, { tool: 'Bash', input }];
      if (scenario.event === 'PostToolUse') used.add('tool_response');
      break;
    }
    case 'PermissionRequest': {
      const input = shellCall();
      if ('problems' in input) return input as CannotExpress;
      const description = obj(p.tool_input) && str(p.tool_input.description) ? p.tool_input.description : 'run it outside the sandbox';
      steps = [{ prompt }, { tool: 'Bash', input: { ...input, sandbox_permissions: 'require_escalated', justification: description } }];
      args = ['--approve-for-me'];
      notes.push('codex exec asks for approval only under --approve-for-me, for a call that asks to leave the sandbox: the harness adds both, and its mock reviewer refuses the call unless a hook decides');
      break;
    }
    case 'Stop':
      used.add('last_assistant_message');
      steps = [{ prompt }, { reply: str(p.last_assistant_message) ? p.last_assistant_message : 'Done.' }];
      break;
    default:
      return { problems: [{ path: 'event', message: `the harness cannot make the real Codex CLI fire ${scenario.event} on its own: only ${WRAPPED.join(', ')}` }] };
  }
  notes.unshift(
    ...Object.keys(p)
      .filter((k) => !used.has(k))
      .map((k) => (HOST_FILLS.has(k) ? `payload.${k}: the real CLI fills it itself` : `payload.${k}: the real CLI builds its own payload and does not send this field`)),
  );
  const { event: _event, payload: _payload, expect: _expect, ...rest } = scenario;
  const host = args.length ? { ...(rest.host ?? {}), args: [...(rest.host?.args ?? []), ...args] } : rest.host;
  return { session: { ...rest, ...(host ? { host } : {}), session: { steps } } as SessionScenario, focus: scenario.event, notes };
}
