import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BUILD_YOUR_OWN_OPTION_CODES,
  CURRENCIES,
  type CurrencyCode,
  CurrencyCodeSchema,
  currencyForCountry,
  isCountryId,
  MinorUnitsSchema,
  PACKAGE_CODE_PATTERN,
  PRICING_GROUPS,
  type PricingGroup,
  type PricingGroupRules,
  parsePackageCode,
  TAX_WORDINGS,
  VAT_WORDING_PACKAGE_IDS,
} from '@coparent/domain';
import { z } from 'zod';

/**
 * The catalog: packages, pricing-group rules, promo codes, referrers and demo subscription codes.
 * Kept as JSON in apps/server/catalog (data, not code), validated here at load, upserted into the
 * database on start and by `npm run seed` (seed.ts). The database copy is what the calls read.
 */

const LocalizedTextSchema = z.object({ en: z.string().min(1), 'es-MX': z.string().min(1) });

/** A package's included features: the same lines in each locale, in the same order. */
const FeaturesSchema = z
  .object({
    en: z.array(z.string().min(1)).max(12),
    'es-MX': z.array(z.string().min(1)).max(12),
  })
  .refine((f) => f.en.length === f['es-MX'].length, 'as many features in each locale');

const PricesSchema = z
  .partialRecord(CurrencyCodeSchema, MinorUnitsSchema)
  .refine((prices) => Object.keys(prices).length > 0, 'a package needs at least one price');

const CountrySchema = z
  .string()
  .refine((c): boolean => c === '*' || isCountryId(c), 'an ISO 3166-1 alpha-2 country or *');

export const CatalogOptionSchema = z.object({
  code: z.enum(BUILD_YOUR_OWN_OPTION_CODES),
  freeInTreatment: z.boolean().default(false),
  prices: z.partialRecord(CurrencyCodeSchema, MinorUnitsSchema),
});
export type CatalogOption = z.infer<typeof CatalogOptionSchema>;

export const CatalogPackageSchema = z
  .object({
    id: z.number().int().positive().max(2_147_483_647),
    code: z.string().regex(PACKAGE_CODE_PATTERN, 'letters and a number, e.g. PREM2'),
    pricingGroup: z.enum(PRICING_GROUPS),
    countries: z.array(CountrySchema).min(1),
    buildYourOwn: z.boolean(),
    subDurationInYears: z.union([z.literal(1), z.literal(2)]),
    sortOrder: z.number().int(),
    taxWording: z.enum(TAX_WORDINGS).default('TAX'),
    analyticsPackage: z.string().min(1),
    packageName: z.string().min(1),
    displayName: LocalizedTextSchema,
    receiptText: LocalizedTextSchema,
    features: FeaturesSchema.default({ en: [], 'es-MX': [] }),
    /** The comparison's recommended package: every term of one family per pricing group. */
    recommended: z.boolean().default(false),
    prices: PricesSchema,
    options: z.array(CatalogOptionSchema).default([]),
    active: z.boolean().default(true),
  })
  .superRefine((pkg, ctx) => {
    const parsed = parsePackageCode(pkg.code);
    if (parsed && parsed.years !== pkg.subDurationInYears) {
      ctx.addIssue({
        code: 'custom',
        path: ['subDurationInYears'],
        message: `code ${pkg.code} means ${parsed.years} year(s)`,
      });
    }
    if (pkg.buildYourOwn !== pkg.options.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'build-your-own packages, and only they, have options',
      });
    }
    const codes = pkg.options.map((o) => o.code);
    if (new Set(codes).size !== codes.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'an option is listed twice' });
    }
    for (const [i, option] of pkg.options.entries()) {
      for (const currency of Object.keys(pkg.prices)) {
        if (option.prices[currency as CurrencyCode] === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['options', i, 'prices', currency],
            message: `option ${option.code} has no ${currency} price`,
          });
        }
      }
    }
    const vatWording = (VAT_WORDING_PACKAGE_IDS as readonly number[]).includes(pkg.id);
    if (vatWording && pkg.taxWording !== 'VAT') {
      ctx.addIssue({ code: 'custom', path: ['taxWording'], message: `${pkg.id} uses VAT wording` });
    }
  });
export type CatalogPackage = z.infer<typeof CatalogPackageSchema>;

export const PricingGroupRulesSchema = z.object({
  defaultGroup: z.enum(PRICING_GROUPS),
  countries: z.partialRecord(
    z.string().refine((c): boolean => isCountryId(c), 'an ISO country'),
    z.enum(PRICING_GROUPS),
  ),
});

const instant = z.iso.datetime({ offset: true }).transform((s) => new Date(s));
const optionalInstant = instant.nullish().transform((d) => d ?? null);
const codeText = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{1,39}$/, 'letters, digits, - and _ (2–40)')
  .transform((s) => s.toUpperCase());

