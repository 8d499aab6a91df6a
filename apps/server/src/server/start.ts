import { mkdtemp, readFileSync, rm } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { getRequestListener } from '@hono/node-server';
import { endSpareSupervisors, killAllHookGroups, removalsSettled, type SandboxConfig } from '@hookplay/engine';
import type { Limits } from '../protocol.js';
import { createApp } from './app.js';
import { DEFAULT_LIMITS } from './limits.js';
import { originPolicy, withPublicUrl } from './origins.js';
import { AuditLog, UserRunLimit, type TeamAuth } from './team-auth.js';
import { RunRegistry } from './run-registry.js';
import { installLastResort } from './last-resort.js';
import { PlanGuard } from './plan-guard.js';
import { ownedRunDirPrefix, sweepStaleRunDirs } from './stale-runs.js';
import { newToken } from './token.js';
import { attachWebSocket } from './upgrade.js';
import type { ShortLinkStore } from './short-links/store.js';
import type { RunQueue } from './queue/client.js';

export const DEFAULT_PORT = 4477;

export interface ServerOptions {
  host?: string;
  port?: number;
  /** For tests; a launch always gets a fresh random token otherwise. */
  token?: string;
  webRoot?: string;
  limits?: Partial<Limits>;
  /** Queued bytes per client past which live output is skipped with a `gap` notice (tests make it small). */
  backpressureBytes?: number;
  /** How long a client dropped for falling behind may still read why (tests make it long). */
  dropGraceMs?: number;
  /** Run every hook in this sandbox (from checkSandbox: a server asked for one never starts without it). */
  sandbox?: SandboxConfig;
  /** Serves short links from this store (closed with the server). */
  links?: ShortLinkStore;
  /** `serve --team`: sign-in replaces the launch token; runs are limited per user and logged in the data folder. */
  team?: { auth: TeamAuth; dataDir: string; maxRunsPerUser: number; publicUrl?: URL };
  /** Hand runs to workers through this queue (closed with the server); without it, runs happen in this process. */
  queue?: RunQueue;
  /** With `queue`: the workers must run every hook sandboxed (`serve --sandbox --queue`, `--team --queue`). */
  workersMustSandbox?: boolean;
}

export interface ServerStats {
  connections: number;
  runs: number;
  /** Clients dropped so far because they fell behind (over maxQueuedBytes queued). */
  droppedClients: number;
}

export interface RunningServer {
  url: string;
  origin: string;
  port: number;
  host: string;
  token: string;
  /** Where run workspaces are created; emptied as runs end, removed on close. */
  runDir: string;
  /** What the server holds right now, for tests and the bench. */
  stats(): ServerStats;
  /** Cancels every run (killing their process groups), removes run directories, closes the server. */
  close(): Promise<void>;
}

const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const defaultWebRoot = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export class ServeError extends Error {}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE') reject(new ServeError(`port ${port} is already in use on ${host}: pick another with --port N, or --port 0 for any free port`));
      else if (e.code === 'EADDRNOTAVAIL') reject(new ServeError(`cannot listen on ${host}: no such address on this machine`));
      else if (e.code === 'EACCES') reject(new ServeError(`not allowed to listen on port ${port}: use a port above 1023`));
      else reject(e);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? newToken();
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const swept = sweepStaleRunDirs(tmpdir());
  if (swept.dirs > 0) {
    process.stderr.write(`hookplay serve: removed ${swept.dirs} run director${swept.dirs > 1 ? 'ies' : 'y'} left by a server that did not shut down${swept.processes ? ` (and killed ${swept.processes} process${swept.processes > 1 ? 'es' : ''} still tied to them)` : ''}\n`);
  }
  const runDir = await promisify(mkdtemp)(join(tmpdir(), ownedRunDirPrefix()));
  const registry = new RunRegistry(limits.maxRunsTotal);

  // The app needs the real port for its Host allow-list, so the listener is attached after listen().
  let handler: ReturnType<typeof getRequestListener> | undefined;
  const server = createServer((req, res) => handler!(req, res));
  server.headersTimeout = 10_000;
  // Sockets of every kind (HTTP, WebSocket, idle): WebSocket sessions have their own cap, this bounds the rest.
  server.maxConnections = limits.maxConnections * 2;
  server.requestTimeout = 30_000;
  let port: number;
  try {
    port = await listen(server, options.port ?? DEFAULT_PORT, host);
  } catch (e) {
    await promisify(rm)(runDir, { recursive: true, force: true });
    throw e;
  }
  const team = options.team;
  const policy = team?.publicUrl ? withPublicUrl(originPolicy(host, port), team.publicUrl) : originPolicy(host, port);
  const identify = team ? (given: string | null) => team.auth.identify(given) : undefined;
  const teamSession = team ? { userRuns: new UserRunLimit(team.maxRunsPerUser), audit: new AuditLog(team.dataDir), shortLinks: options.links !== undefined } : undefined;
  const guard = new PlanGuard();
  const app = createApp({ token, policy, webRoot: options.webRoot ?? defaultWebRoot, version, limits, guard, ...(options.links ? { links: options.links } : {}), ...(identify ? { identify } : {}),
    // Compare versions runs hooks in this process: sandboxed when this server sandboxes, refused when only its workers may run hooks.
    localRuns: options.workersMustSandbox && !options.sandbox ? { refused: 'this server hands every run to sandboxed workers and runs no hooks itself, so it cannot compare versions here' } : { ...(options.sandbox ? { sandbox: options.sandbox } : {}) },
  });
  handler = getRequestListener(app.fetch);
  const releaseLastResort = installLastResort();
  let droppedClients = 0;
  const ws = attachWebSocket(server, { token, policy, limits, version, registry,
    guard,
    tmpDir: runDir,
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    ...(identify && teamSession ? { identify, team: teamSession } : {}),
    ...(options.queue ? { queue: options.queue, workersMustSandbox: options.workersMustSandbox === true } : {}),
    onDrop: () => droppedClients++,
    ...(options.backpressureBytes !== undefined ? { backpressureBytes: options.backpressureBytes } : {}),
    ...(options.dropGraceMs !== undefined ? { dropGraceMs: options.dropGraceMs } : {}),
  });

  // A wildcard bind is reachable on loopback, and only loopback names pass the Host check for it.
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const urlHost = shownHost.includes(':') && !shownHost.startsWith('[') ? `[${shownHost}]` : shownHost;
  const origin = `http://${urlHost}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    // A team server has no launch token: each teammate signs in with their own.
    url: team ? `${team.publicUrl?.origin ?? origin}/` : `${origin}/?token=${token}`,
    origin,
    port,
    host,
    token,
    runDir,
    stats: () => ({ connections: ws.sessions.size, runs: registry.size, droppedClients }),
    close: () =>
      (closing ??= (async () => {
        for (const s of ws.sessions) s.cancelAll();
        await registry.cancelAll();
        killAllHookGroups();
        endSpareSupervisors();
        await removalsSettled();
        ws.close();
        server.closeAllConnections();
        await new Promise<void>((r) => server.close(() => r()));
        await promisify(rm)(runDir, { recursive: true, force: true });
        guard.close();
        await options.links?.close().catch(() => {});
        await options.queue?.close().catch(() => {});
        releaseLastResort();
      })()),
  };
}
