import { securesCookies } from '../../http/cookies.js';
import { perMinute } from '../../http/per-minute.js';
import { routesModule } from '../../http/routes-module.js';
import { credentialsRoutes } from './routes.js';
import { createCredentialsService } from './service.js';

/** The username and password of a new account, and the login. */
export const credentialsPlugin = routesModule(
  { name: 'credentials', dependencies: ['core', 'rate-limit', 'session'] },
  credentialsRoutes,
  (app, config) => ({
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
    secureCookies: securesCookies(config.publicUrl),
    usernameCheckRateLimit: perMinute(config.rateLimit.usernameCheckPerMinute),
    credentialsRateLimit: perMinute(config.rateLimit.credentialsPerMinute),
    loginRateLimit: perMinute(config.rateLimit.loginPerMinute),
  }),
);
