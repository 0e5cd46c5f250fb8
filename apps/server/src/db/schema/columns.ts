import { text, timestamp } from 'drizzle-orm/pg-core';

/** The creation and last-change times most tables carry. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
