import { Redis } from 'ioredis';

export class QueueError extends Error {}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString().replace(/\/$/, '');
  } catch {
    return 'the given --queue URL';
  }
}

/**
 * A Redis connection that is known to work: connected and answering PING within `timeoutMs`, or a QueueError
 * saying why. BullMQ wants `maxRetriesPerRequest: null` (its blocking commands must not be cut off); later
 * outages are retried by ioredis every half second at most.
 */
export async function connectRedis(url: string, timeoutMs = 5000): Promise<Redis> {
  if (!/^rediss?:\/\//.test(url)) throw new QueueError(`--queue must be a redis:// or rediss:// URL, not "${url.slice(0, 40)}"`);
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null, enableOfflineQueue: true, connectTimeout: timeoutMs, retryStrategy: (n) => Math.min(n * 100, 500) });
  let lastError = '';
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      redis.connect().then(() => redis.ping()),
      // The first failure is the answer at start (ioredis would retry a refused connection forever).
      new Promise((_, reject) => redis.once('error', (e: Error) => reject(e))),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(lastError || `no answer within ${timeoutMs} ms`)), timeoutMs))),
    ]);
    redis.on('error', (e: Error) => (lastError = e.message));
  } catch (e) {
    redis.disconnect();
    throw new QueueError(`cannot reach the queue at ${redactUrl(url)}: ${lastError || (e as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
  return redis;
}
