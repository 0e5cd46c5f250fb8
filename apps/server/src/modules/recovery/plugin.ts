import { perMinute } from '../../http/per-minute.js';
import { routesModule } from '../../http/routes-module.js';
import { recoveryRoutes } from './routes.js';
import { createRecoveryService } from './service.js';

/** Password retrieval, without a session. */
export const recoveryPlugin = routesModule(
  { name: 'recovery', dependencies: ['core', 'adapters'] },
  recoveryRoutes,
  (app, config) => ({
    prefix: '/v2',
    service: createRecoveryService({
      db: app.database.db,
      mailer: app.mailer,
      log: app.log,
      now: app.now,
      publicUrl: config.publicUrl,
      settings: config.recovery,
    }),
    lookupRateLimit: perMinute(config.rateLimit.recoveryPerMinute),
    verifyRateLimit: perMinute(config.rateLimit.recoveryVerifyPerMinute),
  }),
);
