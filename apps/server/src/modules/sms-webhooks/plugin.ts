import fp from 'fastify-plugin';
import { smsWebhooksRoutes } from './routes.js';
import { createSmsWebhooksService } from './service.js';

/**
 * Twilio's webhooks (status callbacks and replies), only with Twilio configured: without it
 * there is no auth token to check a signature with, and no text was sent that a callback could
 * be about, so the routes do not exist (404) and nothing unsigned can change a text or the
 * opt-out list. The local stand-in's texts stay as the local mailbox shows them.
 */
export const smsWebhooksPlugin = fp(
  async (app) => {
    const { sms, publicUrl } = app.config;
    if (sms.kind !== 'twilio') return;
    await app.register(smsWebhooksRoutes, {
      service: createSmsWebhooksService({ db: app.database.db, log: app.log, now: app.now }),
      authToken: sms.authToken,
      publicUrl,
    });
  },
  { name: 'sms-webhooks', dependencies: ['core'] },
);
