import fp from 'fastify-plugin';
import { type ScheduledJob, scheduleJob } from '../housekeeping/scheduled-job.js';
import { createSubscriptionRenewals, type RenewalCounts } from './renewals.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The subscription renewal job (RENEWAL_INTERVAL_SECONDS): main.ts starts it. */
    subscriptionRenewals: Pick<ScheduledJob<RenewalCounts>, 'runOnce' | 'start'>;
  }
}

/** The scheduled renewal of subscriptions, under its own advisory lock (decision 057). */
export const subscriptionRenewalsPlugin = fp(
  async (app) => {
    const { config } = app;
    const renewals = createSubscriptionRenewals({
      db: app.database.db,
      gateway: app.paymentGateway,
      mailer: app.mailer,
      pricing: app.pricing,
      now: app.now,
      log: app.log,
      publicUrl: config.publicUrl,
      lockSeconds: config.checkout.paymentLockSeconds,
      metrics: app.counters,
    });
    const job = scheduleJob({
      name: 'subscription-renewals',
      intervalSeconds: config.renewal.intervalSeconds,
      run: renewals.runDue,
      runAlone: app.database.runAlone,
      log: app.log,
    });
    app.decorate('subscriptionRenewals', { runOnce: job.runOnce, start: job.start });
    app.addHook('onClose', () => job.stop());
  },
  { name: 'subscription-renewals', dependencies: ['core', 'adapters', 'pricing'] },
);
