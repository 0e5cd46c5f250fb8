import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The Redis connection of the rate-limit counters (REDIS_URL), so every instance behind the load
 * balancer counts together. A Redis outage must not take the API down: commands fail fast (no
 * offline queue, one try) and the limiter lets the request through (`skipOnError`), logged once
 * per outage. Start-up waits (up to the connect timeout) for the connection, so the first
 * requests are counted too.
 */
export async function createRateLimitRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // Keep trying to reconnect in the background, at most every 5 seconds.
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  let isDown = false;
  redis.on('error', (err: Error) => {
    if (isDown) return;
    isDown = true;
    log.error({ err: { name: err.name, message: err.message } }, 'rate-limit Redis unavailable');
  });
  redis.on('ready', () => {
    if (isDown) log.warn('rate-limit Redis is back');
    isDown = false;
  });
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, 2_000);
    redis.once('ready', done);
    redis.once('error', done);
  });
  return redis;
}
