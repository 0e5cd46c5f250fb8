import fp from 'fastify-plugin';
import { atLeast } from '../../logger.js';
import { healthRoutes } from './routes.js';

/** /healthz and /readyz (the database, and Redis when configured). */
export const healthPlugin = fp(
  async (app) => {
    const redis = app.rateLimitRedis;
    await app.register(healthRoutes, {
      ping: () => app.database.ping(),
      pingRedis: redis ? () => redis.ping() : undefined,
      logLevel: atLeast(app.config.logLevel, 'warn'),
    });
  },
  { name: 'health', dependencies: ['core', 'rate-limit'] },
);
