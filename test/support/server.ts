import { afterAll, beforeAll } from 'vitest';
import { connect, type Client } from './ws-client.js';
import { startServer, type RunningServer, type ServerOptions } from '../../apps/server/src/server/start.js';

/** A real server on an ephemeral loopback port. */
export function launch(options: ServerOptions = {}): Promise<RunningServer> {
  return startServer({ port: 0, ...options });
}

export function authed(server: RunningServer, init: RequestInit = {}): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${server.token}` } };
}

/** One real server and one connected client for a whole test file, closed afterwards. */
export function useServerWithClient(options: ServerOptions = {}): { readonly server: RunningServer; readonly client: Client } {
  const state = {} as { server: RunningServer; client: Client };
  beforeAll(async () => {
    state.server = await launch(options);
    state.client = await connect(state.server.origin, state.server.token);
  });
  afterAll(async () => {
    await state.client.close();
    await state.server.close();
  });
  return state;
}
