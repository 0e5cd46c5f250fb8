import { buildApp } from './app.js';
import { createMailer } from './config/adapters.js';
import { ConfigError, loadConfig } from './config.js';
import { createDatabase, migrate } from './db/client.js';
import {
  INVITE_SCENARIOS,
  isInviteScenario,
  seedInviteScenario,
} from './modules/invite/scenarios.js';
import { CatalogError } from './modules/pricing/catalog.js';
import { seedCatalog } from './modules/pricing/seed.js';

/**
 * `npm run seed -w apps/server`: applies the migrations, then upserts the catalog files
 * (CATALOG_DIR, default apps/server/catalog) into the configured database (DATABASE_URL, or the
 * PGlite directory). Prices change by editing the JSON and running this; no code change.
 *
 * `npm run seed -w apps/server -- --scenario <coparent-invite|paid-coparent-invite|pro-invite|texted-coparent-invite>`
 * also creates one demo invitation (never in production) and prints its invite link.
 */
function scenarioArg(argv: readonly string[]): string | undefined {
  const index = argv.indexOf('--scenario');
  if (index >= 0) return argv[index + 1] ?? '';
  return argv.find((arg) => arg.startsWith('--scenario='))?.slice('--scenario='.length);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const scenario = scenarioArg(process.argv.slice(2));
  if (scenario !== undefined && !isInviteScenario(scenario)) {
    throw new ConfigError(`--scenario must be one of ${INVITE_SCENARIOS.join(', ')}`);
  }
  if (scenario !== undefined && config.isProduction) {
    throw new ConfigError('demo invitations are never seeded in production');
  }
  const database = createDatabase(config);
  try {
    await migrate(database);
    const files = await seedCatalog(database.db, config.catalog.dir);
    console.log(
      `catalog seeded from ${config.catalog.dir}: ${files.packages.length} packages, ` +
        `${files.promoCodes.length} promo codes, ${files.referrers.length} referrers, ` +
        `${files.subscriptionCodes.length} subscription codes`,
    );
    if (scenario !== undefined) {
      const app = await buildApp({ ...config, logLevel: 'warn' }, { database });
      try {
        await app.ready();
        const result = await seedInviteScenario(scenario, {
          app,
          db: database.db,
          mailer: createMailer(config.mail, {
            db: database.db,
            log: app.log,
            now: () => new Date(),
          }),
          publicUrl: config.publicUrl,
          inviteTtlDays: config.checkout.inviteTtlDays,
        });
        const contact = result.coParentEmail || `text to ${result.coParentPhone}`;
        console.log(`${result.scenario} (${contact}): ${result.link}`);
      } finally {
        await app.close();
      }
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof CatalogError) {
    console.error(`Seed failed: ${err.message}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
