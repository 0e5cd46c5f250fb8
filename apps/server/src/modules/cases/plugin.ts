import { perMinute } from '../../http/per-minute.js';
import { routesModule } from '../../http/routes-module.js';
import { casesRoutes } from './routes.js';
import { createCasesService } from './service.js';

/** A professional's cases: the families they open and invite. */
export const casesPlugin = routesModule(
  { name: 'cases', dependencies: ['core', 'adapters', 'session'] },
  casesRoutes,
  (app, config) => ({
    prefix: '/v2',
    service: createCasesService({
      db: app.database.db,
      mailer: app.mailer,
      now: app.now,
      publicUrl: config.publicUrl,
      inviteTtlDays: config.checkout.inviteTtlDays,
    }),
    auth: app.sessionAuth,
    createRateLimit: perMinute(config.professional.caseCreatePerMinute),
  }),
);
