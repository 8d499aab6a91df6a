import type { ApiHandler, Served } from './server.js';
import type { ModelReply, ModelScript } from './reply.js';

export interface ResponsesOptions {
  /**
   * Requests that are not the session's own turn (Codex's automatic approval reviewer asks the same endpoint for a
   * structured verdict): answered by this, and not counted among the session's requests.
   */
  side?: { is(body: unknown): boolean; answer(body: unknown): string };
  /** The model named in the catalog `GET …/models` serves. */
  model?: string;
}

/**
 * The OpenAI Responses API (`POST …/responses`, streamed as server-sent events), as Codex CLI calls it through a
 * custom model provider: a reply is a final message, or one or more `function_call` items (several: the model
 * calls them in parallel, in one response). A tool call's `input` goes out as the call's JSON `arguments`.
 */
export function responsesApi(script: ModelScript, options: ResponsesOptions = {}): ApiHandler {
  const model = options.model ?? 'gpt-5';
  return {
    serves: (method, path) => (method === 'POST' && path.endsWith('/responses')) || (method === 'GET' && path.endsWith('/models')),
    isSide: (body, path) => path.endsWith('/models') || (options.side?.is(body) ?? false),
    answer: ({ method, path, body, n }) => {
      if (method === 'GET' && path.split('?')[0]!.endsWith('/models')) {
        return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ object: 'list', data: [{ id: model, object: 'model' }], models: [] }) };
      }
      if (n === 0 && options.side) return stream({ kind: 'text', text: options.side.answer(body) }, `side_${Date.now()}`);
      return stream(script(n, body), String(n));
    },
  };
}

const USAGE = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };

function items(reply: ModelReply, tag: string): object[] {
  if (reply.kind === 'tools') {
    return reply.calls.map((c, i) => ({ type: 'function_call', id: `fc_${tag}_${i + 1}`, call_id: c.id, name: c.name, arguments: JSON.stringify(c.input) }));
  }
  return [{ type: 'message', id: `msg_${tag}`, role: 'assistant', content: [{ type: 'output_text', text: reply.text, annotations: [] }] }];
}

function stream(reply: ModelReply, tag: string): Served {
  const id = `resp_${tag}`;
  const frames: string[] = [];
  const send = (e: { type: string } & Record<string, unknown>) => frames.push(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
  send({ type: 'response.created', response: { id } });
  items(reply, tag).forEach((item, output_index) => {
    send({ type: 'response.output_item.added', output_index, item });
    send({ type: 'response.output_item.done', output_index, item });
  });
  send({ type: 'response.completed', response: { id, usage: USAGE } });
  return { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }, body: frames.join('') };
}
