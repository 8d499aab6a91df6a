// A local stand-in for the Anthropic Messages API, so the real Claude Code CLI runs fully offline.
// It also serves as the CLI's HTTP(S) proxy: anything that tries to leave the machine lands here and is refused.
import http from 'node:http';
import net from 'node:net';

/**
 * @typedef {{ type: 'tool_use', name: string, input: object } | { type: 'text', text: string }} Reply
 * @typedef {{ n: number, method: string, path: string, body: any, at: number }} RecordedRequest
 */

/** SSE frames of one streamed Messages API response. */
function sse(reply, n, model) {
  const frames = [];
  const send = (event, data) => frames.push(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  send('message_start', {
    type: 'message_start',
    message: {
      id: `msg_mock_${n}`,
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    },
  });
  if (reply.type === 'tool_use') {
    send('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: `toolu_mock_${n}`, name: reply.name, input: {} } });
    send('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(reply.input) } });
  } else {
    send('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    send('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: reply.text } });
  }
  send('content_block_stop', { type: 'content_block_stop', index: 0 });
  send('message_delta', { type: 'message_delta', delta: { stop_reason: reply.type === 'tool_use' ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: 12 } });
  send('message_stop', { type: 'message_stop' });
  return frames.join('');
}

function json(reply, n, model) {
  const content = reply.type === 'tool_use' ? [{ type: 'tool_use', id: `toolu_mock_${n}`, name: reply.name, input: reply.input }] : [{ type: 'text', text: reply.text }];
  return {
    id: `msg_mock_${n}`,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: reply.type === 'tool_use' ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 12 },
  };
}

/**
 * Starts the mock on 127.0.0.1 (random port). `script(n)` gives the reply to the n-th (1-based) Messages request.
 * @param {(n: number, body: any) => Reply} script
 */
export async function startMockApi(script, { sideRequests = false } = {}) {
  /** @type {RecordedRequest[]} */
  const requests = [];
  /** Anything other than POST /v1/messages: recorded so the harness can report it. */
  const other = [];
  /** Requests without tools an older build made on the side (with `sideRequests`). */
  const side = [];
  const t0 = Date.now();
  let n = 0;
  let port = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'POST' && url.pathname === '/v1/messages') {
        let body;
        try {
          body = JSON.parse(raw);
        } catch {
          body = raw;
        }
        // Older builds also ask a small model things on the side (a title, whether a command's output needs a
        // summary), without tools: those get a plain answer and are not the session's model requests.
        if (sideRequests && !(Array.isArray(body?.tools) && body.tools.length > 0)) {
          side.push({ at: Date.now() - t0, model: body?.model ?? null });
          const reply = { type: 'text', text: 'ok' };
          const model = typeof body?.model === 'string' ? body.model : 'claude-mock';
          if (body?.stream) {
            res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
            res.end(sse(reply, 0, model));
          } else {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify(json(reply, 0, model)));
          }
          return;
        }
        n++;
        requests.push({ n, method: req.method, path: url.pathname + url.search, body, at: Date.now() - t0 });
        const reply = script(n, body);
        const model = typeof body?.model === 'string' ? body.model : 'claude-mock';
        if (body?.stream) {
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': `req_mock_${n}` });
          res.end(sse(reply, n, model));
        } else {
          res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_mock_${n}` });
          res.end(JSON.stringify(json(reply, n, model)));
        }
        return;
      }
      other.push({ method: req.method, url: req.url, at: Date.now() - t0 });
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'hookplay oracle mock: not served' } }));
    });
  });
  // HTTPS through the proxy would need CONNECT: refuse it, and remember that something tried. 1.0.41 ignores
  // NO_PROXY and tunnels even the mock's own address through the proxy: that one CONNECT is piped back into the mock.
  server.on('connect', (req, socket, head) => {
    if (req.url === `127.0.0.1:${port}` || req.url === `localhost:${port}`) {
      const inner = net.connect(port, '127.0.0.1', () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head?.length) inner.write(head);
        inner.pipe(socket);
        socket.pipe(inner);
      });
      const drop = () => {
        inner.destroy();
        socket.destroy();
      };
      inner.on('error', drop);
      socket.on('error', drop);
      return;
    }
    other.push({ method: 'CONNECT', url: req.url, at: Date.now() - t0 });
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    requests,
    other,
    side,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve(undefined));
      }),
  };
}
