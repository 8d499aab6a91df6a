import { request } from 'node:http';
import { connect as tcpConnect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../apps/server/src/server/start.js';
import { authed, launch } from '../support/server.js';
import { connect } from '../support/ws-client.js';

let server: RunningServer;
beforeAll(async () => {
  server = await launch();
});
afterAll(() => server.close());

/** A raw HTTP exchange, so Host and the request target are exactly what the test says. */
function raw(lines: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tcpConnect(server.port, '127.0.0.1', () => socket.write(lines.join('\r\n') + '\r\n\r\n'));
    let data = '';
    socket.on('data', (d) => (data += d.toString()));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      resolve(data);
    }, 2000);
  });
}

const status = (response: string) => Number(/^HTTP\/1\.1 (\d+)/.exec(response)?.[1]);
const upgradeLines = (target: string, extra: string[]) => [
  `GET ${target} HTTP/1.1`,
  'Connection: Upgrade',
  'Upgrade: websocket',
  'Sec-WebSocket-Version: 13',
  'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
  ...extra,
];

describe('the token', () => {
  it('is not needed for health only', async () => {
    const res = await fetch(`${server.origin}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
  });

  it.each([
    ['GET', '/api/dialects'],
    ['POST', '/api/validate'],
    ['GET', '/api/no-such-route'],
  ])('is required on %s %s (401 without it, 401 with a wrong one)', async (method, path) => {
    const missing = await fetch(server.origin + path, { method });
    expect(missing.status).toBe(401);
    const wrong = await fetch(server.origin + path, { method, headers: { Authorization: `Bearer ${'0'.repeat(64)}` } });
    expect(wrong.status).toBe(401);
    const prefix = await fetch(server.origin + path, { method, headers: { Authorization: `Bearer ${server.token.slice(0, 32)}` } });
    expect(prefix.status).toBe(401);
  });

  it('is not taken from a cookie', async () => {
    const res = await fetch(`${server.origin}/api/dialects`, { headers: { Cookie: `token=${server.token}` } });
    expect(res.status).toBe(401);
  });

  it('is required on the WebSocket upgrade, as a subprotocol or a query parameter', async () => {
    await expect(connect(server.origin, null)).rejects.toMatchObject({ status: 401 });
    await expect(connect(server.origin, 'f'.repeat(64))).rejects.toMatchObject({ status: 401 });
    const viaProtocol = await connect(server.origin, server.token);
    // The token subprotocol is never echoed back.
    expect(viaProtocol.ws.protocol).toBe('hookplay.v1');
    await viaProtocol.close();
    const viaQuery = await connect(server.origin, server.token, { tokenInQuery: true });
    await viaQuery.close();
  });

  it('is 64 hex characters (32 random bytes) and differs per launch', async () => {
    expect(server.token).toMatch(/^[0-9a-f]{64}$/);
    const other = await launch();
    expect(other.token).not.toBe(server.token);
    await other.close();
  });
});

describe('Host and Origin', () => {
  const hostile = ['evil.example', 'evil.example:80', `127.0.0.1.evil.example:PORT`, 'localhost:1', `LOCALHOST:PORT`, '', `127.0.0.1:PORT.evil`];

  // Node's HTTP parser already answers 400 to some malformed Host values; either way nothing is served.
  it.each(hostile)('refuses Host %j (403, or 400 when malformed), token or not', async (host) => {
    const h = host.replace('PORT', String(server.port));
    const res = await raw([`GET /api/dialects HTTP/1.1`, `Host: ${h}`, `Authorization: Bearer ${server.token}`, 'Connection: close']);
    expect([400, 403]).toContain(status(res));
    expect(res).not.toContain('"dialects"');
    const up = await raw(upgradeLines(`/api/ws?token=${server.token}`, [`Host: ${h}`]));
    expect([400, 403]).toContain(status(up));
  });

  it('answers the loopback names it is served on', async () => {
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`]) {
      const res = await raw([`GET /api/dialects HTTP/1.1`, `Host: ${host}`, `Authorization: Bearer ${server.token}`, 'Connection: close']);
      expect(status(res)).toBe(200);
    }
  });

  const hostileOrigins = ['http://evil.example', 'null', 'http://127.0.0.1:PORT.evil.example', 'https://127.0.0.1:PORT', 'http://127.0.0.1:PORT/', 'http://127.0.0.1', 'http://localhost:PORT'];
  it.each(hostileOrigins)('refuses the WebSocket from Origin %j with 403', async (origin) => {
    const o = origin.replace('PORT', String(server.port));
    // localhost is allowed as a Host, but the Origin must match the Host the page was served from.
    await expect(connect(server.origin, server.token, { origin: o })).rejects.toMatchObject({ status: 403 });
  });

  it('accepts the exact served origin, and a client without Origin that has the token', async () => {
    const same = await connect(server.origin, server.token, { origin: server.origin });
    await same.close();
    const none = await connect(server.origin, server.token);
    await none.close();
  });

  it('refuses cross-origin HTTP API calls even with the token', async () => {
    const res = await fetch(`${server.origin}/api/dialects`, authed(server, { headers: { Origin: 'http://evil.example' } }));
    expect(res.status).toBe(403);
  });
});

describe('request targets starting with //', () => {
  it('cannot reach the WebSocket through a //host target', async () => {
    const res = await raw(upgradeLines(`//127.0.0.1:${server.port}/api/ws?token=${server.token}`, [`Host: 127.0.0.1:${server.port}`]));
    expect(status(res)).toBe(404);
    const evil = await raw(upgradeLines(`//evil.example/api/ws?token=${server.token}`, [`Host: 127.0.0.1:${server.port}`, 'Origin: http://evil.example']));
    expect(status(evil)).not.toBe(101);
  });

  it('does not serve the API on a //host target', async () => {
    const res = await raw([`GET //evil.example/api/dialects HTTP/1.1`, `Host: 127.0.0.1:${server.port}`, 'Connection: close']);
    expect([401, 403, 404]).toContain(status(res));
    expect(res).not.toContain('"dialects"');
  });
});

describe('the web app', () => {
  it('is served with a strict content security policy and no referrer', async () => {
    const res = await new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
      request(`${server.origin}/`, (r) => {
        r.resume();
        resolve({ status: r.statusCode ?? 0, headers: r.headers });
      })
        .on('error', reject)
        .end();
    });
    // 200 once the web app is built, 503 with instructions before.
    expect([200, 503]).toContain(res.status);
    if (res.status === 200) {
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('cannot be climbed out of', async () => {
    const res = await raw([`GET /../../../../etc/passwd HTTP/1.1`, `Host: 127.0.0.1:${server.port}`, 'Connection: close']);
    expect(res).not.toContain('root:');
    const encoded = await raw([`GET /%2e%2e/%2e%2e/%2e%2e/etc/passwd HTTP/1.1`, `Host: 127.0.0.1:${server.port}`, 'Connection: close']);
    expect(encoded).not.toContain('root:');
  });
});
