import type { ApiHandler, Served } from './server.js';
import type { ModelReply, ModelScript } from './reply.js';

/**
 * An OpenAI-compatible chat completions API (`POST …/chat/completions`), streamed or not: what Copilot CLI's BYOK
 * provider, Qwen Code, Cline, Factory Droid's custom models and OpenCode's openai-compatible provider call.
 */
export function chatCompletionsApi(script: ModelScript, options: { model?: string } = {}): ApiHandler {
  return {
    serves: (method, path) => method === 'POST' && path.endsWith('/chat/completions'),
    answer: ({ body, n }) => {
      const reply = script(n, body);
      const model = (body as { model?: string })?.model ?? options.model ?? 'mock-model';
      return (body as { stream?: boolean })?.stream ? streamed(reply, n, model) : whole(reply, n, model);
    },
  };
}

const toolCalls = (reply: ModelReply) =>
  reply.kind === 'tools' ? reply.calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.input) } })) : null;

const USAGE = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

function whole(reply: ModelReply, n: number, model: string): Served {
  const calls = toolCalls(reply);
  const message = calls ? { role: 'assistant', content: null, tool_calls: calls } : { role: 'assistant', content: reply.kind === 'text' ? reply.text : '' };
  const body = { id: `chatcmpl-${n}`, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, message, finish_reason: calls ? 'tool_calls' : 'stop' }], usage: USAGE };
  return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

function streamed(reply: ModelReply, n: number, model: string): Served {
  const frames: string[] = [];
  const created = Math.floor(Date.now() / 1000);
  const send = (o: object) => frames.push(`data: ${JSON.stringify({ id: `chatcmpl-${n}`, object: 'chat.completion.chunk', created, model, ...o })}\n\n`);
  const calls = toolCalls(reply);
  if (calls) {
    calls.forEach((call, index) => {
      send({ choices: [{ index: 0, delta: { ...(index === 0 ? { role: 'assistant', content: null } : {}), tool_calls: [{ index, ...call, function: { name: call.function.name, arguments: '' } }] }, finish_reason: null }] });
      send({ choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: call.function.arguments } }] }, finish_reason: null }] });
    });
    send({ choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }], usage: USAGE });
  } else {
    send({ choices: [{ index: 0, delta: { role: 'assistant', content: reply.kind === 'text' ? reply.text : '' }, finish_reason: null }] });
    send({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: USAGE });
  }
  frames.push('data: [DONE]\n\n');
  return { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }, body: frames.join('') };
}
