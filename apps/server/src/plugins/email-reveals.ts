import fp from 'fastify-plugin';
import {
  createAccountExistsNotifier,
  createEmailRevealGuard,
  createRevealStore,
  type EmailRevealGuard,
} from '../security/email-reveal-limit.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts the "this email has an account" answers per address, and emails its owner. */
    emailReveals: EmailRevealGuard;
  }
}

/** The duplicate-account answers: limited per email address, and the owner is emailed. */
export const emailRevealsPlugin = fp(
  async (app) => {
    const { config, now, log } = app;
    const emailReveals = createEmailRevealGuard({
      store: createRevealStore({
        redis: app.rateLimitRedis,
        prefix: config.rateLimit.redisPrefix,
        now,
        log,
      }),
      limitPerHour: config.rateLimit.emailRevealPerHour,
      now,
      log,
      metrics: app.counters,
      notifyOwner: createAccountExistsNotifier({
        db: app.database.db,
        mailer: app.mailer,
        publicUrl: config.publicUrl,
      }),
    });
    // Registered after the mailer's and Redis's hooks, so it runs before them.
    app.addHook('onClose', () => emailReveals.close());
    app.decorate('emailReveals', emailReveals);
  },
  { name: 'email-reveals', dependencies: ['core', 'adapters', 'rate-limit'] },
);
