import { startServer, type RunningServer, type ServerOptions } from '../../apps/server/src/server/start.js';

/** A real server on an ephemeral loopback port. */
export function launch(options: ServerOptions = {}): Promise<RunningServer> {
  return startServer({ port: 0, ...options });
}

export function authed(server: RunningServer, init: RequestInit = {}): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${server.token}` } };
}
