import { performance } from 'node:perf_hooks';
import type { Executor } from '../../db/client.js';
import type { Catalog } from './catalog.js';
import { type Promo, type Referrer, readActiveReferrers, readCatalog, readPromos } from './repo.js';

/**
 * The catalog as the pricing calls read it, kept in memory (reading it took 7 queries per
 * pricing call). It is data the sync writes (seed.ts), so:
 * - a sync in this process (start-up, tests) reloads it at once: `catalogChanged(db)` after the
 *   commit bumps a generation every cache of that database handle compares;
 * - anything else (another instance's sync, `npm run seed`, a manual SQL change) shows up within
 *   the TTL (60 s), in every instance.
 * Subscription codes are not cached: a payment redeems them.
 */

export type CatalogSnapshot = {
  catalog: Catalog;
  /** Every promo code, active or not, by its upper-case code. */
  promos: ReadonlyMap<string, Promo>;
  /** Active promotions listed as coupons or applied automatically, in code order. */
  offeredPromos: readonly Promo[];
  /** Active referrers by key. */
  referrers: ReadonlyMap<string, Referrer>;
};

export type CatalogCacheOptions = {
  /** How long a snapshot serves (milliseconds); changes outside a local sync wait this long. */
  ttlMs?: number;
  /** A monotonic clock in milliseconds (tests move it). */
  clock?: () => number;
};

export const CATALOG_CACHE_TTL_MS = 60_000;

/** Syncs seen per database handle (a WeakMap: a closed database's entry goes with it). */
const generations = new WeakMap<object, number>();

const generationOf = (db: object) => generations.get(db) ?? 0;

/** Called by the sync once its transaction has committed: every cache of `db` reloads. */
export function catalogChanged(db: object): void {
  generations.set(db, generationOf(db) + 1);
}

async function readSnapshot(db: Executor): Promise<CatalogSnapshot> {
  const [catalog, promos, referrers] = await Promise.all([
    readCatalog(db),
    readPromos(db),
    readActiveReferrers(db),
  ]);
  return {
    catalog,
    promos: new Map(promos.map((promo) => [promo.code, promo])),
    offeredPromos: promos.filter((p) => p.active && (p.public || p.autoApply)),
    referrers: new Map(referrers.map((referrer) => [referrer.key, referrer])),
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;

export function createCatalogCache(
  db: Executor,
  { ttlMs = CATALOG_CACHE_TTL_MS, clock = () => performance.now() }: CatalogCacheOptions = {},
) {
  let current: { snapshot: CatalogSnapshot; loadedAt: number; generation: number } | undefined;
  /** The load in flight: concurrent requests share it instead of each reading the catalog. */
  let loading: { generation: number; promise: Promise<CatalogSnapshot> } | undefined;

  /** The current snapshot; loads it when missing, older than the TTL or before the last sync. */
  function get(): Promise<CatalogSnapshot> {
    const generation = generationOf(db);
    if (current && current.generation === generation && clock() - current.loadedAt < ttlMs) {
      return Promise.resolve(current.snapshot);
    }
    // A load that began before the last sync may have read the old rows: never join it.
    if (loading?.generation === generation) return loading.promise;
    const loadedAt = clock();
    const promise = readSnapshot(db)
      .then((snapshot) => {
        if (!current || generation >= current.generation) {
          current = { snapshot, loadedAt, generation };
        }
        return snapshot;
      })
      .finally(() => {
        if (loading?.promise === promise) loading = undefined;
      });
    loading = { generation, promise };
    return promise;
  }

  return { get };
}
