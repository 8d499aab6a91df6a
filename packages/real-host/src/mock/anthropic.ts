import type { ApiHandler, Served } from './server.js';
import type { ModelReply, ModelScript } from './reply.js';

/** The Anthropic Messages API (`POST /v1/messages`), streamed (SSE) or not, as Claude Code and the Agent SDK call it. */
export function anthropicApi(script: ModelScript, options: { sideRequests?: boolean } = {}): ApiHandler {
  return {
    serves: (method, path) => method === 'POST' && path === '/v1/messages',
    // Older builds ask a small model things on the side (a title, whether output needs a summary), without tools.
    isSide: (body) => options.sideRequests === true && !(Array.isArray((body as { tools?: unknown[] })?.tools) && (body as { tools: unknown[] }).tools.length > 0),
    answer: ({ body, n }) => {
      const reply: ModelReply = n === 0 ? { kind: 'text', text: 'ok' } : script(n, body);
      const model = typeof (body as { model?: unknown })?.model === 'string' ? (body as { model: string }).model : 'claude-mock';
      const stream = (body as { stream?: unknown })?.stream === true;
      return stream ? sse(reply, n, model) : json(reply, n, model);
    },
  };
}

function content(reply: ModelReply) {
  return reply.kind === 'tools' ? reply.calls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: c.input })) : [{ type: 'text', text: reply.text }];
}

const stopReason = (reply: ModelReply) => (reply.kind === 'tools' ? 'tool_use' : 'end_turn');

function json(reply: ModelReply, n: number, model: string): Served {
  const body = { id: `msg_mock_${n}`, type: 'message', role: 'assistant', model, content: content(reply), stop_reason: stopReason(reply), stop_sequence: null, usage: { input_tokens: 10, output_tokens: 12 } };
  return { status: 200, headers: { 'content-type': 'application/json', 'request-id': `req_mock_${n}` }, body: JSON.stringify(body) };
}

function sse(reply: ModelReply, n: number, model: string): Served {
  const frames: string[] = [];
  const send = (event: string, data: unknown) => frames.push(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  send('message_start', {
    type: 'message_start',
    message: { id: `msg_mock_${n}`, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 } },
  });
  content(reply).forEach((block, index) => {
    if (block.type === 'tool_use') {
      const b = block as { id: string; name: string; input: unknown };
      send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'tool_use', id: b.id, name: b.name, input: {} } });
      send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(b.input) } });
    } else {
      send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: (block as { text: string }).text } });
    }
    send('content_block_stop', { type: 'content_block_stop', index });
  });
  send('message_delta', { type: 'message_delta', delta: { stop_reason: stopReason(reply), stop_sequence: null }, usage: { output_tokens: 12 } });
  send('message_stop', { type: 'message_stop' });
  return { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': `req_mock_${n}` }, body: frames.join('') };
}
