import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { WS_SUBPROTOCOL, WS_TOKEN_PREFIX, type Limits } from '../protocol.js';
import { HEARTBEAT_MS } from './limits.js';
import { hostAllowed, originAllowed, type OriginPolicy } from './origins.js';
import { Session, type SessionOptions } from './session.js';
import { tokenMatches } from './token.js';

export interface UpgradeOptions extends SessionOptions {
  token: string;
  policy: OriginPolicy;
  limits: Limits;
  /** Team sign-in: the user a token belongs to (team-auth.ts); without it, only the launch token passes. */
  identify?: (token: string | null) => string | null;
}

function refuse(socket: Duplex, status: number, text: string): void {
  const reason = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 503: 'Service Unavailable' }[status] ?? 'Bad Request';
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
}

/** The token from a `hookplay.token.<token>` subprotocol, or from `?token=`. Never from a cookie. */
function tokenOf(req: IncomingMessage, query: string): string | null {
  const offered = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((s) => s.trim());
  const fromProtocol = offered.find((p) => p.startsWith(WS_TOKEN_PREFIX));
  if (fromProtocol) return fromProtocol.slice(WS_TOKEN_PREFIX.length);
  return new URLSearchParams(query).get('token');
}

/**
 * Authenticates WebSocket upgrades on the HTTP server's `upgrade` event (path, Host, Origin, token, in that
 * order) and runs a Session per connection, with heartbeat pings that drop dead peers.
 */
export function attachWebSocket(server: Server, options: UpgradeOptions): { sessions: Set<Session>; close(): void } {
  const sessions = new Set<Session>();
  let upgrading = 0;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: options.limits.maxPayloadBytes,
    // Select our protocol name only: the token subprotocol must never be echoed back.
    handleProtocols: (protocols) => (protocols.has(WS_SUBPROTOCOL) ? WS_SUBPROTOCOL : false),
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const target = req.url ?? '';
    const q = target.indexOf('?');
    // Compare the raw path: parsing `//evil/api/ws` as a URL would make "evil" a host and the path look right.
    const path = q === -1 ? target : target.slice(0, q);
    if (path !== '/api/ws') return refuse(socket, 404, 'not found');
    const host = req.headers.host;
    if (!hostAllowed(options.policy, host)) return refuse(socket, 403, 'host not served here');
    const origin = req.headers.origin;
    if (!originAllowed(options.policy, origin, host)) return refuse(socket, 403, 'origin not allowed');
    const given = tokenOf(req, q === -1 ? '' : target.slice(q + 1));
    const user = options.identify ? options.identify(given) : tokenMatches(options.token, given) ? null : undefined;
    if (user === undefined || (options.identify && user === null)) return refuse(socket, 401, options.identify ? 'sign in: missing or unknown token' : 'missing or wrong token');
    // Counted with the upgrades still in their handshake, so a burst cannot get past the cap together.
    if (sessions.size + upgrading >= options.limits.maxConnections) {
      return refuse(socket, 503, `this server takes at most ${options.limits.maxConnections} connections at once; close another tab or try again`);
    }
    upgrading++;
    let counted = true;
    // A handshake ws refuses (bad key, wrong version) never reaches the callback: the socket's close ends it.
    const settle = () => {
      if (counted) upgrading--;
      counted = false;
    };
    socket.once('close', settle);
    wss.handleUpgrade(req, socket, head, (ws) => {
      settle();
      const session = new Session(ws, user ? { ...options, user } : options);
      sessions.add(session);
      ws.on('close', () => sessions.delete(session));
      heartbeat.set(ws, session);
    });
  });

  const heartbeat = new Map<import('ws').WebSocket, Session>();
  const timer = setInterval(() => {
    for (const [ws, session] of heartbeat) {
      if (ws.readyState !== ws.OPEN) {
        heartbeat.delete(ws);
        continue;
      }
      if (!session.alive) {
        // No pong since the last ping: the peer is gone; terminating fires 'close', which cancels its runs.
        ws.terminate();
        heartbeat.delete(ws);
        continue;
      }
      session.alive = false;
      ws.ping();
    }
  }, HEARTBEAT_MS);
  timer.unref();

  return {
    sessions,
    close() {
      clearInterval(timer);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}
