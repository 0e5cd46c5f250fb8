import { perMinute } from '../../http/per-minute.js';
import { routesModule } from '../../http/routes-module.js';
import { accountEmailRoutes } from './routes.js';
import { createAccountEmailService } from './service.js';

/** The account area's change of email address, confirmed by an emailed link. */
export const accountEmailPlugin = routesModule(
  { name: 'account-email', dependencies: ['core', 'adapters', 'rate-limit', 'session'] },
  accountEmailRoutes,
  (app, config) => ({
    prefix: '/v2',
    service: createAccountEmailService({
      db: app.database.db,
      mailer: app.mailer,
      publicUrl: config.publicUrl,
      log: app.log,
      now: app.now,
      lockout: config.loginLockout,
      sharedCounters: app.sharedCounters,
      metrics: app.counters,
    }),
    auth: app.sessionAuth,
    rateLimit: perMinute(config.rateLimit.loginPerMinute),
    confirmRateLimit: perMinute(config.rateLimit.recoveryVerifyPerMinute),
  }),
);
