// A local stand-in for the Gemini API (generativelanguage v1beta), so the real Gemini CLI runs fully offline.
// It is also the CLI's HTTP(S) proxy: anything that tries to leave the machine lands here and is refused and
// reported.
import http from 'node:http';

const USAGE = { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 };

/**
 * Starts the mock on 127.0.0.1 (random port). `script(n, body)` gives the parts of the n-th (1-based)
 * streamGenerateContent answer. Side calls (`:generateContent`, `:countTokens`) get neutral answers.
 * @param {(n: number, body: any) => object[]} script
 */
export async function startMockGemini(script) {
  const requests = [];
  const side = [];
  const other = [];
  const t0 = Date.now();
  let n = 0;
  const server = http.createServer((req, res) => {
    if (/^https?:\/\//.test(req.url ?? '')) {
      other.push({ method: req.method, url: req.url, at: Date.now() - t0 });
      res.writeHead(403);
      res.end('hookplay oracle mock: refused');
      return;
    }
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      let body = null;
      try {
        body = JSON.parse(raw);
      } catch {}
      const path = (req.url ?? '/').split('?')[0];
      if (req.method === 'POST' && path.endsWith(':streamGenerateContent') && body) {
        n++;
        requests.push({ n, path, body, at: Date.now() - t0 });
        const chunk = { candidates: [{ content: { role: 'model', parts: script(n, body) }, finishReason: 'STOP', index: 0 }], usageMetadata: USAGE, modelVersion: 'gemini-2.5-pro' };
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
        return;
      }
      if (req.method === 'POST' && path.endsWith(':countTokens')) {
        side.push(path);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ totalTokens: 10 }));
        return;
      }
      if (req.method === 'POST' && path.endsWith(':generateContent') && body) {
        side.push(path);
        const g = body.generationConfig ?? {};
        const wantsJson = g.responseJsonSchema || g.responseSchema || g.responseMimeType === 'application/json';
        const text = wantsJson ? JSON.stringify({ reasoning: 'mock', model_choice: 'flash', next_speaker: 'user', complexity_reasoning: 'mock', complexity_score: 1 }) : 'mock';
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }], usageMetadata: USAGE }));
        return;
      }
      other.push({ method: req.method, url: req.url, at: Date.now() - t0 });
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":{"code":404,"message":"hookplay oracle mock: not served"}}');
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
    side,
    other,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve(undefined));
      }),
  };
}
