import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { catalogPackages, referrers } from './catalog.js';
import { addressColumns, expiresAt, randomId, timestamps, updatedAt } from './columns.js';
import { families } from './families.js';
import { users } from './users.js';

/**
 * The signup in progress: Parent A's answers before payment, and the order and billing the
 * payment page prices.
 */

/**
 * A signup in progress (Parent A, before payment). The visitor proves ownership with a
 * registration key; only its SHA-256 hex digest is stored.
 */
export const signups = pgTable(
  'signups',
  {
    id: randomId,
    registrationKeyHash: text('registration_key_hash').notNull().unique(),
    lastCompletedStep: smallint('last_completed_step').notNull().default(0),

    parentFirstName: text('parent_first_name').notNull(),
    parentLastName: text('parent_last_name').notNull(),
    parentEmail: text('parent_email'),
    /** A domain `PhoneCodeId` (US_CANADA, UNITED_KINGDOM, MEXICO). */
    parentPhoneCountryCode: text('parent_phone_country_code'),
    parentPhoneNumber: text('parent_phone_number'),
    knowsCoParentEmail: boolean('knows_co_parent_email'),
    parentDuplicateConfirmed: boolean('parent_duplicate_confirmed').notNull().default(false),

    coParentFirstName: text('co_parent_first_name'),
    coParentLastName: text('co_parent_last_name'),
    coParentEmail: text('co_parent_email'),
    coParentPhoneCountryCode: text('co_parent_phone_country_code'),
    coParentPhoneNumber: text('co_parent_phone_number'),
    coParentDuplicateConfirmed: boolean('co_parent_duplicate_confirmed').notNull().default(false),
    /** "Also text them": the invitation by text too, for a co-parent with an email. */
    coParentAlsoText: boolean('co_parent_also_text').notNull().default(false),

    segmentAnonymousId: text('segment_anonymous_id'),
    locale: text('locale').notNull().default('en'),
    ...timestamps,
    expiresAt,
    /** Set by the payment that completed the signup; nothing in it changes afterwards. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Parent A's user and family, created by that payment. */
    userId: uuid('user_id').references((): AnyPgColumn => users.id),
    familyId: uuid('family_id').references((): AnyPgColumn => families.id),
    /**
     * The resume email's link (decision 046): the SHA-256 of its single-use token, null once used
     * (or before the email). The token dies with the signup.
     */
    resumeTokenHash: text('resume_token_hash').unique(),
    /** When the resume email was queued: one per signup, never again. */
    resumeEmailQueuedAt: timestamp('resume_email_queued_at', { withTimezone: true }),
  },
  (table) => [
    index('signups_expires_at_idx').on(table.expiresAt),
    // The resume job's search: unfinished signups not yet emailed, by their last save.
    index('signups_resume_due_idx')
      .on(table.updatedAt)
      .where(sql`${table.completedAt} is null and ${table.resumeEmailQueuedAt} is null`),
  ],
);

/** The children of a signup, in the order the visitor entered them (replaced on each save). */
export const signupChildren = pgTable(
  'signup_children',
  {
    signupId: uuid('signup_id')
      .notNull()
      .references(() => signups.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
  },
  (table) => [primaryKey({ columns: [table.signupId, table.position] })],
);

/**
 * A signup's package choice (PATCH section PACKAGE) and its referrer discount (the family step's
 * X-Referrer-Key). `complete` is false while a build-your-own package waits for its values.
 */
export const signupOrders = pgTable('signup_orders', {
  signupId: uuid('signup_id')
    .primaryKey()
    .references(() => signups.id, { onDelete: 'cascade' }),
  packageId: integer('package_id').references(() => catalogPackages.id),
  /** SUB1YEAR or SUB2YEAR. */
  productId: text('product_id'),
  /** Build-your-own option codes. */
  services: text('services').array().notNull().default(sql`'{}'::text[]`),
  complete: boolean('complete').notNull().default(false),
  /** The build-your-own arm the order was priced in (treatment: MYFILES and CALLSBASIC free). */
  freeOptionsTreatment: boolean('free_options_treatment').notNull().default(false),
  referrerKey: text('referrer_key').references(() => referrers.key, { onDelete: 'set null' }),
  updatedAt,
});

/**
 * The payment page's billing of a signup (PATCH sections PARENT + ADDRESS [+ REFERRAL]): the
 * address, the time zone and the referral answer. The payment prices with this address.
 */
export const signupBilling = pgTable('signup_billing', {
  signupId: uuid('signup_id')
    .primaryKey()
    .references(() => signups.id, { onDelete: 'cascade' }),
  ...addressColumns,
  timeZone: text('time_zone').notNull(),
  referralSelection: text('referral_selection'),
  referralOther: text('referral_other'),
  updatedAt,
});

export type SignupRow = typeof signups.$inferSelect;
export type NewSignupRow = typeof signups.$inferInsert;
export type SignupChildRow = typeof signupChildren.$inferSelect;
export type SignupOrderRow = typeof signupOrders.$inferSelect;
export type NewSignupOrderRow = typeof signupOrders.$inferInsert;
export type SignupBillingRow = typeof signupBilling.$inferSelect;
