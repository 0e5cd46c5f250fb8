import fp from 'fastify-plugin';
import { securesCookies } from '../../http/cookies.js';
import { sessionRoutes } from './routes.js';
import { createSessionAuth, SESSION_COOKIE, type SessionAuth } from './session-auth.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The account area's session check: its calls pass `sessionAuth.requireSession`. */
    sessionAuth: SessionAuth;
  }
}

/** The account area's session (/v2/account/session) and the check its calls pass. */
export const sessionPlugin = fp(
  async (app) => {
    const db = app.database.db;
    const auth = createSessionAuth(app, { db, now: app.now, cookieName: SESSION_COOKIE });
    app.decorate('sessionAuth', auth);
    await app.register(sessionRoutes, {
      prefix: '/v2',
      db,
      auth,
      secureCookies: securesCookies(app.config.publicUrl),
    });
  },
  { name: 'session', dependencies: ['core'] },
);
