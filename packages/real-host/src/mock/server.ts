import { chmodSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { INNER_PORT } from '../jail/forwarder.js';

/** A model API request the mock served. `n` counts the session's own requests (side requests apart). */
export interface RecordedRequest {
  n: number;
  method: string;
  path: string;
  body: unknown;
  at: number;
}

/** Anything the CLI tried that the mock does not serve: kept so a run can say its host reached for the outside. */
export interface OtherTraffic {
  method: string;
  url: string | undefined;
  at: number;
}

export interface Served {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A host's model API, as far as the mock plays it: which requests are the model's, and the answer to each.
 * `side` requests (an older build's title or summary asks) are answered but not counted as the session's.
 */
export interface ApiHandler {
  /** Whether this request is one the API serves at all (the rest is refused and logged). */
  serves(method: string, path: string): boolean;
  /** The answer; `n` is the request's number among the session's own, 0 for a side request. */
  answer(request: { method: string; path: string; body: unknown; n: number }): Served;
  /** A request the session does not count (answered all the same). */
  isSide?(body: unknown, path: string): boolean;
}

export interface MockServer {
  socket: string;
  requests: RecordedRequest[];
  side: { at: number; path: string }[];
  other: OtherTraffic[];
  close(): Promise<void>;
}

/**
 * Serves a host's model API on a Unix socket (the run's namespace reaches it through the forwarder on
 * 127.0.0.1:INNER_PORT). It is also every proxy the CLI is given: a CONNECT to anywhere but itself is refused
 * and logged, so nothing leaves the machine even through a proxy-aware client.
 */
export async function startMockServer(socket: string, api: ApiHandler): Promise<MockServer> {
  const requests: RecordedRequest[] = [];
  const side: { at: number; path: string }[] = [];
  const other: OtherTraffic[] = [];
  const t0 = Date.now();
  let n = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      // A proxied request carries an absolute URL: served only when it is for the mock itself.
      const url = new URL(req.url ?? '/', `http://127.0.0.1:${INNER_PORT}`);
      const path = url.pathname + url.search;
      const elsewhere = /^https?:\/\//.test(req.url ?? '') && url.host !== `127.0.0.1:${INNER_PORT}` && url.host !== `localhost:${INNER_PORT}`;
      if (elsewhere || !api.serves(req.method ?? 'GET', url.pathname)) {
        other.push({ method: req.method ?? 'GET', url: req.url, at: Date.now() - t0 });
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'not_found_error', message: 'hookplay mock: not served' } }));
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
      let number = 0;
      if (api.isSide?.(body, path)) side.push({ at: Date.now() - t0, path });
      else {
        number = ++n;
        requests.push({ n: number, method: req.method ?? 'POST', path, body, at: Date.now() - t0 });
      }
      let served: Served;
      try {
        served = api.answer({ method: req.method ?? 'POST', path, body, n: number });
      } catch (e) {
        served = { status: 500, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: { message: `hookplay mock: ${(e as Error).message}` } }) };
      }
      res.writeHead(served.status, served.headers);
      res.end(served.body);
    });
  });
  // A CLI keeps its connection to the model API alive between requests; with Node's 5 s default the mock may close
  // it just as a slow hook ends and the CLI sends its next request on it, which the CLI sees as a failed fetch and
  // retries (a line on its stderr the emulation never has). The run's own end closes every connection instead.
  server.keepAliveTimeout = 30 * 60_000;
  server.headersTimeout = 30 * 60_000 + 1000;
  // Some builds tunnel even the mock's own address through the proxy: that CONNECT is piped back into the mock.
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    if (req.url === `127.0.0.1:${INNER_PORT}` || req.url === `localhost:${INNER_PORT}`) {
      const inner = net.connect(socket, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head?.length) inner.write(head);
        inner.pipe(client);
        client.pipe(inner);
      });
      const drop = () => {
        inner.destroy();
        client.destroy();
      };
      inner.on('error', drop);
      client.on('error', drop);
      return;
    }
    other.push({ method: 'CONNECT', url: req.url, at: Date.now() - t0 });
    client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  // A sandboxed CLI runs as another user: the run directory (private to the run) is what guards the socket.
  chmodSync(socket, 0o666);
  return {
    socket,
    requests,
    side,
    other,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
