import type { EventScenario, JsonObject, SessionScenario, SessionStep } from '@hookplay/engine';
import type { CannotExpress } from '../../plan.js';

const obj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const DEFAULT_ARGS: JsonObject = { command: 'echo original', description: 'Print original' };

/**
 * A one-event scenario as the `opencode run` session that reaches its hook: the payload's bash call for the tool
 * hooks and shell.env (the harness's model calls OpenCode's bash tool), the prompt of output.parts for chat.message,
 * a plain prompt for event and permission.ask. OpenCode builds the hook's arguments itself: what it fills is listed.
 */
export function wrapEvent(scenario: EventScenario): { session: SessionScenario; focus: string; notes: string[] } | CannotExpress {
  const p = scenario.payload as JsonObject;
  const input = obj(p.input) ? p.input : {};
  const output = obj(p.output) ? p.output : {};
  const notes: string[] = [];
  let steps: SessionStep[];
  switch (scenario.event) {
    case 'tool.execute.before':
    case 'tool.execute.after':
    case 'shell.env':
    case 'permission.ask': {
      const tool = typeof input.tool === 'string' ? input.tool : 'bash';
      if (tool !== 'bash') return { problems: [{ path: 'payload.input.tool', message: `the harness makes the real OpenCode run its bash tool, not ${JSON.stringify(tool)}` }] };
      const args = obj(output.args) ? output.args : obj(input.args) ? input.args : DEFAULT_ARGS;
      if (typeof args.command !== 'string') return { problems: [{ path: 'payload.output.args.command', message: 'the bash call needs a command' }] };
      steps = [{ prompt: 'do it' }, { tool: 'bash', input: args }];
      if (scenario.event === 'tool.execute.after' && output.output !== undefined) notes.push('payload.output.output: the real CLI runs the call and hands the hook its own output');
      break;
    }
    case 'chat.message': {
      const parts = Array.isArray(output.parts) ? output.parts : [];
      const text = parts.filter(obj).filter((x) => x.type === 'text').map((x) => String(x.text)).join('\n');
      steps = [{ prompt: text || 'do it' }];
      if (parts.length > 1) notes.push('payload.output.parts: the real CLI sends the prompt as one text part');
      break;
    }
    case 'event':
      steps = [{ prompt: 'do it' }];
      notes.push('payload.input.event: the real CLI sends its own bus events (session.created … session.idle)');
      break;
    default:
      return { problems: [{ path: 'event', message: `the harness cannot make the real OpenCode call ${scenario.event}` }] };
  }
  const { event: _event, payload: _payload, expect: _expect, ...rest } = scenario as EventScenario & { expect?: unknown };
  return { session: { ...rest, session: { steps } } as SessionScenario, focus: scenario.event, notes };
}
