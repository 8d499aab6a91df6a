import WebSocket from 'ws';
import { ServerMessage, WS_SUBPROTOCOL, WS_TOKEN_PREFIX, type ClientMessageInput } from '../../apps/server/src/protocol.js';

export interface Client {
  ws: WebSocket;
  messages: ServerMessage[];
  send(message: ClientMessageInput | Record<string, unknown>): void;
  sendRaw(data: string | Buffer): void;
  /** Resolves with the first message (already received or future) that satisfies `test`. */
  waitFor<T extends ServerMessage>(test: (m: ServerMessage) => m is T, timeoutMs?: number): Promise<T>;
  waitFor(test: (m: ServerMessage) => boolean, timeoutMs?: number): Promise<ServerMessage>;
  close(): Promise<void>;
}

/** A real `ws` client; every message it receives is parsed with the protocol's ServerMessage union. */
export function connect(origin: string, token: string | null, options: { origin?: string; host?: string; path?: string; tokenInQuery?: boolean } = {}): Promise<Client> {
  const protocols = [WS_SUBPROTOCOL, ...(token && !options.tokenInQuery ? [WS_TOKEN_PREFIX + token] : [])];
  const url = `${origin.replace(/^http/, 'ws')}${options.path ?? '/api/ws'}${options.tokenInQuery && token ? `?token=${token}` : ''}`;
  const headers: Record<string, string> = {};
  if (options.origin) headers.Origin = options.origin;
  if (options.host) headers.Host = options.host;
  const ws = new WebSocket(url, protocols, { headers });
  const messages: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    messages.push(ServerMessage.parse(JSON.parse(data.toString())));
    for (const w of waiters) w();
  });
  const client: Client = {
    ws,
    messages,
    send: (m) => ws.send(JSON.stringify(m)),
    sendRaw: (d) => ws.send(d),
    waitFor: (test: (m: ServerMessage) => boolean, timeoutMs = 15_000) =>
      new Promise<ServerMessage>((resolve, reject) => {
        const check = () => {
          const found = messages.find(test);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages.map((m) => m.type))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise((resolve) => {
        if (ws.readyState === ws.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close();
      }),
  } as Client;
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode })));
    ws.once('error', reject);
  });
}

export const isOutcomeOf = (id: string) => (m: ServerMessage): m is Extract<ServerMessage, { type: 'timeline' }> =>
  m.type === 'timeline' && m.id === id && m.event.type === 'outcome';
