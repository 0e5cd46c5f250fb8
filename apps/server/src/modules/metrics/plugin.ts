import fp from 'fastify-plugin';
import { atLeast } from '../../logger.js';
import { metricsRoutes } from './routes.js';

/** GET /metrics on the app's own port, when the config asks for it there. */
export const metricsPlugin = fp(
  async (app) => {
    const { config } = app;
    if (!config.metrics.onAppPort) return;
    await app.register(metricsRoutes, {
      ...app.metrics,
      token: config.metrics.token,
      logLevel: atLeast(config.logLevel, 'warn'),
    });
  },
  { name: 'metrics', dependencies: ['core'] },
);
