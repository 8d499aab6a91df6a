import { CLINE_SHELL_TOOL, type EventScenario, type JsonObject, type SessionScenario, type SessionStep } from '@hookplay/engine';
import type { CannotExpress } from '../../plan.js';

const obj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const DEFAULT_INPUT: JsonObject = { commands: ['echo original'] };

/** Payload fields every Cline hook gets, which the real CLI fills itself. */
const HOST_FILLS = new Set(['clineVersion', 'timestamp', 'taskId', 'sessionContext', 'workspaceRoots', 'workspaceInfo', 'userId', 'agent_id', 'parent_agent_id', 'hookName', 'iteration']);

/**
 * A one-event scenario as the `cline --json PROMPT` task that reaches its event: the payload's run_commands call for
 * PreToolUse and PostToolUse (the CLI builds preToolUse / postToolUse itself), a prompt and an answer for TaskStart,
 * TaskComplete and the events the CLI never fires (UserPromptSubmit, PreCompact: to see that nothing runs).
 */
export function wrapEvent(scenario: EventScenario): { session: SessionScenario; focus: string; notes: string[] } | CannotExpress {
  const p = scenario.payload as JsonObject;
  const used = new Set<string>();
  let steps: SessionStep[];
  switch (scenario.event) {
    case 'PreToolUse':
    case 'PostToolUse': {
      const call = obj(p.tool_call) ? p.tool_call : obj(p.tool_result) ? p.tool_result : {};
      const tool = typeof call.name === 'string' ? call.name : CLINE_SHELL_TOOL;
      if (tool !== CLINE_SHELL_TOOL) return { problems: [{ path: 'payload', message: `the harness plays ${CLINE_SHELL_TOOL} calls only, not ${tool}` }] };
      used.add('tool_call').add('tool_result').add('preToolUse').add('postToolUse');
      steps = [{ prompt: 'do it' }, { tool, input: obj(call.input) ? call.input : DEFAULT_INPUT }];
      break;
    }
    case 'TaskStart':
    case 'TaskComplete':
    case 'UserPromptSubmit':
    case 'PreCompact': {
      const prompt = obj(p.userPromptSubmit) && typeof p.userPromptSubmit.prompt === 'string' ? p.userPromptSubmit.prompt : 'do it';
      used.add('userPromptSubmit').add('taskStart').add('taskComplete').add('turn');
      steps = [{ prompt }, { reply: obj(p.turn) && typeof p.turn.outputText === 'string' ? p.turn.outputText : 'Done.' }];
      break;
    }
    default:
      return { problems: [{ path: 'event', message: `the harness cannot make the real Cline CLI fire ${scenario.event} on its own: only PreToolUse, PostToolUse, TaskStart and TaskComplete (and UserPromptSubmit and PreCompact, which it never runs); SessionShutdown follows a hook's cancel, so write a session` }] };
  }
  const notes = Object.keys(p)
    .filter((k) => !used.has(k))
    .map((k) => (HOST_FILLS.has(k) ? `payload.${k}: the real CLI fills it itself` : `payload.${k}: the real CLI builds its own payload and does not send this field`));
  const { event: _event, payload: _payload, expect: _expect, ...rest } = scenario;
  return { session: { ...rest, session: { steps } } as SessionScenario, focus: scenario.event, notes };
}
