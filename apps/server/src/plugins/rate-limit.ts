import fastifyRateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../errors.js';
import { createRateLimitRedis } from '../http/rate-limit-store.js';
import type { SharedCounters } from '../modules/credentials/login-lockout.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate-limit counters' Redis (REDIS_URL), when configured. */
    rateLimitRedis: Redis | undefined;
    /** Where the login lockouts count: Redis when configured, else each instance's memory. */
    sharedCounters: SharedCounters | undefined;
  }
}

/**
 * The routes' rate limits (each route names its own): counted in Redis when REDIS_URL is set, so
 * all instances count together, else in memory.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const { config } = app;
    const redis = config.rateLimit.redisUrl
      ? await createRateLimitRedis(config.rateLimit.redisUrl, app.log)
      : undefined;
    if (redis) app.addHook('onClose', () => redis.disconnect());
    app.decorate('rateLimitRedis', redis);
    app.decorate(
      'sharedCounters',
      redis ? { redis, prefix: config.rateLimit.redisPrefix, log: app.log } : undefined,
    );
    await app.register(fastifyRateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: config.rateLimit.redisPrefix, skipOnError: true } : {}),
      errorResponseBuilder: () => {
        app.counters.rateLimitRefused('per_ip');
        return new AppError('RATE_LIMITED');
      },
    });
  },
  { name: 'rate-limit', dependencies: ['core'] },
);
