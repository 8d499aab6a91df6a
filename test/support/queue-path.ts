import { connectRunQueue } from '../../apps/server/src/server/queue/client.js';
import { startRunWorker } from '../../apps/server/src/server/queue/worker.js';
import type { RunningServer, ServerOptions } from '../../apps/server/src/server/start.js';
import { startRedis, type Service } from './services.js';

let redis: Promise<Service> | undefined;

/** One Redis per test file (per vitest worker), stopped when the file's process exits. */
function sharedRedis(): Promise<Service> {
  redis ??= startRedis().then((service) => {
    // No hook can wait for an async stop at exit, and a vitest worker may end without one: setpriv's
    // parent-death signal stops this Redis whenever the process that started it ends.
    process.once('exit', () => service.process.kill('SIGKILL'));
    return service;
  });
  return redis;
}

/** The server, with its runs going through the queue to a worker of its own that closes with it. */
export async function overQueue(options: ServerOptions, start: (o: ServerOptions) => Promise<RunningServer>): Promise<RunningServer> {
  const { url } = await sharedRedis();
  const worker = await startRunWorker({ url, concurrency: 64, ...(options.sandbox ? { sandbox: options.sandbox } : {}) });
  const server = await start({ ...options, queue: await connectRunQueue(url) });
  const close = server.close;
  return {
    ...server,
    close: async () => {
      await close();
      await worker.close();
    },
  };
}
