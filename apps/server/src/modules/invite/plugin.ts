import fp from 'fastify-plugin';
import { perMinute } from '../../http/per-minute.js';
import { inviteRoutes } from './routes.js';
import { createInviteService } from './service.js';

/** The invited co-parent's calls: the invite, its price and payment, and the credentials. */
export const invitePlugin = fp(
  async (app) => {
    const { config } = app;
    const { rateLimit } = config;
    await app.register(inviteRoutes, {
      prefix: '/v2',
      service: createInviteService({
        db: app.database.db,
        pricing: app.pricing,
        checkout: app.checkoutService,
        mailer: app.mailer,
        log: app.log,
        now: app.now,
        publicUrl: config.publicUrl,
        settings: {
          inviteTtlDays: config.checkout.inviteTtlDays,
          credentialsTokenTtlMinutes: config.checkout.credentialsTokenTtlMinutes,
          requestsPerHour: config.invite.requestsPerHour,
          requestIntervalSeconds: config.invite.requestIntervalSeconds,
        },
        metrics: app.counters,
      }),
      requestRateLimit: perMinute(rateLimit.inviteRequestPerMinute),
      pricingRateLimit: perMinute(rateLimit.pricingPerMinute),
      paymentRateLimit: perMinute(rateLimit.paymentPerMinute),
      credentialsRateLimit: perMinute(rateLimit.credentialsPerMinute),
    });
  },
  { name: 'invite', dependencies: ['core', 'adapters', 'pricing', 'checkout'] },
);
