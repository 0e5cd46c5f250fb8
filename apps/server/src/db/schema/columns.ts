import { integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Columns many tables share, spread or named into each table (Drizzle's pattern for shared
 * columns): one builder, the same SQL wherever it stands.
 */

/** A generated UUID primary key. */
export const randomId = uuid('id').primaryKey().defaultRandom();

/** When the row was written. */
export const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row last changed. */
export const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** When the row (a signup, a token, a session) stops being good; the purge reads it. */
export const expiresAt = timestamp('expires_at', { withTimezone: true }).notNull();

/** The creation and last-change times most tables carry. */
export const timestamps = { createdAt, updatedAt };

/** An amount of minor units in a currency (ISO 4217). */
export const money = {
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
};

/** A postal address: a signup's billing address, and the address it becomes on the account. */
export const addressColumns = {
  line1: text('line1').notNull(),
  line2: text('line2'),
  city: text('city').notNull(),
  /** A region id of the country's list (US, CA, AU, MX, GB) or free text; '' when none. */
  region: text('region').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  /** ISO 3166-1 alpha-2. */
  country: text('country').notNull(),
};
