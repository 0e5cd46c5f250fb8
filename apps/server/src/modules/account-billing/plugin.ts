import { routesModule } from '../../http/routes-module.js';
import { accountBillingRoutes } from './routes.js';
import { createAccountBillingService } from './service.js';

/** The account area's billing page. */
export const accountBillingPlugin = routesModule(
  { name: 'account-billing', dependencies: ['core', 'session'] },
  accountBillingRoutes,
  (app) => ({
    prefix: '/v2',
    service: createAccountBillingService({ db: app.database.db, now: app.now }),
    auth: app.sessionAuth,
  }),
);
