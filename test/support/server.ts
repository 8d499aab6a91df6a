import { afterAll, beforeAll } from 'vitest';
import { connect, type Client } from './ws-client.js';
import { startServer, type RunningServer, type ServerOptions } from '../../apps/server/src/server/start.js';

/**
 * A real server on an ephemeral loopback port. With HOOKPLAY_TEST_QUEUE=1 (scripts/test.sh runs the server
 * tests once more that way) every run goes over the queue path instead: through BullMQ on a real Redis started
 * for the test file, to a worker, and back; the tests are the same.
 */
export async function launch(options: ServerOptions = {}): Promise<RunningServer> {
  if (process.env.HOOKPLAY_TEST_QUEUE !== '1' || options.queue) return startServer({ port: 0, ...options });
  const { overQueue } = await import('./queue-path.js');
  return overQueue(options, (o) => startServer({ port: 0, ...o }));
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
