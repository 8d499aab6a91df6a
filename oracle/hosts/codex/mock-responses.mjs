// A local stand-in for the OpenAI Responses API (POST /v1/responses, SSE), so the real Codex CLI runs offline.
// It is also the CLI's HTTP(S) proxy: anything that tries to leave the machine lands here and is refused.
import http from 'node:http';

/**
 * @typedef {{ type: 'tool', command: string } | { type: 'text', text: string }} Reply
 */

function sse(res, events) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const e of events) res.write(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
  res.end();
}

const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };

/**
 * Starts the mock on 127.0.0.1 (random port). `script(n, body)` gives the reply to the n-th (1-based) request.
 * @param {(n: number, body: any) => Reply} script
 */
export async function startMockResponses(script) {
  const requests = [];
  const other = [];
  const t0 = Date.now();
  let n = 0;
  const server = http.createServer((req, res) => {
    if (/^https?:\/\//.test(req.url ?? '')) {
      // An absolute URI: something used us as a plain HTTP proxy.
      other.push({ method: req.method, url: req.url, at: Date.now() - t0 });
      res.writeHead(403);
      res.end('refused by the hookplay oracle mock');
      return;
    }
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      if (req.method === 'GET' && /\/models$/.test(path)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: 'gpt-5', object: 'model' }], models: [] }));
        return;
      }
      if (req.method === 'POST' && /\/responses$/.test(path)) {
        let body = null;
        try {
          body = JSON.parse(raw);
        } catch {}
        n++;
        requests.push({ n, body, at: Date.now() - t0 });
        const reply = script(n, body);
        const rid = `resp_${n}`;
        const item =
          reply.type === 'tool'
            ? { type: 'function_call', id: `fc_${n}`, call_id: `call_${n}`, name: 'exec_command', arguments: JSON.stringify({ cmd: reply.command }) }
            : { type: 'message', id: `msg_${n}`, role: 'assistant', content: [{ type: 'output_text', text: reply.text, annotations: [] }] };
        sse(res, [
          { type: 'response.created', response: { id: rid } },
          { type: 'response.output_item.added', output_index: 0, item },
          { type: 'response.output_item.done', output_index: 0, item },
          { type: 'response.completed', response: { id: rid, usage } },
        ]);
        return;
      }
      other.push({ method: req.method, url: req.url, at: Date.now() - t0 });
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"hookplay oracle mock: not served"}');
    });
  });
  server.on('connect', (req, socket) => {
    other.push({ method: 'CONNECT', url: req.url, at: Date.now() - t0 });
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    other,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve(undefined));
      }),
  };
}
