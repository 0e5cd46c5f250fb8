import {
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

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A signup in progress (Parent A, before payment). The visitor proves ownership with a
 * registration key; only its SHA-256 hex digest is stored.
 */
export const signups = pgTable(
  'signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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

    segmentAnonymousId: text('segment_anonymous_id'),
    locale: text('locale').notNull().default('en'),
    ...timestamps,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('signups_expires_at_idx').on(table.expiresAt)],
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
 * Accounts. Later issues create them (after payment and credentials); for now they are read for
 * duplicate checks and seeded for tests and the demo.
 */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  /** `email` trimmed and lower-cased: the duplicate check compares this column. */
  emailNormalized: text('email_normalized').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phoneCountryCode: text('phone_country_code'),
  phoneNumber: text('phone_number'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const schema = { signups, signupChildren, users };
export type Schema = typeof schema;
export type SignupRow = typeof signups.$inferSelect;
export type NewSignupRow = typeof signups.$inferInsert;
export type SignupChildRow = typeof signupChildren.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
