import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
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
    /** Set by the payment that completed the signup; nothing in it changes afterwards. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Parent A's user and family, created by that payment. */
    userId: uuid('user_id').references((): AnyPgColumn => users.id),
    familyId: uuid('family_id').references((): AnyPgColumn => families.id),
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
    id: uuid('id').primaryKey().defaultRandom(),
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
    /** Staff of the service (the funnel report, [F6]); granted by `npm run staff -w apps/server`. */
    isStaff: boolean('is_staff').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('users_kind_check', sql`${table.kind} in ('PARENT', 'PROFESSIONAL')`),
    check('users_status_check', sql`${table.status} in ('ACTIVE', 'INVITED')`),
  ],
);

/**
 * A professional's registration (spec 000 §3 "Professional form"), one row per PROFESSIONAL user.
 * The phone number and its country code live on `users`; the extension here. The security answer
 * and code are stored only as argon2id PHC strings (src/security/hash.ts).
 */
export const professionalProfiles = pgTable('professional_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The transactional outbox behind the Mailer port: every email is written here first (in the
 * transaction of the change that causes it); the SMTP adapter sends it after the commit and sets
 * `sent_at`, or records `error`. Outside production GET /v2/dev/mailbox reads it.
 * With SMTP a row is due at `next_attempt_at`: each attempt claims the row by moving that time
 * to the next back-off, so the retry job (and a second instance) never sends it twice; after the
 * last attempt `failed_at` marks it given up. Rows written by the outbox-only mailer have no
 * `next_attempt_at` and are never sent.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    /** The template's name, e.g. `professional-welcome`. */
    template: text('template').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    /** The bodies: null once the email is delivered or given up (they may hold live links). */
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    /** When the links and codes in the body die (null: none); the purge deletes the row after. */
    secretsExpireAt: timestamp('secrets_expire_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    /** Send attempts made so far (each claim counts one). */
    attempts: integer('attempts').notNull().default(0),
    /** When the row is next due for a send; null: never (outbox-only, sent, or given up). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Set when the last allowed attempt failed: the email is given up. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('email_outbox_created_at_idx').on(table.createdAt),
    // The retry job's search: unsent rows by due time.
    index('email_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
    // The purge's search: rows whose secrets have expired.
    index('email_outbox_secrets_expire_at_idx')
      .on(table.secretsExpireAt)
      .where(sql`${table.secretsExpireAt} is not null`),
  ],
);

/** A text in each product locale (`{ en, 'es-MX' }`). */
export type LocalizedText = { en: string; 'es-MX': string };

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
    /** False once the package left the catalog files (kept: saved orders point at it). */
    active: boolean('active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
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
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.code, table.currency] }),
    check('promo_code_amounts_amount_check', sql`${table.amount} > 0`),
  ],
);

/**
 * Subscription (activation) codes, pre-purchased by professionals: each covers one package
 * (`package_code`) or an amount; single use (redeemed by the payment in [F3]).
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('referrers_percent_check', sql`${table.percent} between 1 and 100`)],
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
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The payment page's billing of a signup (PATCH sections PARENT + ADDRESS [+ REFERRAL]): the
 * address, the time zone and the referral answer. The payment prices with this address.
 */
