import fp from 'fastify-plugin';
import { lookupsRoutes } from './routes.js';

/** The form lookups (countries, regions, time zones…) under /v2/lookups. */
export const lookupsPlugin = fp(
  async (app) => {
    await app.register(lookupsRoutes, { prefix: '/v2/lookups' });
  },
  { name: 'lookups' },
);
