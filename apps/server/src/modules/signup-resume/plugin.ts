import fp from 'fastify-plugin';
import { securesCookies } from '../../http/cookies.js';
import { perMinute } from '../../http/per-minute.js';
import { signupResumeRoutes } from './routes.js';
import { createSignupResume } from './service.js';

/** The way back into an unfinished signup: the resume email's link (its job is housekeeping's). */
export const signupResumePlugin = fp(
  async (app) => {
    const { config } = app;
    const service = createSignupResume({ db: app.database.db, signups: app.signups, now: app.now });
    await app.register(signupResumeRoutes, {
      prefix: '/v2/signups',
      service,
      rateLimit: perMinute(config.rateLimit.signupCreatePerMinute),
      cookie: { secure: securesCookies(config.publicUrl) },
    });
  },
  { name: 'signup-resume', dependencies: ['core', 'signup'] },
);