export const signupBilling = pgTable('signup_billing', {
  signupId: uuid('signup_id')
    .primaryKey()
    .references(() => signups.id, { onDelete: 'cascade' }),
  line1: text('line1').notNull(),
  line2: text('line2'),
  city: text('city').notNull(),
  /** A region id of the country's list (US, CA, AU, MX, GB) or free text; '' when none. */
  region: text('region').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  /** ISO 3166-1 alpha-2. */
  country: text('country').notNull(),
  timeZone: text('time_zone').notNull(),
  referralSelection: text('referral_selection'),
  referralOther: text('referral_other'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── Accounts, families and invitations (created by the payment) ───────────────────────────────

/** A family: Parent A, the co-parent and the children, as members. */
export const families = pgTable('families', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdByUserId: uuid('created_by_user_id').references((): AnyPgColumn => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const FAMILY_MEMBER_ROLES = ['PARENT', 'CO_PARENT', 'CHILD'] as const;

/**
 * A member of a family. Parents have a user (Parent A at once; the co-parent as an INVITED user
 * when an email is known, else once the invitation is accepted); children have none.
 */
export const familyMembers = pgTable(
  'family_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id),
    role: text('role', { enum: FAMILY_MEMBER_ROLES }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phoneCountryCode: text('phone_country_code'),
    phoneNumber: text('phone_number'),
    /** A colour of the domain's FAMILY_MEMBER_COLORS. */
    color: text('color').notNull(),
    displayInitials: text('display_initials').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('family_members_position_unique').on(table.familyId, table.position),
    index('family_members_user_idx').on(table.userId),
    check('family_members_role_check', sql`${table.role} in ('PARENT', 'CO_PARENT', 'CHILD')`),
  ],
);

/** A user's address (the billing address of the payment page is PRIMARY). */
export const userAddresses = pgTable(
  'user_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('PRIMARY'),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    region: text('region').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.type] })],
);

/** Username and password (argon2id PHC string of `normalizePassword(password)`), set once. */
export const userCredentials = pgTable('user_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  username: text('username').notNull(),
  /** `username` trimmed and lower-cased: usernames are unique without regard to case. */
  usernameKey: text('username_key').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The co-parent's invitation: a 256-bit token (only its SHA-256 is stored) that opens
 * /app/join/invite, expiring after INVITE_TTL_DAYS.
 */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    familyMemberId: uuid('family_member_id')
      .notNull()
      .references(() => familyMembers.id, { onDelete: 'cascade' }),
    /** The invited user (null when no email was known: created when the invitation is accepted). */
    userId: uuid('user_id').references(() => users.id),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id),
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** Set when a new link replaced this one (the token stops working, but can ask again). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedByInviteId: uuid('replaced_by_invite_id').references((): AnyPgColumn => invites.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('invites_family_member_idx').on(table.familyMemberId)],
);

/**
 * A parent's own answers collected by the invited flow: the referral, and the security question
 * with its answer and 4-digit code as argon2id PHC strings (src/security/hash.ts).
 */
export const parentProfiles = pgTable('parent_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  referralSelection: text('referral_selection'),
  referralOther: text('referral_other'),
  securityQuestion: text('security_question'),
  securityAnswerHash: text('security_answer_hash'),
  securityCodeHash: text('security_code_hash'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The invited flow's progress (`nextInviteStep` in the domain) and its package choice, per
 * invited user (it survives a new link).
 */
export const inviteProgress = pgTable('invite_progress', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastCompletedStep: smallint('last_completed_step').notNull().default(0),
  packageId: integer('package_id').references(() => catalogPackages.id),
  productId: text('product_id'),
  services: text('services').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use tokens for POST /v2/credentials (256-bit; only the SHA-256 is stored). */
export const CREDENTIALS_TOKEN_PURPOSES = ['PAYMENT_ANSWER', 'EMAIL_LINK'] as const;
export type CredentialsTokenPurpose = (typeof CREDENTIALS_TOKEN_PURPOSES)[number];

export const credentialsTokens = pgTable(
  'credentials_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
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
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    linkTokenHash: text('link_token_hash').notNull().unique(),
    /** Set when the code is verified: the token POST /v2/account/recovery/verify answered. */
    resetTokenHash: text('reset_token_hash').unique(),
    codeHash: text('code_hash').notNull(),
    /** Wrong codes so far; RECOVERY_MAX_CODE_ATTEMPTS ends the recovery. */
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The new password was set with it. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** A newer request (or a reset) replaced it. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('password_resets_user_created_idx').on(table.userId, table.createdAt),
    index('password_resets_expires_idx').on(table.expiresAt),
  ],
);

// ── Payments ───────────────────────────────────────────────────────────────────────────────────

export const PAYMENT_STATUSES = ['PENDING', 'COMPLETED', 'FAILED', 'VOIDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * One payment attempt (POST /v2/signups/{id}/payment with one Idempotency-Key). Written PENDING
 * before the gateway is called (its id is the gateway's order id), then COMPLETED in the
 * transaction that creates the accounts, or FAILED (not charged), or VOIDED (charged, then voided
 * or refunded by reconciliation). At most one PENDING or COMPLETED attempt per signup.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The signup paid by Parent A's payment; null for an invited user's payment. */
    signupId: uuid('signup_id').references(() => signups.id),
    /** The invited co-parent paying for their own subscription (POST /v2/users/{id}/payment). */
    invitedUserId: uuid('invited_user_id').references(() => users.id),
    /** SHA-256 of the Idempotency-Key. */
    idempotencyKeyHash: text('idempotency_key_hash').notNull().unique(),
    /** SHA-256 of the request body as parsed: a key reused with another body is refused. */
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('PENDING'),
    /** 'sandbox' or 'braintree'. */
    provider: text('provider').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** CREDIT_CARD, PAYPAL, VENMO or APPLE_PAY (as the browser chose; the gateway's once known). */
    paymentType: text('payment_type').notNull(),
    transactionId: text('transaction_id'),
    cardType: text('card_type'),
    cardLastFour: text('card_last_four'),
    /**
     * The gateway's token of the payment method the sale stored in its vault (the browser asks
     * for it: `storePaymentOnFile`): what charges the auto-renewal. Only our merchant credentials
     * can use it; it is never logged. Null when nothing was stored (declined, or a 0 total).
     */
    paymentMethodToken: text('payment_method_token'),
    /** What completing the attempt needs (no secrets: the nonce is not kept). */
    attempt: jsonb('attempt').notNull(),
    /** The stored payment response (without the credentials token), for replays. */
    response: jsonb('response'),
    /** The stored problem of a failed attempt, for replays. */
    failure: jsonb('failure'),
    /** While in the future, a request is (or may be) talking to the gateway for this attempt. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payments_active_signup_idx')
      .on(table.signupId)
      .where(sql`${table.status} in ('PENDING', 'COMPLETED')`),
    uniqueIndex('payments_active_invited_user_idx')
      .on(table.invitedUserId)
      .where(sql`${table.status} in ('PENDING', 'COMPLETED')`),
    check(
      'payments_payer_check',
      sql`(${table.signupId} is null) <> (${table.invitedUserId} is null)`,
    ),
    index('payments_status_idx').on(table.status),
    // Every attempt of a signup, failed ones too: the purge's NOT EXISTS and the foreign-key check
    // of each deleted signup look here, and would scan the table without it.
    index('payments_signup_idx').on(table.signupId),
    check(
      'payments_status_check',
      sql`${table.status} in ('PENDING', 'COMPLETED', 'FAILED', 'VOIDED')`,
    ),
    check('payments_amount_check', sql`${table.amount} >= 0`),
  ],
);

export const LATE_CHARGE_STATUSES = ['REVERSING', 'VOIDED', 'REFUNDED'] as const;
export type LateChargeStatus = (typeof LATE_CHARGE_STATUSES)[number];

/**
 * A charge the gateway made for an attempt that had already ended (a sale slower than the lock,
 * the attempt failed by reconciliation meanwhile): reversed, never kept. One row per transaction,
 * so whoever sees the charge first (the late answer or reconciliation) reverses it, once.
 */
export const lateCharges = pgTable(
  'late_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    transactionId: text('transaction_id').notNull().unique(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** REVERSING until the gateway confirmed the void (or refund). */
    status: text('status', { enum: LATE_CHARGE_STATUSES }).notNull().default('REVERSING'),
    /** Why it was reversed: the attempt's status when the charge arrived (e.g. ATTEMPT_FAILED). */
    reason: text('reason').notNull(),
    /** The refund's own transaction (a void has none). */
    reversalTransactionId: text('reversal_transaction_id'),
    /** While in the future, someone is asking the gateway to reverse it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
  },
  (table) => [
    index('late_charges_status_idx').on(table.status),
    check('late_charges_status_check', sql`${table.status} in ('REVERSING', 'VOIDED', 'REFUNDED')`),
  ],
);

/** The order a completed payment bought. */
export const orders = pgTable('orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Null for an invited user's own order. */
  signupId: uuid('signup_id')
    .unique()
    .references(() => signups.id),
  paymentId: uuid('payment_id')
    .notNull()
    .unique()
    .references(() => payments.id),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  familyId: uuid('family_id')
    .notNull()
    .references(() => families.id),
  packageId: integer('package_id')
    .notNull()
    .references(() => catalogPackages.id),
  productId: text('product_id').notNull(),
  services: text('services').array().notNull(),
  payForCoParent: boolean('pay_for_co_parent').notNull(),
  promoCodes: text('promo_codes').array().notNull(),
  paymentCodes: text('payment_codes').array().notNull(),
  currency: text('currency').notNull(),
  total: integer('total').notNull(),
  taxAmount: integer('tax_amount').notNull(),
  /** The pricing info charged (PricingInfo). */
  pricing: jsonb('pricing').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member's subscription (Parent A's; the co-parent's when Parent A paid for it), bought by an
 * order, or, in a professional's family, covered by the professional's practice (no order).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').references(() => orders.id),
    coveredByProfessionalId: uuid('covered_by_professional_id').references(() => users.id),
    familyMemberId: uuid('family_member_id')
      .notNull()
      .references(() => familyMembers.id),
    packageId: integer('package_id')
      .notNull()
      .references(() => catalogPackages.id),
    status: text('status').notNull().default('ACTIVE'),
    years: smallint('years').notNull(),
    autoRenew: boolean('auto_renew').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    renewsAt: timestamp('renews_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('subscriptions_member_idx').on(table.familyMemberId),
    check('subscriptions_years_check', sql`${table.years} in (1, 2)`),
    check(
      'subscriptions_paid_check',
      sql`${table.orderId} is not null or ${table.coveredByProfessionalId} is not null`,
    ),
  ],
);

/** The receipt of a completed payment (the account area shows it later). */
export const receipts = pgTable('receipts', {
  paymentId: uuid('payment_id')
    .primaryKey()
    .references(() => payments.id),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  transactionId: text('transaction_id'),
  cardLastFour: text('card_last_four'),
  paymentType: text('payment_type').notNull(),
  total: integer('total').notNull(),
  currency: text('currency').notNull(),
  transactionAt: timestamp('transaction_at', { withTimezone: true }).notNull(),
  /** The receipt as answered (ReceiptSchema). */
  body: jsonb('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── The local sandbox gateway (never used in production) ─────────────────────────────────────

/**
 * Transactions of the local sandbox gateway, kept in the database so that reconciliation by order
 * id works across restarts and between test apps.
 */
export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    /** The sale's idempotency key (Braintree's apiRequestKey). */
    apiRequestKey: text('api_request_key').unique(),
    /** 'sale' or 'credit' (a refund). */
    type: text('type').notNull(),
    /** Braintree's statuses: submitted_for_settlement, processor_declined, gateway_rejected, failed, voided, settled. */
    status: text('status').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    paymentInstrumentType: text('payment_instrument_type').notNull(),
    cardType: text('card_type'),
    lastFour: text('last_four'),
    processorResponseCode: text('processor_response_code'),
    processorResponseText: text('processor_response_text'),
    gatewayRejectionReason: text('gateway_rejection_reason'),
    cvvResponseCode: text('cvv_response_code'),
    avsPostalCodeResponseCode: text('avs_postal_code_response_code'),
    paymentMethodToken: text('payment_method_token'),
    refundedTransactionId: text('refunded_transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_transactions_order_idx').on(table.orderId)],
);

/**
 * Nonces of the sandbox's card form (POST /v2/payment/sandbox/tokenize): a random nonce and what
 * the sale needs to behave like Braintree's sandbox. Never the card number, nor the security code.
 */
export const sandboxNonces = pgTable(
  'sandbox_nonces',
  {
    nonce: text('nonce').primaryKey(),
    paymentInstrumentType: text('payment_instrument_type').notNull(),
    cardType: text('card_type'),
    lastFour: text('last_four'),
    expirationMonth: text('expiration_month'),
    expirationYear: text('expiration_year'),
    /** SUCCESS, or PROCESSOR_DECLINED for Braintree's declined test card. */
    behaviour: text('behaviour').notNull(),
    /** M (matches), N (does not match), U (not verified), I (not provided). */
    cvvResponseCode: text('cvv_response_code').notNull(),
    avsPostalCodeResponseCode: text('avs_postal_code_response_code').notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_nonces_expires_idx').on(table.expiresAt)],
);

/** The sandbox's vault: stored payment methods. */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  token: text('token').primaryKey(),
  paymentInstrumentType: text('payment_instrument_type').notNull(),
  cardType: text('card_type'),
  lastFour: text('last_four'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── Analytics ──────────────────────────────────────────────────────────────────────────────────

/**
 * Segment-shaped analytics events from the browser (POST /v2/events, issue [F6]). `message_id` is
 * the browser's id of the event: a retried batch stores each event once. `event` is the track
 * event's name or the page's name (its path); `properties` holds a track's or page's properties,
 * or an identify's traits, with identifying keys dropped (modules/events/sanitize.ts).
 * `occurred_at` is the browser's clock (the event's `timestamp`), `received_at` the server's: the
 * funnel report selects its window by `received_at`.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: text('message_id').notNull().unique(),
    /** track, identify or page. */
    type: text('type').notNull(),
    event: text('event'),
    anonymousId: text('anonymous_id').notNull(),
    userId: text('user_id'),
    /** The page the event happened on (Segment's `context.page.path`). */
    path: text('path'),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The batch's `sentAt` (the browser's clock), when it gave one. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('analytics_events_received_idx').on(table.receivedAt),
    index('analytics_events_event_received_idx').on(table.event, table.receivedAt),
  ],
);

export const schema = {
  signups,
  signupChildren,
  users,
  professionalProfiles,
  emailOutbox,
  catalogPackages,
  catalogPackagePrices,
  catalogPackageOptions,
  pricingCountryGroups,
  promoCodes,
  promoCodeAmounts,
  subscriptionCodes,
  referrers,
  signupOrders,
  signupBilling,
  families,
  familyMembers,
  userAddresses,
  userCredentials,
  invites,
  parentProfiles,
  inviteProgress,
  credentialsTokens,
  sessions,
  passwordResets,
  payments,
  lateCharges,
  orders,
  subscriptions,
  receipts,
  sandboxTransactions,
  sandboxNonces,
  sandboxPaymentMethods,
  analyticsEvents,
};
export type Schema = typeof schema;
export type SignupRow = typeof signups.$inferSelect;
export type NewSignupRow = typeof signups.$inferInsert;
export type SignupChildRow = typeof signupChildren.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type ProfessionalProfileRow = typeof professionalProfiles.$inferSelect;
export type NewProfessionalProfileRow = typeof professionalProfiles.$inferInsert;
export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
export type NewEmailOutboxRow = typeof emailOutbox.$inferInsert;
export type CatalogPackageRow = typeof catalogPackages.$inferSelect;
export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type SubscriptionCodeRow = typeof subscriptionCodes.$inferSelect;
export type ReferrerRow = typeof referrers.$inferSelect;
export type SignupOrderRow = typeof signupOrders.$inferSelect;
export type NewSignupOrderRow = typeof signupOrders.$inferInsert;
export type SignupBillingRow = typeof signupBilling.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
export type FamilyMemberRow = typeof familyMembers.$inferSelect;
export type InviteRow = typeof invites.$inferSelect;
export type ParentProfileRow = typeof parentProfiles.$inferSelect;
export type InviteProgressRow = typeof inviteProgress.$inferSelect;
export type SandboxTransactionRow = typeof sandboxTransactions.$inferSelect;
export type SandboxNonceRow = typeof sandboxNonces.$inferSelect;
export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect;
export type NewAnalyticsEventRow = typeof analyticsEvents.$inferInsert;
