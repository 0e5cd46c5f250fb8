import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PricingRequestSchema } from '@coparent/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { createTaxCalculator } from '../../config/adapters.js';
import { catalogPackagePrices, catalogPackages } from '../../db/schema.js';
import { FieldValidationError } from '../../errors.js';
import { type Json, signupAtStep3, type TestSignup } from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, testConfig, useTestDatabase } from '../../test/test-app.js';
import { CATALOG_CACHE_TTL_MS } from './catalog-cache.js';
import { seedCatalog } from './seed.js';
import { createPricingService } from './service.js';

const CATALOG_DIR = testConfig().catalog.dir;
const TEXAS = { country: 'US', region: 'TX', city: 'Austin', line1: '1 Main St' };

type CatalogFile = Record<string, Json[]>;

/** Syncs a copy of the demo catalog with `edit` applied to one file (as an edited JSON would). */
async function syncEdited(
  db: Parameters<typeof seedCatalog>[0],
  file: string,
  edit: (json: CatalogFile) => void,
) {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-'));
  try {
    cpSync(CATALOG_DIR, dir, { recursive: true });
    const path = join(dir, file);
    const json = JSON.parse(readFileSync(path, 'utf8')) as CatalogFile;
    edit(json);
    writeFileSync(path, JSON.stringify(json));
    await seedCatalog(db, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(BACKENDS)('the cached catalog follows the sync on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;
  let signup: TestSignup;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: { RATE_LIMIT_PRICING_PER_MINUTE: '10000' } });
    signup = await signupAtStep3(app);
  });
  afterAll(async () => {
    await app?.close();
  });
  // Every test leaves the demo catalog as it found it.
  afterEach(async () => {
    await seedCatalog(ctx.database.db, CATALOG_DIR);
  });

  const price = (body: Json) =>
    app.inject({
      method: 'POST',
      url: `/v2/signups/${signup.signupId}/pricing`,
      headers: { 'x-registration-key': signup.registrationKey },
      payload: { address: TEXAS, orderDetail: { packageId: 3003 }, ...body },
    });

  it('refuses a package the sync deactivated, from the next call on', async () => {
    expect((await price({})).statusCode).toBe(200);

    await syncEdited(ctx.database.db, 'packages.json', (json) => {
      json.packages = (json.packages ?? []).filter((p) => p.id !== 3003);
    });

    const refused = await price({});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().validationErrors).toEqual([
      { field: 'orderDetail.packageId', text: 'Choose a package', type: 'ERROR' },
    ]);
    const lookup = await app.inject({ method: 'GET', url: '/v2/pricing?country=US' });
    expect(lookup.json().packageIds).not.toContain(3003);

    await seedCatalog(ctx.database.db, CATALOG_DIR);
    expect((await price({})).statusCode).toBe(200);
  });

  it('prices with the amount the sync just wrote', async () => {
    await syncEdited(ctx.database.db, 'packages.json', (json) => {
      const premium = (json.packages ?? []).find((p) => p.id === 3003) as {
        prices: Record<string, number>;
      };
      premium.prices.USD = 12_999;
    });

    const res = await price({});
    expect(res.statusCode).toBe(200);
    expect(res.json().totals).toMatchObject({ subTotal: 12_999, subTotalFormatted: '$129.99' });
    const packages = await app.inject({ method: 'GET', url: '/v2/packages?ids=3003&country=US' });
    expect(packages.json().packages[0]).toMatchObject({ totalPrice: 12_999 });
  });

  it('stops applying a promo code the sync retired', async () => {
    const before = await price({ promoCodes: ['WELCOME10'] });
    expect(before.json().couponDetail).toMatchObject({ couponCode: 'WELCOME10' });

    await syncEdited(ctx.database.db, 'promo-codes.json', (json) => {
      json.promoCodes = (json.promoCodes ?? []).filter((p) => p.code !== 'WELCOME10');
    });

    const after = await price({ promoCodes: ['WELCOME10'] });
    expect(after.statusCode).toBe(200);
    expect(after.json().couponDetail).toBeNull();
  });
});

describe.each(BACKENDS)('two instances and a change outside the sync on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  afterAll(async () => {
    await seedCatalog(ctx.database.db, CATALOG_DIR);
  });

  /** Two instances' pricing services on one database, with a clock the test moves. */
  function instances() {
    const clock = { ms: 0 };
    const make = () =>
      createPricingService({
        db: ctx.database.db,
        tax: createTaxCalculator(testConfig().tax),
        now: () => new Date(),
        signups: {
          authorize: () => Promise.reject(new Error('not used: quote takes the signup')),
        },
        flags: {
          evaluate: () => Promise.reject(new Error('not used: package 3003 is not build-your-own')),
        },
        catalogCache: { clock: () => clock.ms },
      });
    return { clock, services: [make(), make()] };
  }

  const row = {
    id: randomUUID(),
    parentPhoneCountryCode: 'US_CANADA',
    parentPhoneNumber: '2125551234',
    segmentAnonymousId: null,
    parentEmail: null,
  };
  const body = PricingRequestSchema.parse({ address: TEXAS, orderDetail: { packageId: 3003 } });
  const subTotals = (services: ReturnType<typeof instances>['services']) =>
    Promise.all(
      services.map(async (s) => (await s.quote(row, undefined, body, { locale: 'en' })).totals),
    ).then((totals) => totals.map((t) => t.subTotal));

  it('serves a price changed in the database (not by a sync) within the TTL, never after', async () => {
    const { clock, services } = instances();
    expect(await subTotals(services)).toEqual([14_999, 14_999]);

    // Another process (or a person with SQL) changes the price: no sync runs in this process.
    await ctx.database.db
      .update(catalogPackagePrices)
      .set({ amount: 13_999 })
      .where(
        and(eq(catalogPackagePrices.packageId, 3003), eq(catalogPackagePrices.currency, 'USD')),
      );

    // The bound the cache allows: at most the TTL.
    clock.ms = CATALOG_CACHE_TTL_MS - 1;
    expect(await subTotals(services)).toEqual([14_999, 14_999]);
    clock.ms = CATALOG_CACHE_TTL_MS;
    expect(await subTotals(services)).toEqual([13_999, 13_999]);

    await ctx.database.db
      .update(catalogPackages)
      .set({ active: false })
      .where(eq(catalogPackages.id, 3003));
    clock.ms = 2 * CATALOG_CACHE_TTL_MS;
    for (const service of services) {
      await expect(service.quote(row, undefined, body, { locale: 'en' })).rejects.toBeInstanceOf(
        FieldValidationError,
      );
    }
  });
});
