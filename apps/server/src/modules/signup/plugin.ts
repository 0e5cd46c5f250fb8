import fp from 'fastify-plugin';
import { securesCookies } from '../../http/cookies.js';
import { perMinute } from '../../http/per-minute.js';
import { signupRoutes } from './routes.js';
import { createSignupService, type SignupService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Parent A's signup: its sections, and the key check of every call on a signup. */
    signups: SignupService;
  }
}

/** The signup (join) funnel's calls under /v2/signups, and its service for the other modules. */
export const signupPlugin = fp(
  async (app) => {
    const { config } = app;
    const service = createSignupService({
      db: app.database.db,
      ttlHours: config.signup.ttlHours,
      now: app.now,
      emailReveals: app.emailReveals,
      flags: app.flags,
      metrics: app.counters,
      pricing: app.pricing,
    });
    app.decorate('signups', service);
    await app.register(signupRoutes, {
      prefix: '/v2/signups',
      service,
      createRateLimit: perMinute(config.rateLimit.signupCreatePerMinute),
      cookie: { secure: securesCookies(config.publicUrl) },
    });
  },
  { name: 'signup', dependencies: ['core', 'email-reveals', 'flags', 'pricing'] },
);
