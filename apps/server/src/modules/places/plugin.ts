import { perMinute } from '../../http/per-minute.js';
import { routesModule } from '../../http/routes-module.js';
import { placesRoutes } from './routes.js';
import { createPlacesService } from './service.js';

/** Address autocomplete for the billing forms: a proxy, so the provider's key stays here. */
export const placesPlugin = routesModule(
  { name: 'places', dependencies: ['core', 'adapters'] },
  placesRoutes,
  (app, config) => ({
    prefix: '/v2',
    service: createPlacesService({ provider: app.placesProvider, log: app.log }),
    placesRateLimit: perMinute(config.rateLimit.placesPerMinute),
  }),
);
