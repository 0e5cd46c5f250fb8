import { ConfigError, loadConfig } from './config.js';
import { createDatabase, migrate } from './db/client.js';
import { CatalogError } from './modules/pricing/catalog.js';
import { seedCatalog } from './modules/pricing/seed.js';

/**
 * `npm run seed -w apps/server`: applies the migrations, then upserts the catalog files
 * (CATALOG_DIR, default apps/server/catalog) into the configured database (DATABASE_URL, or the
 * PGlite directory). Prices change by editing the JSON and running this; no code change.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = createDatabase(config);
  try {
    await migrate(database);
    const files = await seedCatalog(database.db, config.catalog.dir);
    console.log(
      `catalog seeded from ${config.catalog.dir}: ${files.packages.length} packages, ` +
        `${files.promoCodes.length} promo codes, ${files.referrers.length} referrers, ` +
        `${files.subscriptionCodes.length} subscription codes`,
    );
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
