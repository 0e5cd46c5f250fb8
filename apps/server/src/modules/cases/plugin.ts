import fp from 'fastify-plugin';
import { perMinute } from '../../http/per-minute.js';
import { casesRoutes } from './routes.js';
import { createCasesService } from './service.js';

/** A professional's cases: the families they open and invite. */
export const casesPlugin = fp(
  async (app) => {
    const { config } = app;
    await app.register(casesRoutes, {
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
    });
  },
  { name: 'cases', dependencies: ['core', 'adapters', 'session'] },
);
