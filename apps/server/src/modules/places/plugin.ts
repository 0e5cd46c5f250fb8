import fp from 'fastify-plugin';
import { perMinute } from '../../http/per-minute.js';
import { placesRoutes } from './routes.js';
import { createPlacesService } from './service.js';

/** Address autocomplete for the billing forms: a proxy, so the provider's key stays here. */
export const placesPlugin = fp(
  async (app) => {
    await app.register(placesRoutes, {
      prefix: '/v2',
      service: createPlacesService({ provider: app.placesProvider, log: app.log }),
      placesRateLimit: perMinute(app.config.rateLimit.placesPerMinute),
    });
  },
  { name: 'places', dependencies: ['core', 'adapters'] },
);