export const CatalogPromoSchema = z
  .object({
    code: codeText,
    kind: z.enum(['PERCENT', 'AMOUNT']),
    percent: z.number().int().min(1).max(100).nullish(),
    amounts: z.partialRecord(CurrencyCodeSchema, MinorUnitsSchema.min(1)).nullish(),
    validFrom: optionalInstant,
    validUntil: optionalInstant,
    packageCodes: z.array(z.string().regex(PACKAGE_CODE_PATTERN)).nullish(),
    pricingGroups: z.array(z.enum(PRICING_GROUPS)).nullish(),
    public: z.boolean().default(false),
    autoApply: z.boolean().default(false),
    description: LocalizedTextSchema,
    bannerText: LocalizedTextSchema.nullish(),
    active: z.boolean().default(true),
  })
  .refine((p) => (p.kind === 'PERCENT' ? !!p.percent : !!p.amounts), {
    message: 'PERCENT needs percent; AMOUNT needs amounts',
  });
export type CatalogPromo = z.infer<typeof CatalogPromoSchema>;

export const CatalogReferrerSchema = z.object({
  key: z.string().regex(/^[A-Za-z0-9_-]{3,64}$/),
  name: z.string().min(1),
  couponCode: codeText,
  percent: z.number().int().min(1).max(100),
  active: z.boolean().default(true),
});
export type CatalogReferrer = z.infer<typeof CatalogReferrerSchema>;

export const CatalogSubscriptionCodeSchema = z
  .object({
    code: codeText,
    kind: z.enum(['PACKAGE', 'AMOUNT']),
    packageCode: z.string().regex(PACKAGE_CODE_PATTERN).nullish(),
    amount: MinorUnitsSchema.min(1).nullish(),
    currency: CurrencyCodeSchema.nullish(),
    purchasedBy: z.string().min(1),
    validUntil: optionalInstant,
    /** Demo data only: seed this code as already redeemed. */
    redeemed: z.boolean().default(false),
  })
  .refine((c) => (c.kind === 'PACKAGE' ? !!c.packageCode : !!c.amount && !!c.currency), {
    message: 'PACKAGE needs packageCode; AMOUNT needs amount and currency',
  });
export type CatalogSubscriptionCode = z.infer<typeof CatalogSubscriptionCodeSchema>;

export type CatalogFiles = {
  packages: CatalogPackage[];
  pricingGroups: PricingGroupRules;
  promoCodes: CatalogPromo[];
  referrers: CatalogReferrer[];
  subscriptionCodes: CatalogSubscriptionCode[];
};

export class CatalogError extends Error {
  override name = 'CatalogError';
}

function readJson(dir: string, file: string): unknown {
  try {
    return JSON.parse(readFileSync(join(dir, file), 'utf8'));
  } catch (err) {
    throw new CatalogError(`cannot read ${file} in ${dir}: ${(err as Error).message}`);
  }
}

function parseFile<T>(file: string, schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const first = result.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    throw new CatalogError(`${file} is not valid: ${first}`);
  }
  return result.data;
}

function unique<T>(items: readonly T[], key: (item: T) => string | number, what: string): void {
  const seen = new Set<string | number>();
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) throw new CatalogError(`${what} ${k} is listed twice`);
    seen.add(k);
  }
}

/** Cross-file rules the per-file schemas cannot see. Throws CatalogError. */
export function checkCatalog(files: CatalogFiles): void {
  const { packages, pricingGroups, promoCodes, referrers, subscriptionCodes } = files;
  unique(packages, (p) => p.id, 'package id');
  unique(promoCodes, (p) => p.code, 'promo code');
  unique(referrers, (r) => r.key, 'referrer key');
  unique(subscriptionCodes, (c) => c.code, 'subscription code');
  const codes = new Set(packages.map((p) => p.code));
  for (const promo of promoCodes) {
    for (const code of promo.packageCodes ?? []) {
      if (!codes.has(code)) throw new CatalogError(`promo ${promo.code}: no package ${code}`);
    }
  }
  for (const sub of subscriptionCodes) {
    if (sub.packageCode && !codes.has(sub.packageCode)) {
      throw new CatalogError(`subscription code ${sub.code}: no package ${sub.packageCode}`);
    }
  }
  // Every assignment leads somewhere: each rule's country, and the default group (no country).
  const catalog: Catalog = { packages, rules: pricingGroups };
  for (const [country, group] of Object.entries(pricingGroups.countries)) {
    if (group && packagesFor(catalog, group, country).length === 0) {
      throw new CatalogError(`pricing group ${group} has no package sold in ${country}`);
    }
  }
  if (packagesFor(catalog, pricingGroups.defaultGroup, null).length === 0) {
    throw new CatalogError(`the default group ${pricingGroups.defaultGroup} has no package`);
  }
  // The comparison recommends one package: one family (code letters) per pricing group.
  for (const group of new Set(packages.map((p) => p.pricingGroup))) {
    const families = new Set(
      packages
        .filter((p) => p.pricingGroup === group && p.recommended && p.active)
        .map((p) => parsePackageCode(p.code)?.letters),
    );
    if (families.size > 1) {
      throw new CatalogError(`pricing group ${group} recommends more than one package`);
    }
  }
  // A build-your-own package has its other term in the same group and market.
  for (const pkg of packages.filter((p) => p.buildYourOwn)) {
    if (!termSibling(catalog, pkg, pkg.subDurationInYears === 1 ? 2 : 1)) {
      throw new CatalogError(`build-your-own package ${pkg.id} has no other-term sibling`);
    }
  }
}

