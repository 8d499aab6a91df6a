import type { SessionScenario } from '@hookplay/engine';
import type { ModelReply, ModelScript } from '../../mock/reply.js';
import type { CannotExpress } from '../../plan.js';
import { cannotExpress } from '../../plan.js';
import { scriptOf as claudeScriptOf, type ClaudeScript, type ScriptedCall } from '../claude-code/script.js';

export interface SdkScript extends ClaudeScript {
  calls: ScriptedCall[];
}

/** The session as Claude Code's harness scripts it (query() drives the same CLI), with every call listed for canUseTool. */
export function scriptOf(session: SessionScenario): SdkScript | CannotExpress {
  const script = claudeScriptOf(session);
  if (cannotExpress(script)) return script;
  const calls = script.turns.flatMap((t) => t.replies.flatMap((r) => (r.kind === 'tools' ? r.calls : [])));
  return { ...script, calls };
}

const textsOf = (content: unknown): string[] =>
  typeof content === 'string' ? [content] : Array.isArray(content) ? content.filter((c) => c?.type === 'text').map((c) => String(c.text)) : [];

/**
 * The mocked model, read from each request itself: the app sends its prompts from inside the namespace, so the
 * harness cannot count turns as the claude-code driver does. The turn is the last scripted prompt the conversation
 * holds (in order), and the reply is that turn's next one after the assistant messages already in it; once a turn's
 * replies are used up the model repeats its last text, or says "Done.".
 */
export function sdkModelScript(script: SdkScript): ModelScript {
  let lastText: string | null = null;
  return (_n, body): ModelReply => {
    const messages = ((body as { messages?: { role: string; content: unknown }[] })?.messages ?? []);
    let turn = -1;
    let from = 0;
    messages.forEach((m, i) => {
      const wanted = script.turns[turn + 1]?.prompt;
      if (m.role === 'user' && wanted !== undefined && textsOf(m.content).some((t) => t === wanted || t.endsWith(`\n${wanted}`))) {
        turn++;
        from = i;
      }
    });
    const inTurn = messages.slice(from).filter((m) => m.role === 'assistant').length;
    const reply = script.turns[Math.max(turn, 0)]?.replies[inTurn];
    if (reply?.kind === 'tools') return { kind: 'tools', calls: reply.calls.map((c) => ({ name: c.tool, input: c.input, id: c.id })) };
    const text = reply?.kind === 'text' ? reply.text : (lastText ?? 'Done.');
    lastText = text;
    return { kind: 'text', text };
  };
}
