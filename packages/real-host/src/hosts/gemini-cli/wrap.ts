import type { EventScenario, JsonObject, SessionScenario, SessionStep } from '@hookplay/engine';
import type { CannotExpress } from '../../plan.js';
import { SHELL } from './script.js';

export interface Wrapped {
  session: SessionScenario;
  focus: string;
  notes: string[];
}

const str = (v: unknown): v is string => typeof v === 'string';
const obj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Payload fields Gemini CLI fills itself on every event: a scenario may set them, the real CLI does not read them. */
const HOST_FILLS = new Set(['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'timestamp', 'stop_hook_active', 'llm_request', 'llm_response', 'tool_response', 'mcp_context', 'original_request_name']);

/**
 * A one-event scenario as the `gemini -p` session that reaches its event: a prompt for SessionStart, BeforeAgent,
 * the model events, PreCompress and SessionEnd; the payload's tool call for BeforeTool and AfterTool; a reply for
 * AfterAgent. The real CLI builds its own payload: the fields it cannot be made to send are listed.
 */
export function wrapEvent(scenario: EventScenario): Wrapped | CannotExpress {
  const p = scenario.payload as JsonObject;
  const event = scenario.event;
  const prompt = str(p.prompt) ? p.prompt : 'do it';
  const tool = str(p.tool_name) ? p.tool_name : SHELL;
  const input = obj(p.tool_input) ? p.tool_input : { command: 'echo original', description: 'run the command' };
  const used = new Set<string>(['prompt']);
  const fixed = (field: string, value: string, why: string): CannotExpress | null =>
    p[field] !== undefined && p[field] !== value ? { problems: [{ path: `payload.${field}`, message: `${why}, so ${event}'s ${field} is ${JSON.stringify(value)}, not ${JSON.stringify(p[field])}` }] } : null;
  let steps: SessionStep[];
  switch (event) {
    case 'SessionStart': {
      used.add('source');
      const bad = fixed('source', 'startup', 'the harness starts a fresh session');
      if (bad) return bad;
      steps = [{ prompt }];
      break;
    }
    case 'SessionEnd': {
      used.add('reason');
      const bad = fixed('reason', 'exit', 'gemini -p ends by exiting');
      if (bad) return bad;
      steps = [{ prompt }];
      break;
    }
    case 'PreCompress': {
      used.add('trigger');
      const bad = fixed('trigger', 'auto', 'the harness cannot ask for a compression');
      if (bad) return bad;
      steps = [{ prompt }];
      break;
    }
    case 'BeforeAgent':
    case 'BeforeModel':
    case 'BeforeToolSelection':
    case 'AfterModel':
      steps = [{ prompt }];
      break;
    case 'BeforeTool':
    case 'AfterTool':
      used.add('tool_name').add('tool_input');
      steps = [{ prompt }, { tool, input }];
      break;
    case 'AfterAgent':
      used.add('prompt_response');
      steps = [{ prompt }, { reply: str(p.prompt_response) ? p.prompt_response : 'Done.' }];
      break;
    default:
      return { problems: [{ path: 'event', message: `the harness cannot make the real Gemini CLI fire ${event} on its own: only SessionStart, BeforeAgent, PreCompress, BeforeModel, BeforeToolSelection, AfterModel, BeforeTool, AfterTool, AfterAgent and SessionEnd` }] };
  }
  const notes = Object.keys(p)
    .filter((k) => !used.has(k))
    .map((k) => (HOST_FILLS.has(k) ? `payload.${k}: the real CLI fills it itself` : `payload.${k}: the real CLI builds its own payload and does not send this field`));
  const { event: _event, payload: _payload, expect: _expect, ...rest } = scenario;
  return { session: { ...rest, session: { steps } } as SessionScenario, focus: event, notes };
}
