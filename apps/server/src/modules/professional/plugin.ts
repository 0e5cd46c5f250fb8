import { perMinute } from '../../http/per-minute.js';
import { routesModule } from '../../http/routes-module.js';
import { professionalRoutes } from './routes.js';
import { createProfessionalService } from './service.js';

/** The professional registration (three steps, each checked here). */
export const professionalPlugin = routesModule(
  { name: 'professional', dependencies: ['core', 'adapters', 'email-reveals'] },
  professionalRoutes,
  (app, config) => ({
    prefix: '/v2/professional',
    service: createProfessionalService({
      db: app.database.db,
      mailer: app.mailer,
      publicUrl: config.publicUrl,
      allowTestHooks: !config.isProduction,
      activationTtlHours: config.professional.activationTtlHours,
      emailReveals: app.emailReveals,
      now: app.now,
    }),
    createRateLimit: perMinute(config.rateLimit.professionalCreatePerMinute),
    validateRateLimit: perMinute(config.rateLimit.professionalValidatePerMinute),
  }),
);
