import type { Db } from '../../db/client.js';
import { type CatalogFiles, loadCatalogFiles } from './catalog.js';
import { catalogChanged } from './catalog-cache.js';
import { upsertCatalog } from './repo.js';

/**
 * Reads and validates the catalog files in `dir`, then upserts them in one transaction (start-up,
 * `npm run seed -w apps/server`, and the test databases). Answers what it loaded. The pricing
 * calls' caches of `db` reload at once; other processes' within their TTL (catalog-cache.ts).
 */
export async function seedCatalog(
  db: Db,
  dir: string,
  now: Date = new Date(),
): Promise<CatalogFiles> {
  const files = loadCatalogFiles(dir);
  await db.transaction((tx) => upsertCatalog(tx, files, now));
  catalogChanged(db);
  return files;
}
