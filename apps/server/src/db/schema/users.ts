import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { addressColumns, createdAt, expiresAt, randomId, updatedAt } from './columns.js';

/**
 * Accounts: users (parents and professionals), their profiles, addresses and credentials, and the
 * tokens that sign them in or reset their password.
 */

/** What kind of account a user is: a parent or a family-law professional. */
export const USER_KINDS = ['PARENT', 'PROFESSIONAL'] as const;
export type UserKind = (typeof USER_KINDS)[number];

/** ACTIVE accounts, and INVITED co-parents who have not accepted their invitation yet. */
export const USER_STATUSES = ['ACTIVE', 'INVITED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * Accounts. Parents are created by later issues (after payment and credentials); professionals by
 * POST /v2/professional/users (kind PROFESSIONAL, with a `professional_profiles` row). Read for
 * duplicate checks, and seeded for tests and the demo.
 */
export const users = pgTable(
  'users',
  {
    id: randomId,
    kind: text('kind', { enum: USER_KINDS }).notNull().default('PARENT'),
    /** Null only for an invited co-parent known by phone (the invite step 1 collects it). */
    email: text('email'),
    /** `email` trimmed and lower-cased: the duplicate check compares this column. */
    emailNormalized: text('email_normalized').unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** A domain `PhoneCodeId`; with `phone_number`, the user's phone (professionals' too). */
    phoneCountryCode: text('phone_country_code'),
    phoneNumber: text('phone_number'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('ACTIVE'),
    /** The language emails to this user are written in. */
    locale: text('locale').notNull().default('en'),
    /** IANA time zone (billing step). */
    timeZone: text('time_zone'),
    marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** The professional who created this user (a family set up by a family-law professional). */
    createdByProfessionalId: uuid('created_by_professional_id').references(
      (): AnyPgColumn => users.id,
    ),
    /** Staff of the service (they read the funnel report); granted by `npm run staff -w apps/server`. */
    isStaff: boolean('is_staff').notNull().default(false),
    createdAt,
  },
  (table) => [
    check('users_kind_check', sql`${table.kind} in ('PARENT', 'PROFESSIONAL')`),
    check('users_status_check', sql`${table.status} in ('ACTIVE', 'INVITED')`),
  ],
);

/** The user a row belongs to, deleted with the user. */
const ownerUserId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** The key of a table with one row per user (a profile, the credentials), deleted with the user. */
export const userIdKey = () =>
  uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' });

/** A user's expiring bearer token (a credentials token, a session), stored as its SHA-256. */
const userTokenColumns = () => ({
  id: randomId,
  tokenHash: text('token_hash').notNull().unique(),
  userId: ownerUserId(),
  expiresAt,
});

/**
 * A professional's registration (the professional form's answers), one row per PROFESSIONAL user.
 * The phone number and its country code live on `users`; the extension here. The security answer
 * and code are stored only as argon2id PHC strings (src/security/hash.ts).
 */
export const professionalProfiles = pgTable('professional_profiles', {
  userId: userIdKey(),
  /** A domain `Title` (MR, MS, MRS, HONORABLE, DOCTOR) or null. */
  title: text('title'),
  credentials: text('credentials'),
  phoneExtension: text('phone_extension'),
  /** A domain `ProReferralSource`. */
  hearAboutUs: text('hear_about_us').notNull(),
  referralBenchOfficerName: text('referral_bench_officer_name'),
  /** A domain `BenchOfficer`. */
  referralBenchOfficerPosition: text('referral_bench_officer_position'),
  referralColleagueName: text('referral_colleague_name'),
  /** A domain `ColleagueRole`. */
  referralColleagueRole: text('referral_colleague_role'),
  referralOther: text('referral_other'),
  practiceName: text('practice_name').notNull(),
  addressLine1: text('address_line1').notNull(),
  addressLine2: text('address_line2'),
  /** ISO 3166-1 alpha-2. */
  country: text('country').notNull(),
  city: text('city').notNull(),
  /** A region id of the country's list (US, CA, AU, MX, GB), free text elsewhere, or null. */
  region: text('region'),
  postalCode: text('postal_code'),
  /** IANA time zone id. */
  timeZone: text('time_zone').notNull(),
  /** Role ids from the country's list (`professionalRolesFor` in the domain). */
  roles: text('roles').array().notNull(),
  securityQuestion: text('security_question').notNull(),
  securityAnswerHash: text('security_answer_hash').notNull(),
  securityCodeHash: text('security_code_hash').notNull(),
  /** The language the professional registered in (emails use it). */
  locale: text('locale').notNull().default('en'),
  createdAt,
});

/** A user's address (the billing address of the payment page is PRIMARY). */
export const userAddresses = pgTable(
  'user_addresses',
  {
    userId: ownerUserId(),
    type: text('type').notNull().default('PRIMARY'),
    ...addressColumns,
    updatedAt,
  },
  (table) => [primaryKey({ columns: [table.userId, table.type] })],
);

/** Username and password (argon2id PHC string of `normalizePassword(password)`), set once. */
export const userCredentials = pgTable('user_credentials', {
  userId: userIdKey(),
  username: text('username').notNull(),
  /** `username` trimmed and lower-cased: usernames are unique without regard to case. */
  usernameKey: text('username_key').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt,
  updatedAt,
});

/**
 * A parent's own answers collected by the invited flow: the referral, and the security question
 * with its answer and 4-digit code as argon2id PHC strings (src/security/hash.ts).
 */
export const parentProfiles = pgTable('parent_profiles', {
  userId: userIdKey(),
  referralSelection: text('referral_selection'),
  referralOther: text('referral_other'),
  securityQuestion: text('security_question'),
  securityAnswerHash: text('security_answer_hash'),
  securityCodeHash: text('security_code_hash'),
  updatedAt,
});

/** Single-use tokens for POST /v2/credentials (256-bit; only the SHA-256 is stored). */
export const CREDENTIALS_TOKEN_PURPOSES = ['PAYMENT_ANSWER', 'EMAIL_LINK'] as const;
export type CredentialsTokenPurpose = (typeof CREDENTIALS_TOKEN_PURPOSES)[number];

export const credentialsTokens = pgTable(
  'credentials_tokens',
  {
    ...userTokenColumns(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /**
     * EMAIL_LINK: in Parent A's receipt email, for a parent who lost the tab (days).
     * PAYMENT_ANSWER, the default: every other (the tab that paid, the invited co-parent's token
     * call, the professional's activation link). A new token replaces only the user's unused
     * ones of its kind.
     */
    purpose: text('purpose', { enum: CREDENTIALS_TOKEN_PURPOSES })
      .notNull()
      .default('PAYMENT_ANSWER'),
    createdAt,
  },
  (table) => [
    index('credentials_tokens_user_idx').on(table.userId),
    // The purge of expired tokens reads by expiry.
    index('credentials_tokens_expires_idx').on(table.expiresAt),
  ],
);

/** Account sessions (the http-only cookie carries the token; only its SHA-256 is stored). */
export const sessions = pgTable(
  'sessions',
  {
    ...userTokenColumns(),
    createdAt,
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    // The purge of expired sessions reads by expiry.
    index('sessions_expires_idx').on(table.expiresAt),
  ],
);

/**
 * Password recoveries (POST /v2/account/recovery). A row per request: the emailed link's token and
 * the token the code exchange answers are stored as SHA-256, the 6-digit code as argon2id. A row
 * without a user is a decoy for an identity that matched no account: it behaves like a real one
 * (no code opens it), so answers never tell whether an account exists.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: randomId,
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    linkTokenHash: text('link_token_hash').notNull().unique(),
    /** Set when the code is verified: the token POST /v2/account/recovery/verify answered. */
    resetTokenHash: text('reset_token_hash').unique(),
    codeHash: text('code_hash').notNull(),
    /** Wrong codes so far; RECOVERY_MAX_CODE_ATTEMPTS ends the recovery. */
    attempts: smallint('attempts').notNull().default(0),
    expiresAt,
    /** The new password was set with it. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** A newer request (or a reset) replaced it. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt,
  },
  (table) => [
    index('password_resets_user_created_idx').on(table.userId, table.createdAt),
    index('password_resets_expires_idx').on(table.expiresAt),
  ],
);

/**
 * Email changes waiting for their link (POST /v2/account/email, decision 059): the link's token is
 * stored as its SHA-256; the address the account had when asked (normalized) must still be its
 * address when the link is opened. A newer request (or a cancel) revokes the open one.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    ...userTokenColumns(),
    /** The address asked for, trimmed as typed. */
    newEmail: text('new_email').notNull(),
    /** `users.email_normalized` when asked (null: the account had no email). */
    fromEmailNormalized: text('from_email_normalized'),
    /** The change was made with it. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** A newer request or a cancel ended it. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt,
  },
  (table) => [
    index('email_changes_user_created_idx').on(table.userId, table.createdAt),
    index('email_changes_expires_idx').on(table.expiresAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type ProfessionalProfileRow = typeof professionalProfiles.$inferSelect;
export type NewProfessionalProfileRow = typeof professionalProfiles.$inferInsert;
export type ParentProfileRow = typeof parentProfiles.$inferSelect;
