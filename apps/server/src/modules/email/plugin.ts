import fp from 'fastify-plugin';
import { createEmailRetryJob, type EmailRetryJob } from './retry.js';
import { devMailboxPageRoutes, devMailboxRoutes } from './routes.js';
import { createMailboxService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The retry of failed emails (EMAIL_RETRY_INTERVAL_SECONDS): main.ts starts it; it stops on close. */
    emailRetry: Pick<EmailRetryJob, 'runDue' | 'start'>;
  }
}

/** The retry of failed emails, and the local demo's mailbox when the config opens it. */
export const emailPlugin = fp(
  async (app) => {
    const { config } = app;
    const retry = createEmailRetryJob({
      mailer: app.mailer,
      log: app.log,
      intervalSeconds: config.mail.kind === 'smtp' ? config.mail.retry.intervalSeconds : 0,
    });
    app.decorate('emailRetry', { runDue: retry.runDue, start: retry.start });
    // Registered after the mailer's hook, so the job stops before the mailer closes.
    app.addHook('onClose', () => retry.stop());
    if (config.devMailbox) {
      const mailbox = createMailboxService({ db: app.database.db });
      await app.register(devMailboxRoutes, { prefix: '/v2/dev', service: mailbox });
      await app.register(devMailboxPageRoutes, { service: mailbox });
    }
  },
  { name: 'email', dependencies: ['core', 'adapters'] },
);