/** Reads and validates the five catalog files in `dir` (config.catalog.dir). Throws CatalogError. */
export function loadCatalogFiles(dir: string): CatalogFiles {
  const files: CatalogFiles = {
    packages: parseFile(
      'packages.json',
      z.object({ packages: z.array(CatalogPackageSchema) }),
      readJson(dir, 'packages.json'),
    ).packages,
    pricingGroups: parseFile(
      'pricing-groups.json',
      PricingGroupRulesSchema,
      readJson(dir, 'pricing-groups.json'),
    ) as PricingGroupRules,
    promoCodes: parseFile(
      'promo-codes.json',
      z.object({ promoCodes: z.array(CatalogPromoSchema) }),
      readJson(dir, 'promo-codes.json'),
    ).promoCodes,
    referrers: parseFile(
      'referrers.json',
      z.object({ referrers: z.array(CatalogReferrerSchema) }),
      readJson(dir, 'referrers.json'),
    ).referrers,
    subscriptionCodes: parseFile(
      'subscription-codes.json',
      z.object({ subscriptionCodes: z.array(CatalogSubscriptionCodeSchema) }),
      readJson(dir, 'subscription-codes.json'),
    ).subscriptionCodes,
  };
  checkCatalog(files);
  return files;
}

/** What the pricing calls read from the database: the packages and the assignment rules. */
export type Catalog = { packages: CatalogPackage[]; rules: PricingGroupRules };

/** Whether a package is sold in `country` (null: the visitor's country is unknown). */
export function isSoldIn(pkg: CatalogPackage, country: string | null): boolean {
  if (pkg.countries.includes('*')) return true;
  return country !== null && pkg.countries.includes(country);
}

/** The currency a package is sold in for `country`, or undefined when it has no price in it. */
export function saleCurrency(
  pkg: CatalogPackage,
  country: string | null,
): CurrencyCode | undefined {
  const currency = currencyForCountry(country);
  return pkg.prices[currency] === undefined ? undefined : currency;
}

/** The currency a package is shown in: the country's when it has that price, else its first. */
export function displayCurrency(pkg: CatalogPackage, country: string | null): CurrencyCode {
  return (
    saleCurrency(pkg, country) ??
    CURRENCIES.find((c) => pkg.prices[c] !== undefined) ??
    currencyForCountry(null)
  );
}

function byCardOrder(a: CatalogPackage, b: CatalogPackage): number {
  return a.sortOrder - b.sortOrder || a.id - b.id;
}

/** The active packages of a group that are sold, and priced, in `country`, in card order. */
export function packagesFor(
  catalog: Catalog,
  group: PricingGroup,
  country: string | null,
): CatalogPackage[] {
  return catalog.packages
    .filter(
      (p) =>
        p.active &&
        p.pricingGroup === group &&
        isSoldIn(p, country) &&
        saleCurrency(p, country) !== undefined,
    )
    .sort(byCardOrder);
}

export function findPackage(catalog: Catalog, id: number): CatalogPackage | undefined {
  return catalog.packages.find((p) => p.id === id && p.active);
}

function sameMarket(a: CatalogPackage, b: CatalogPackage): boolean {
  return (
    a.countries.length === b.countries.length && a.countries.every((c) => b.countries.includes(c))
  );
}

/** The package of the same kind, group and market for the other term (BYO1 ↔ BYO2). */
export function termSibling(
  catalog: Catalog,
  pkg: CatalogPackage,
  years: 1 | 2,
): CatalogPackage | undefined {
  if (pkg.subDurationInYears === years) return pkg;
  const letters = parsePackageCode(pkg.code)?.letters;
  return catalog.packages.find(
    (p) =>
      p.active &&
      p.subDurationInYears === years &&
      p.pricingGroup === pkg.pricingGroup &&
      p.buildYourOwn === pkg.buildYourOwn &&
      parsePackageCode(p.code)?.letters === letters &&
      sameMarket(p, pkg),
  );
}

/** The first country a package is sold in (its "home" market), or null when sold everywhere. */
export function homeCountry(pkg: CatalogPackage): string | null {
  return pkg.countries.find((c) => c !== '*') ?? null;
}
