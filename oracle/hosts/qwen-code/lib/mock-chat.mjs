// A local stand-in for an OpenAI-compatible chat completions API, so the real Qwen Code CLI runs fully offline.
// It is also the CLI's HTTP(S) proxy: anything that tries to leave the machine lands here and is refused.
import http from 'node:http';

/**
 * @typedef {{ type: 'tool', name: string, args: object } | { type: 'text', text: string }} Reply
 * `script(n, body)` gives the n-th chat completion's reply (n from 1).
 */
export async function startMockChat(script) {
  const t0 = Date.now();
  const requests = [];
  const other = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    if (/^https?:\/\//.test(req.url ?? '')) {
      other.push({ method: req.method, url: req.url, at: Date.now() - t0 });
      res.writeHead(403);
      return res.end('refused by the hookplay oracle mock');
    }
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      let body = null;
      try {
        body = JSON.parse(raw);
      } catch {}
      const path = (req.url ?? '').split('?')[0];
      if (req.method === 'GET' && /\/models$/.test(path)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ object: 'list', data: [{ id: 'gpt-4.1', object: 'model', owned_by: 'mock' }] }));
      }
      if (req.method !== 'POST' || !path.endsWith('/chat/completions') || !body) {
        other.push({ method: req.method, url: req.url, at: Date.now() - t0 });
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end('{"error":{"message":"hookplay oracle mock: not served"}}');
      }
      const i = ++n;
      requests.push({ n: i, path, body, at: Date.now() - t0 });
      const reply = script(i, body);
      const id = `chatcmpl-${i}`;
      const created = Math.floor(Date.now() / 1000);
      const model = body.model ?? 'gpt-4.1';
      const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
      const chunk = (o) => `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, ...o })}\n\n`;
      if (body.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        if (reply.type === 'tool') {
          res.write(chunk({ choices: [{ index: 0, delta: { role: 'assistant', content: null, tool_calls: [{ index: 0, id: `call_mock_${i}`, type: 'function', function: { name: reply.name, arguments: '' } }] }, finish_reason: null }] }));
          res.write(chunk({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: JSON.stringify(reply.args) } }] }, finish_reason: null }] }));
          res.write(chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] }));
        } else {
          res.write(chunk({ choices: [{ index: 0, delta: { role: 'assistant', content: reply.text }, finish_reason: null }] }));
          res.write(chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
        }
        res.write(chunk({ choices: [], usage }));
        res.write('data: [DONE]\n\n');
        return res.end();
      }
      const message =
        reply.type === 'tool'
          ? { role: 'assistant', content: null, tool_calls: [{ id: `call_mock_${i}`, type: 'function', function: { name: reply.name, arguments: JSON.stringify(reply.args) } }] }
          : { role: 'assistant', content: reply.text };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id, object: 'chat.completion', created, model, choices: [{ index: 0, message, finish_reason: reply.type === 'tool' ? 'tool_calls' : 'stop' }], usage }));
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
    port,
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
