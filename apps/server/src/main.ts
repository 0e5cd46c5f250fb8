import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createDatabase, migrate } from './db/client.js';
import { seedDemoData } from './modules/account/seed.js';
import { INVITE_SCENARIOS, seedInviteScenario } from './modules/invite/scenarios.js';
import { type MetricsServer, startMetricsServer } from './modules/metrics/metrics-server.js';
import { seedCatalog } from './modules/pricing/seed.js';
import { seedDemoStaff } from './modules/staff/demo-staff.js';

/** Reads the config, migrates, seeds the demo account outside production, and listens. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = createDatabase(config);
  const app = await buildApp(config, { database, closeDatabase: true });
  // /metrics on METRICS_PORT, when set: closed with the app.
  let metricsServer: MetricsServer | undefined;
  const closeAll = async () => {
    await metricsServer?.close();
    await app.close();
  };

  try {
    await migrate(database);
    if (config.catalog.seedOnStart) {
      const catalog = await seedCatalog(database.db, config.catalog.dir);
      app.log.info(
        `catalog: ${catalog.packages.length} packages upserted from ${config.catalog.dir}`,
      );
    }
    const seedInvites =
      config.seedDemoData && !config.isProduction && (await seedDemoData(database.db));
    if (seedInvites) {
      app.log.info(
        'seeded the demo account taken@example.com (signing up with it shows the duplicate path)',
      );
      if (config.demoStaff) {
        await seedDemoStaff(database.db, config.demoStaff, new Date());
        app.log.info('seeded the demo staff account (DEMO_STAFF_USERNAME)');
      }
    }
    await app.listen({ host: config.host, port: config.port });
    if (config.metrics.port !== undefined) {
      const { host, port, token } = config.metrics;
      metricsServer = await startMetricsServer({ host, port, token, ...app.metrics, log: app.log });
      app.log.info(`metrics: http://${host}:${port}/metrics`);
    }
    if (seedInvites) {
      // One demo invitation of each kind on an empty database (through the API, once listening).
      for (const scenario of INVITE_SCENARIOS) {
        try {
          const result = await seedInviteScenario(scenario, {
            app,
            db: database.db,
            mailer: app.mailer,
            publicUrl: config.publicUrl,
            inviteTtlDays: config.checkout.inviteTtlDays,
          });
          app.log.info(`demo invitation ${scenario}: ${result.link}`);
        } catch (err) {
          app.log.warn({ err, scenario }, 'seeding a demo invitation failed');
        }
      }
    }
    // Signups and tokens that expired long ago: deleted now and then (SIGNUP_PURGE_INTERVAL_SECONDS).
    app.purge.start();
    // Co-parents who have not joined: reminded 3 and 7 days after the invitation.
    app.invitationReminders.start();
    // Parent A who left an unfinished signup: one email with a link back into it.
    app.resumeEmails.start();
    // Emails whose send failed: sent again with back-off (EMAIL_RETRY_INTERVAL_SECONDS).
    app.emailRetry.start();
    // Texts likewise (SMS_RETRY_INTERVAL_SECONDS).
    app.textRetry.start();
    // Subscriptions due: reminded 7 days before, charged through the vaulted method, retried.
    app.subscriptionRenewals.start();
    // Payments a crash left between the gateway and our commit: settle them now and then.
    app.checkout.startReconciliation();
    app.checkout
      .reconcilePendingPayments()
      .catch((err: unknown) => app.log.error({ err }, 'start-up reconciliation failed'));
  } catch (err) {
    app.log.fatal({ err }, 'start-up failed');
    await closeAll();
    process.exit(1);
  }

  const where =
    config.database.kind === 'pg'
      ? 'PostgreSQL (DATABASE_URL)'
      : `PGlite at ${config.database.dataDir}`;
  app.log.info(`database: ${where}`);
  app.log.info(
    config.payment.kind === 'braintree'
      ? `payments: Braintree (${config.payment.environment})`
      : 'payments: the local sandbox gateway (test cards and fake nonces only)',
  );
  if (config.metrics.onAppPort) {
    app.log.info(
      `metrics: /metrics on the app's port${config.metrics.token ? ' (bearer token)' : ''}`,
    );
  } else if (config.metrics.port === undefined) {
    app.log.warn('metrics: not served (production: set METRICS_TOKEN or METRICS_PORT)');
  }
  app.log.info(`App ready at http://localhost:${config.port}/app/join/`);

  // Graceful shutdown: Fastify stops accepting connections and answers 503 to new requests on
  // open ones, lets the requests in flight finish, then runs the close hooks (timers, mailer,
  // and last the database pool). A deadline bounds a request that never ends; a second signal
  // exits at once.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: refusing new requests, finishing those in flight');
    const deadline = setTimeout(() => {
      app.log.error(`shutdown still waiting after ${config.shutdownTimeoutSeconds}s: exiting`);
      process.exit(1);
    }, config.shutdownTimeoutSeconds * 1000);
    deadline.unref();
    closeAll().then(
      () => {
        app.log.info('shutdown complete: requests finished, database closed');
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(`Configuration error: ${err.message}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
