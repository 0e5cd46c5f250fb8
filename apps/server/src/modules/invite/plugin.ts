import { securesCookies } from '../../http/cookies.js';
import { perMinute } from '../../http/per-minute.js';
import { routesModule } from '../../http/routes-module.js';
import { inviteRoutes } from './routes.js';
import { createInviteService } from './service.js';

/** The invited co-parent's calls: the invite, its price and payment, and the credentials. */
export const invitePlugin = routesModule(
  { name: 'invite', dependencies: ['core', 'adapters', 'pricing', 'checkout'] },
  inviteRoutes,
  (app, config) => ({
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
    cookie: { secure: securesCookies(config.publicUrl) },
    requestRateLimit: perMinute(config.rateLimit.inviteRequestPerMinute),
    pricingRateLimit: perMinute(config.rateLimit.pricingPerMinute),
    paymentRateLimit: perMinute(config.rateLimit.paymentPerMinute),
    credentialsRateLimit: perMinute(config.rateLimit.credentialsPerMinute),
  }),
);
