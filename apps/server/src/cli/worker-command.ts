import { checkSandbox, SandboxUnavailableError, type SandboxConfig } from '@hookplay/engine';
import { QueueError } from '../server/queue/connect.js';
import { startRunWorker } from '../server/queue/worker.js';
import { parseArgs, UsageError, wholeNumber } from './args.js';
import { EXIT } from './help.js';

/** `hookplay worker --queue URL`: serves runs from the queue until SIGINT/SIGTERM. */
export async function workerCommand(args: string[]): Promise<number> {
  let url: string;
  let concurrency = 4;
  let wantSandbox: boolean;
  try {
    const parsed = parseArgs(args, { '--queue': { kind: 'value' }, '--concurrency': { kind: 'value' }, '--sandbox': { kind: 'flag' } });
    if (parsed.positional.length) throw new UsageError(`unexpected "${parsed.positional[0]}"`);
    const q = parsed.values.get('--queue');
    if (typeof q !== 'string') throw new UsageError('--queue URL is required (the Redis the server was started with)');
    url = q;
    const c = parsed.values.get('--concurrency');
    if (typeof c === 'string') concurrency = wholeNumber('--concurrency', c, 1, 64);
    wantSandbox = parsed.values.has('--sandbox');
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`hookplay worker: ${e.message}\nusage: hookplay worker --queue redis://HOST:PORT [--concurrency N] [--sandbox]\n`);
    return EXIT.usage;
  }
  let sandbox: SandboxConfig | undefined;
  if (wantSandbox) {
    try {
      sandbox = checkSandbox();
    } catch (e) {
      if (!(e instanceof SandboxUnavailableError)) throw e;
      process.stderr.write(`hookplay worker: --sandbox: ${e.message}. Not starting: with --sandbox no hook ever runs unsandboxed.\n`);
      return EXIT.failed;
    }
  }
  let worker;
  try {
    worker = await startRunWorker({ url, concurrency, ...(sandbox ? { sandbox } : {}) });
  } catch (e) {
    if (!(e instanceof QueueError)) throw e;
    process.stderr.write(`hookplay worker: ${e.message}\n`);
    return EXIT.failed;
  }
  process.stderr.write(`hookplay worker ${worker.id}: taking runs from ${url.replace(/\/\/[^@/]*@/, '//***@')} (${concurrency} at once${sandbox ? ', sandboxed' : ', unsandboxed'})\n`);
  const stop = () => {
    process.stderr.write('hookplay worker: stopping (killing running hooks)\n');
    void worker.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return -1;
}
