import {
  type CurrencyCode,
  isCurrencyCode,
  type PricingGroup,
  type PromoDefinition,
  type SubscriptionCodeDefinition,
  type TaxWording,
} from '@coparent/domain';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { upsert } from '../../db/queries.js';
import {
  catalogPackageOptions,
  catalogPackagePrices,
  catalogPackages,
  type LocalizedText,
  pricingCountryGroups,
  promoCodeAmounts,
  promoCodes,
  referrers,
  subscriptionCodes,
} from '../../db/schema.js';
import type { Catalog, CatalogFiles, CatalogOption, CatalogPackage } from './catalog.js';

/** The rules' default group is stored as the row with this country. */
const DEFAULT_COUNTRY = '*';

// ── Seeding ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Upserts the catalog files (run it in a transaction). Packages, promo codes and referrers that
 * left the files are deactivated, not deleted (saved orders and signups point at them).
 * Subscription codes keep their redemption: seeding never un-redeems a code.
 */
export async function upsertCatalog(tx: Executor, files: CatalogFiles, now: Date): Promise<void> {
  const packageIds = files.packages.map((p) => p.id);
  for (const pkg of files.packages) {
    const values = {
      code: pkg.code,
      pricingGroup: pkg.pricingGroup,
      countries: pkg.countries,
      buildYourOwn: pkg.buildYourOwn,
      subDurationInYears: pkg.subDurationInYears,
      sortOrder: pkg.sortOrder,
      taxWording: pkg.taxWording,
      analyticsPackage: pkg.analyticsPackage,
      packageName: pkg.packageName,
      displayName: pkg.displayName,
      receiptText: pkg.receiptText,
      features: pkg.features,
      recommended: pkg.recommended,
      active: pkg.active,
      updatedAt: now,
    };
    await upsert(tx, catalogPackages, catalogPackages.id, { id: pkg.id, ...values }, values);
    await tx.delete(catalogPackagePrices).where(eq(catalogPackagePrices.packageId, pkg.id));
    const prices = Object.entries(pkg.prices).map(([currency, amount]) => ({
      packageId: pkg.id,
      currency,
      amount,
    }));
    if (prices.length > 0) await tx.insert(catalogPackagePrices).values(prices);
    await tx.delete(catalogPackageOptions).where(eq(catalogPackageOptions.packageId, pkg.id));
    const options = pkg.options.flatMap((option, position) =>
      Object.entries(option.prices).map(([currency, amount]) => ({
        packageId: pkg.id,
        optionCode: option.code,
        currency,
        amount,
        freeInTreatment: option.freeInTreatment,
        position,
      })),
    );
    if (options.length > 0) await tx.insert(catalogPackageOptions).values(options);
  }
  if (packageIds.length > 0) {
    await tx
      .update(catalogPackages)
      .set({ active: false, updatedAt: now })
      .where(notInArray(catalogPackages.id, packageIds));
  }

  await tx.delete(pricingCountryGroups);
  await tx
    .insert(pricingCountryGroups)
    .values([
      { country: DEFAULT_COUNTRY, pricingGroup: files.pricingGroups.defaultGroup },
      ...Object.entries(files.pricingGroups.countries).flatMap(([country, group]) =>
        group ? [{ country, pricingGroup: group }] : [],
      ),
    ]);

  for (const promo of files.promoCodes) {
    const values = {
      kind: promo.kind,
      percent: promo.kind === 'PERCENT' ? (promo.percent ?? null) : null,
      validFrom: promo.validFrom,
      validUntil: promo.validUntil,
      packageCodes: promo.packageCodes ?? null,
      pricingGroups: promo.pricingGroups ?? null,
      public: promo.public,
      autoApply: promo.autoApply,
      description: promo.description,
      bannerText: promo.bannerText ?? null,
      active: promo.active,
      updatedAt: now,
    };
    await upsert(tx, promoCodes, promoCodes.code, { code: promo.code, ...values }, values);
    await tx.delete(promoCodeAmounts).where(eq(promoCodeAmounts.code, promo.code));
    const amounts = Object.entries(promo.kind === 'AMOUNT' ? (promo.amounts ?? {}) : {}).map(
      ([currency, amount]) => ({ code: promo.code, currency, amount }),
    );
    if (amounts.length > 0) await tx.insert(promoCodeAmounts).values(amounts);
  }
  const promoList = files.promoCodes.map((p) => p.code);
  await deactivateLeftOut(tx, promoCodes, promoCodes.code, promoList, now);

  for (const referrer of files.referrers) {
    const values = {
      name: referrer.name,
      couponCode: referrer.couponCode,
      percent: referrer.percent,
      active: referrer.active,
      updatedAt: now,
    };
    await upsert(tx, referrers, referrers.key, { key: referrer.key, ...values }, values);
  }
  const referrerKeys = files.referrers.map((r) => r.key);
  await deactivateLeftOut(tx, referrers, referrers.key, referrerKeys, now);

  for (const code of files.subscriptionCodes) {
    const values = {
      kind: code.kind,
      packageCode: code.packageCode ?? null,
      amount: code.amount ?? null,
      currency: code.currency ?? null,
      purchasedBy: code.purchasedBy,
      validUntil: code.validUntil,
    };
    const redeemedAt = code.redeemed ? now : null;
    const row = { code: code.code, ...values, redeemedAt };
    await upsert(tx, subscriptionCodes, subscriptionCodes.code, row, values);
  }
}

