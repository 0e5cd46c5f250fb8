import fp from 'fastify-plugin';
import { perMinute } from '../../http/per-minute.js';
import { pricingRoutes } from './routes.js';
import { createPricingService, type PricingService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalog and the price of an order. */
    pricing: PricingService;
  }
}

/**
 * The pricing calls (/v2/pricing, /v2/packages, a signup's coupons, country check and price).
 * Registered before the signup module, which prices its saved orders here: the key check of a
 * signup's pricing calls is the signup module's, reached through `app.signups` when a call comes.
 */
export const pricingPlugin = fp(
  async (app) => {
    const service = createPricingService({
      db: app.database.db,
      tax: app.tax,
      now: app.now,
      signups: { authorize: (signupId, key) => app.signups.authorize(signupId, key) },
      flags: app.flags,
    });
    app.decorate('pricing', service);
    await app.register(pricingRoutes, {
      prefix: '/v2',
      service,
      priceRateLimit: perMinute(app.config.rateLimit.pricingPerMinute),
    });
  },
  { name: 'pricing', dependencies: ['core', 'adapters', 'flags'] },
);
