import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './columns.js';

/**
 * The catalog and its prices: packages, options, pricing groups, promo and subscription codes,
 * and referrers.
 */

/** A text in each product locale (`{ en, 'es-MX' }`). */
export type LocalizedText = { en: string; 'es-MX': string };

/** Lines of text in each product locale. */
export type LocalizedList = { en: string[]; 'es-MX': string[] };

/**
 * The catalog (docs/pricing.md): kept as JSON in apps/server/catalog, validated at load and
 * upserted here on start and by `npm run seed`. Every amount is an integer of minor units.
 */
export const catalogPackages = pgTable(
  'catalog_packages',
  {
    id: integer('id').primaryKey(),
    /** Letters and a number, 2 meaning two years: ESS1, PREM2, BYO1, STD1. */
    code: text('code').notNull(),
    /** P0, P2 or P3. */
    pricingGroup: text('pricing_group').notNull(),
    /** ISO countries where the package is sold; `*` means everywhere. */
    countries: text('countries').array().notNull(),
    buildYourOwn: boolean('build_your_own').notNull(),
    subDurationInYears: smallint('sub_duration_in_years').notNull(),
    sortOrder: integer('sort_order').notNull(),
    /** 'VAT' (packages 2061, 2063) or 'TAX'. */
    taxWording: text('tax_wording').notNull(),
    analyticsPackage: text('analytics_package').notNull(),
    packageName: text('package_name').notNull(),
    displayName: jsonb('display_name').$type<LocalizedText>().notNull(),
    receiptText: jsonb('receipt_text').$type<LocalizedText>().notNull(),
    /** What the package includes, one line each, in each product locale. */
    features: jsonb('features')
      .$type<LocalizedList>()
      .notNull()
      .default(sql`'{"en":[],"es-MX":[]}'::jsonb`),
    /** The package the comparison recommends (one family per pricing group). */
    recommended: boolean('recommended').notNull().default(false),
    /** False once the package left the catalog files (kept: saved orders point at it). */
    active: boolean('active').notNull().default(true),
    updatedAt,
  },
  (table) => [
    check('catalog_packages_group_check', sql`${table.pricingGroup} in ('P0', 'P2', 'P3')`),
    check('catalog_packages_years_check', sql`${table.subDurationInYears} in (1, 2)`),
  ],
);

/** A package's price per currency (one subscription; build-your-own: the base). */
export const catalogPackagePrices = pgTable(
  'catalog_package_prices',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => catalogPackages.id, { onDelete: 'cascade' }),
    ...money,
  },
  (table) => [
    primaryKey({ columns: [table.packageId, table.currency] }),
    check('catalog_package_prices_amount_check', sql`${table.amount} >= 0`),
  ],
);

/** A build-your-own package's options, priced per currency for the package's term. */
export const catalogPackageOptions = pgTable(
  'catalog_package_options',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => catalogPackages.id, { onDelete: 'cascade' }),
    /** MYFILES, TONEMETER, UNLIMITEDPAYMENTS, CALLSBASIC. */
    optionCode: text('option_code').notNull(),
    ...money,
    /** Free in the treatment of show-price-in-build-your-own. */
    freeInTreatment: boolean('free_in_treatment').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.packageId, table.optionCode, table.currency] }),
    check('catalog_package_options_amount_check', sql`${table.amount} >= 0`),
  ],
);

/** Pricing-group assignment by country; the row with country `*` is the default group. */
export const pricingCountryGroups = pgTable('pricing_country_groups', {
  country: text('country').primaryKey(),
  pricingGroup: text('pricing_group').notNull(),
});

/** Promo codes: percent or amount off, a validity window, package and group eligibility. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    /** Upper case. */
    code: text('code').primaryKey(),
    /** PERCENT or AMOUNT. */
    kind: text('kind').notNull(),
    percent: integer('percent'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** Package codes it applies to; null: every package. */
    packageCodes: text('package_codes').array(),
    pricingGroups: text('pricing_groups').array(),
    /** Listed as an available coupon (a banner on the cards). */
    public: boolean('public').notNull().default(false),
    /** Applied without typing it. */
    autoApply: boolean('auto_apply').notNull().default(false),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    bannerText: jsonb('banner_text').$type<LocalizedText>(),
    active: boolean('active').notNull().default(true),
    updatedAt,
  },
  (table) => [
    check('promo_codes_kind_check', sql`${table.kind} in ('PERCENT', 'AMOUNT')`),
    check(
      'promo_codes_percent_check',
      sql`${table.percent} is null or ${table.percent} between 1 and 100`,
    ),
  ],
);

/** Amount off of an AMOUNT promo code, per currency. */
export const promoCodeAmounts = pgTable(
  'promo_code_amounts',
  {
    code: text('code')
      .notNull()
      .references(() => promoCodes.code, { onDelete: 'cascade' }),
    ...money,
  },
  (table) => [
    primaryKey({ columns: [table.code, table.currency] }),
    check('promo_code_amounts_amount_check', sql`${table.amount} > 0`),
  ],
);

/**
 * Subscription (activation) codes, pre-purchased by professionals: each covers one package
 * (`package_code`) or an amount; single use (the payment that uses one redeems it).
 */
export const subscriptionCodes = pgTable(
  'subscription_codes',
  {
    /** Upper case. */
    code: text('code').primaryKey(),
    /** PACKAGE or AMOUNT. */
    kind: text('kind').notNull(),
    packageCode: text('package_code'),
    amount: integer('amount'),
    currency: text('currency'),
    purchasedBy: text('purchased_by').notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    redeemedBySignupId: uuid('redeemed_by_signup_id'),
    /**
     * The payment attempt holding the code: set with `redeemed_at` before the gateway is called,
     * cleared again when that attempt fails (the code is free once more).
     */
    redeemedByPaymentId: uuid('redeemed_by_payment_id'),
    createdAt,
  },
  (table) => [
    check('subscription_codes_kind_check', sql`${table.kind} in ('PACKAGE', 'AMOUNT')`),
    check('subscription_codes_amount_check', sql`${table.amount} is null or ${table.amount} > 0`),
  ],
);

/** Referrers of discount links: the server trusts this percentage, never the link's. */
export const referrers = pgTable(
  'referrers',
  {
    key: text('key').primaryKey(),
    name: text('name').notNull(),
    couponCode: text('coupon_code').notNull(),
    percent: integer('percent').notNull(),
    active: boolean('active').notNull().default(true),
    updatedAt,
  },
  (table) => [check('referrers_percent_check', sql`${table.percent} between 1 and 100`)],
);

export type CatalogPackageRow = typeof catalogPackages.$inferSelect;
export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type SubscriptionCodeRow = typeof subscriptionCodes.$inferSelect;
export type ReferrerRow = typeof referrers.$inferSelect;
