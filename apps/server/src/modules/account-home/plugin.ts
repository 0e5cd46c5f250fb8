import fp from 'fastify-plugin';
import { accountHomeRoutes } from './routes.js';
import { createAccountHomeService } from './service.js';

/** The account area's home page. */
export const accountHomePlugin = fp(
  async (app) => {
    await app.register(accountHomeRoutes, {
      prefix: '/v2',
      service: createAccountHomeService({ db: app.database.db, now: app.now }),
      auth: app.sessionAuth,
    });
  },
  { name: 'account-home', dependencies: ['core', 'session'] },
);
