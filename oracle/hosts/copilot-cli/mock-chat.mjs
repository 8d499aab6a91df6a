// A local stand-in for an OpenAI-compatible chat completions API (Copilot CLI's BYOK provider), so the real
// Copilot CLI runs fully offline. It is also the CLI's HTTP(S) proxy: anything else is refused and reported.
import http from 'node:http';

/**
 * @typedef {{ type: 'tool', name: string, args: object } | { type: 'text', text: string }} Reply
 * Starts the mock on 127.0.0.1 (random port). `script(n)` gives the reply to the n-th (1-based) completion request.
 * @param {(n: number) => Reply} script
 */
export async function startMockChat(script) {
  const requests = [];
  const other = [];
  const t0 = Date.now();
  let n = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (/^https?:\/\//.test(req.url ?? '')) {
        other.push({ method: req.method, url: req.url, at: Date.now() - t0 });
        res.writeHead(403);
        return res.end('refused by the hookplay oracle mock');
      }
      const path = (req.url ?? '/').split('?')[0];
      if (req.method === 'GET' && /\/models$/.test(path)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ object: 'list', data: [{ id: 'gpt-4.1', object: 'model', owned_by: 'mock' }] }));
      }
      if (req.method === 'POST' && path.endsWith('/chat/completions')) {
        let body;
        try {
          body = JSON.parse(raw);
        } catch {
          body = raw;
        }
        n++;
        requests.push({ n, body, at: Date.now() - t0 });
        const reply = script(n);
        const id = `chatcmpl-${n}`;
        const created = Math.floor(Date.now() / 1000);
        const model = body?.model ?? 'gpt-4.1';
        const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
        const toolCall = reply.type === 'tool' ? { id: `call_${n}`, type: 'function', function: { name: reply.name, arguments: JSON.stringify(reply.args) } } : null;
        if (body?.stream) {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          const send = (o) => res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, ...o })}\n\n`);
          if (toolCall) {
            send({ choices: [{ index: 0, delta: { role: 'assistant', content: null, tool_calls: [{ index: 0, ...toolCall, function: { name: reply.name, arguments: '' } }] }, finish_reason: null }] });
            send({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: toolCall.function.arguments } }] }, finish_reason: null }] });
            send({ choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] });
          } else {
            send({ choices: [{ index: 0, delta: { role: 'assistant', content: reply.text }, finish_reason: null }] });
            send({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
          }
          send({ choices: [], usage });
          res.write('data: [DONE]\n\n');
          return res.end();
        }
        const message = toolCall ? { role: 'assistant', content: null, tool_calls: [toolCall] } : { role: 'assistant', content: reply.text };
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ id, object: 'chat.completion', created, model, choices: [{ index: 0, message, finish_reason: toolCall ? 'tool_calls' : 'stop' }], usage }));
      }
      other.push({ method: req.method, url: req.url, at: Date.now() - t0 });
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"hookplay oracle mock: not served"}}');
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
