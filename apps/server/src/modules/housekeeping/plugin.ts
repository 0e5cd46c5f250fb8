import fp from 'fastify-plugin';
import { createExpiredRowsPurge, type ExpiredRowsPurge } from './purge.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled purge of expired signups and tokens: main.ts starts it; it stops on close. */
    purge: Pick<ExpiredRowsPurge, 'purgeExpired' | 'start'>;
  }
}

/** The scheduled purge of expired signups and tokens. */
export const housekeepingPlugin = fp(
  async (app) => {
    const { signup } = app.config;
    const purge = createExpiredRowsPurge({
      db: app.database.db,
      now: app.now,
      log: app.log,
      settings: {
        purgeAfterHours: signup.purgeAfterHours,
        intervalSeconds: signup.purgeIntervalSeconds,
      },
      runAlone: app.database.runAlone,
    });
    app.decorate('purge', { purgeExpired: purge.purgeExpired, start: purge.start });
    app.addHook('onClose', () => purge.stop());
  },
  { name: 'housekeeping', dependencies: ['core'] },
);
