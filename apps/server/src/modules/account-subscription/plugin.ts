import { routesModule } from '../../http/routes-module.js';
import { accountSubscriptionRoutes } from './routes.js';
import { createAccountSubscriptionService } from './service.js';

/** The account area's subscription page: auto-renewal off and on, and canceling. */
export const accountSubscriptionPlugin = routesModule(
  { name: 'account-subscription', dependencies: ['core', 'adapters', 'session', 'pricing'] },
  accountSubscriptionRoutes,
  (app, config) => ({
    prefix: '/v2',
    service: createAccountSubscriptionService({
      db: app.database.db,
      mailer: app.mailer,
      log: app.log,
      now: app.now,
      pricing: app.pricing,
      publicUrl: config.publicUrl,
    }),
    auth: app.sessionAuth,
  }),
);
