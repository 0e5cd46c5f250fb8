import fp from 'fastify-plugin';
import { createEmailRetryJob, createTextRetryJob, type OutboxRetryJob } from './retry.js';
import { devMailboxPageRoutes, devMailboxRoutes } from './routes.js';
import { createMailboxService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The retry of failed emails (EMAIL_RETRY_INTERVAL_SECONDS): main.ts starts it; it stops on close. */
    emailRetry: Pick<OutboxRetryJob, 'runDue' | 'start'>;
    /** The retry of failed texts (SMS_RETRY_INTERVAL_SECONDS): main.ts starts it; it stops on close. */
    textRetry: Pick<OutboxRetryJob, 'runDue' | 'start'>;
  }
}

/**
 * The retry of failed emails and texts, and the local demo's mailbox (emails and texts) when the
 * config opens it.
 */
export const emailPlugin = fp(
  async (app) => {
    const { config } = app;
    const retry = createEmailRetryJob({
      mailer: app.mailer,
      log: app.log,
      intervalSeconds: config.mail.kind === 'smtp' ? config.mail.retry.intervalSeconds : 0,
    });
    const textRetry = createTextRetryJob({
      smsSender: app.smsSender,
      log: app.log,
      intervalSeconds: config.sms.kind === 'twilio' ? config.sms.retry.intervalSeconds : 0,
    });
    app.decorate('emailRetry', { runDue: retry.runDue, start: retry.start });
    app.decorate('textRetry', { runDue: textRetry.runDue, start: textRetry.start });
    // Registered after the senders' hooks, so the jobs stop before the senders close.
    app.addHook('onClose', () => retry.stop());
    app.addHook('onClose', () => textRetry.stop());
    if (config.devMailbox) {
      const mailbox = createMailboxService({ db: app.database.db });
      await app.register(devMailboxRoutes, { prefix: '/v2/dev', service: mailbox });
      await app.register(devMailboxPageRoutes, { service: mailbox });
    }
  },
  { name: 'email', dependencies: ['core', 'adapters'] },
);
