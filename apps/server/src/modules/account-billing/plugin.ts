import fp from 'fastify-plugin';
import { accountBillingRoutes } from './routes.js';
import { createAccountBillingService } from './service.js';

/** The account area's billing page. */
export const accountBillingPlugin = fp(
  async (app) => {
    await app.register(accountBillingRoutes, {
      prefix: '/v2',
      service: createAccountBillingService({ db: app.database.db, now: app.now }),
      auth: app.sessionAuth,
    });
  },
  { name: 'account-billing', dependencies: ['core', 'session'] },
);
