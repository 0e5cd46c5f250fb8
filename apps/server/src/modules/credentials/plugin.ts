import fp from 'fastify-plugin';
import { perMinute } from '../../http/per-minute.js';
import { credentialsRoutes } from './routes.js';
import { createCredentialsService } from './service.js';

/** The username and password of a new account, and the login. */
export const credentialsPlugin = fp(
  async (app) => {
    const { config } = app;
    const { rateLimit } = config;
    await app.register(credentialsRoutes, {
      prefix: '/v2',
      service: createCredentialsService({
        db: app.database.db,
        now: app.now,
        sessionTtlHours: config.checkout.sessionTtlHours,
        loginLockout: config.loginLockout,
        sharedCounters: app.sharedCounters,
        metrics: app.counters,
      }),
      cookieName: app.sessionAuth.cookieName,
      secureCookies: config.publicUrl.startsWith('https:'),
      usernameCheckRateLimit: perMinute(rateLimit.usernameCheckPerMinute),
      credentialsRateLimit: perMinute(rateLimit.credentialsPerMinute),
      loginRateLimit: perMinute(rateLimit.loginPerMinute),
    });
  },
  { name: 'credentials', dependencies: ['core', 'rate-limit', 'session'] },
);
