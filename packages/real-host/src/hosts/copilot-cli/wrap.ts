import type { EventScenario, JsonObject, SessionScenario, SessionStep } from '@hookplay/engine';
import type { CannotExpress } from '../../plan.js';

export interface Wrapped {
  session: SessionScenario;
  focus: string;
  notes: string[];
}

const str = (v: unknown): v is string => typeof v === 'string';
const obj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Payload fields Copilot CLI fills itself on every event: a scenario may set them, the real CLI does not read them. */
const HOST_FILLS = new Set(['sessionId', 'timestamp', 'cwd', 'hookName', 'transcriptPath', 'stopReason', 'stop_hook_active', 'permissionSuggestions', 'source', 'reason']);
/** Claude-style names a PascalCase-declared hook gets (the same events). */
const ALIASES: Record<string, string> = { SessionStart: 'sessionStart', UserPromptSubmit: 'userPromptSubmitted', PreToolUse: 'preToolUse', PostToolUse: 'postToolUse', PermissionRequest: 'permissionRequest', Stop: 'agentStop', SessionEnd: 'sessionEnd' };

/**
 * A one-event scenario as the `copilot -p` session that reaches its event: a prompt for sessionStart,
 * userPromptSubmitted, userPromptTransformed and sessionEnd; the payload's tool call for the tool events; a reply
 * for agentStop. The real CLI builds its own payload: the fields it cannot be made to send are listed.
 */
export function wrapEvent(scenario: EventScenario): Wrapped | CannotExpress {
  const p = scenario.payload as JsonObject;
  const event = ALIASES[scenario.event] ?? scenario.event;
  const prompt = str(p.prompt) ? p.prompt : str(p.initialPrompt) ? p.initialPrompt : 'do it';
  const tool = str(p.toolName) ? p.toolName : str(p.tool_name) ? p.tool_name : 'bash';
  const input = obj(p.toolArgs) ? p.toolArgs : obj(p.toolInput) ? p.toolInput : obj(p.tool_input) ? p.tool_input : { command: 'echo original', description: 'run the command' };
  const used = new Set<string>();
  let steps: SessionStep[];
  switch (event) {
    case 'sessionStart':
      used.add('initialPrompt').add('source');
      if (p.source !== undefined && p.source !== 'new') return { problems: [{ path: 'payload.source', message: `the harness starts a fresh session, so sessionStart's source is "new", not ${JSON.stringify(p.source)}` }] };
      steps = [{ prompt }];
      break;
    case 'userPromptSubmitted':
    case 'userPromptTransformed':
    case 'sessionEnd':
      used.add('prompt').add('transformedPrompt');
      steps = [{ prompt }];
      break;
    case 'preToolUse':
    case 'permissionRequest':
    case 'postToolUse':
      used.add('toolName').add('toolArgs').add('toolInput').add('tool_name').add('tool_input').add('toolResult');
      steps = [{ prompt }, { tool, input }];
      break;
    case 'agentStop':
      used.add('stop_hook_active');
      steps = [{ prompt }, { reply: str(p.last_assistant_message) ? p.last_assistant_message : 'Done.' }];
      break;
    default:
      return { problems: [{ path: 'event', message: `the harness cannot make the real Copilot CLI fire ${scenario.event} on its own: only sessionStart, userPromptSubmitted, userPromptTransformed, preToolUse, permissionRequest, postToolUse, agentStop and sessionEnd` }] };
  }
  const notes = Object.keys(p)
    .filter((k) => !used.has(k))
    .map((k) => (HOST_FILLS.has(k) ? `payload.${k}: the real CLI fills it itself` : `payload.${k}: the real CLI builds its own payload and does not send this field`));
  if (event === 'postToolUse' && obj(p.toolResult)) notes.push('payload.toolResult: the real CLI runs the call and sends its own result');
  const { event: _event, payload: _payload, expect: _expect, ...rest } = scenario;
  return { session: { ...rest, session: { steps } } as SessionScenario, focus: scenario.event, notes };
}