/** Deactivates the rows whose key left the files (every row when the files list none). */
async function deactivateLeftOut(
  tx: Executor,
  table: typeof promoCodes | typeof referrers,
  key: typeof promoCodes.code | typeof referrers.key,
  keysInFiles: string[],
  now: Date,
): Promise<void> {
  await tx
    .update(table)
    .set({ active: false, updatedAt: now })
    .where(keysInFiles.length > 0 ? notInArray(key, keysInFiles) : sql`true`);
}

// ── Reading the catalog ─────────────────────────────────────────────────────────────────────────

function currencyPrices(rows: { currency: string; amount: number }[]) {
  const prices: Partial<Record<CurrencyCode, number>> = {};
  for (const row of rows) if (isCurrencyCode(row.currency)) prices[row.currency] = row.amount;
  return prices;
}

/** Every package (active or not) with its prices and options, and the assignment rules. */
export async function readCatalog(db: Executor): Promise<Catalog> {
  const [packageRows, priceRows, optionRows, ruleRows] = await Promise.all([
    db.select().from(catalogPackages).orderBy(asc(catalogPackages.id)),
    db.select().from(catalogPackagePrices),
    db
      .select()
      .from(catalogPackageOptions)
      .orderBy(asc(catalogPackageOptions.packageId), asc(catalogPackageOptions.position)),
    db.select().from(pricingCountryGroups),
  ]);
  const packages: CatalogPackage[] = packageRows.map((row) => {
    const options: CatalogOption[] = [];
    for (const optionRow of optionRows.filter((o) => o.packageId === row.id)) {
      let option = options.find((o) => o.code === optionRow.optionCode);
      if (!option) {
        option = {
          code: optionRow.optionCode as CatalogOption['code'],
          freeInTreatment: optionRow.freeInTreatment,
          prices: {},
        };
        options.push(option);
      }
      if (isCurrencyCode(optionRow.currency)) option.prices[optionRow.currency] = optionRow.amount;
    }
    return {
      id: row.id,
      code: row.code,
      pricingGroup: row.pricingGroup as PricingGroup,
      countries: row.countries,
      buildYourOwn: row.buildYourOwn,
      subDurationInYears: row.subDurationInYears === 2 ? 2 : 1,
      sortOrder: row.sortOrder,
      taxWording: row.taxWording as TaxWording,
      analyticsPackage: row.analyticsPackage,
      packageName: row.packageName,
      displayName: row.displayName,
      receiptText: row.receiptText,
      features: row.features,
      recommended: row.recommended,
      prices: currencyPrices(priceRows.filter((p) => p.packageId === row.id)),
      options,
      active: row.active,
    };
  });
  const countries: Partial<Record<string, PricingGroup>> = {};
  let defaultGroup: PricingGroup = 'P0';
  for (const rule of ruleRows) {
    if (rule.country === DEFAULT_COUNTRY) defaultGroup = rule.pricingGroup as PricingGroup;
    else countries[rule.country] = rule.pricingGroup as PricingGroup;
  }
  return { packages, rules: { defaultGroup, countries } };
}

// ── Codes and referrers ─────────────────────────────────────────────────────────────────────────

export type Promo = PromoDefinition & {
  public: boolean;
  autoApply: boolean;
  description: LocalizedText;
  bannerText: LocalizedText | null;
};

/** Every promo code (active or not) with its amounts, in code order. */
export async function readPromos(db: Executor): Promise<Promo[]> {
  const [rows, amountRows] = await Promise.all([
    db.select().from(promoCodes).orderBy(asc(promoCodes.code)),
    db.select().from(promoCodeAmounts),
  ]);
  return rows.map((row) => ({
    code: row.code,
    kind: row.kind === 'AMOUNT' ? 'AMOUNT' : 'PERCENT',
    percent: row.percent,
    amounts: currencyPrices(amountRows.filter((a) => a.code === row.code)),
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    packageCodes: row.packageCodes,
    pricingGroups: row.pricingGroups as PricingGroup[] | null,
    active: row.active,
    public: row.public,
    autoApply: row.autoApply,
    description: row.description,
    bannerText: row.bannerText,
  }));
}

/** Subscription codes by their (upper-case) codes. */
export async function findSubscriptionCodes(
  db: Executor,
  codes: readonly string[],
): Promise<SubscriptionCodeDefinition[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select()
    .from(subscriptionCodes)
    .where(inArray(subscriptionCodes.code, [...codes]));
  return rows.map((row) => ({
    code: row.code,
    kind: row.kind === 'AMOUNT' ? 'AMOUNT' : 'PACKAGE',
    packageCode: row.packageCode,
    amount: row.amount,
    currency: isCurrencyCode(row.currency) ? row.currency : null,
    validUntil: row.validUntil,
    redeemedAt: row.redeemedAt,
  }));
}

export type Referrer = { key: string; name: string; couponCode: string; percent: number };

/** What a referrer is read as: its key, name, coupon and percentage. */
const referrerColumns = {
  key: referrers.key,
  name: referrers.name,
  couponCode: referrers.couponCode,
  percent: referrers.percent,
};

/** An active referrer by its key; undefined for an unknown or retired key. */
export async function findActiveReferrer(db: Executor, key: string): Promise<Referrer | undefined> {
  const [row] = await db
    .select(referrerColumns)
    .from(referrers)
    .where(and(eq(referrers.key, key), eq(referrers.active, true)))
    .limit(1);
  return row;
}

/** Every active referrer (the pricing calls' cache; one referrer at a time: findActiveReferrer). */
export async function readActiveReferrers(db: Executor): Promise<Referrer[]> {
  return db.select(referrerColumns).from(referrers).where(eq(referrers.active, true));
}
