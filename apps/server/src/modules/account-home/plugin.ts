import { routesModule } from '../../http/routes-module.js';
import { accountHomeRoutes } from './routes.js';
import { createAccountHomeService } from './service.js';

/** The account area's home page. */
export const accountHomePlugin = routesModule(
  { name: 'account-home', dependencies: ['core', 'session'] },
  accountHomeRoutes,
  (app) => ({
    prefix: '/v2',
    service: createAccountHomeService({ db: app.database.db, now: app.now }),
    auth: app.sessionAuth,
  }),
);
