import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { catalogPackages } from './catalog.js';
import { createdAt, money, randomId, updatedAt } from './columns.js';
import { families, familyMembers } from './families.js';
import { signups } from './signups.js';
import { users } from './users.js';

/**
 * Payments: the attempt with the gateway, late charges reversed, and what a completed payment
 * created (order, subscriptions, receipt).
 */

export const PAYMENT_STATUSES = ['PENDING', 'COMPLETED', 'FAILED', 'VOIDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * One payment attempt (POST /v2/signups/{id}/payment with one Idempotency-Key, or one attempt of
 * the renewal job). Written PENDING before the gateway is called (its id is the gateway's order
 * id), then COMPLETED in the transaction that creates the accounts (or the renewal's order), or
 * FAILED (not charged), or VOIDED (charged, then voided or refunded by reconciliation). At most
 * one PENDING or COMPLETED attempt per signup, invited user and renewed order.
 */
export const payments = pgTable(
  'payments',
  {
    id: randomId,
    /** The signup paid by Parent A's payment; null for an invited user's payment. */
    signupId: uuid('signup_id').references(() => signups.id),
    /** The invited co-parent paying for their own subscription (POST /v2/users/{id}/payment). */
    invitedUserId: uuid('invited_user_id').references(() => users.id),
    /**
     * The order whose term this payment renews (decision 057): the payer is its buyer, charged
     * through the vaulted method. Each renewal makes a new order, so one order is renewed once.
     */
    renewedOrderId: uuid('renewed_order_id').references((): AnyPgColumn => orders.id),
    /** SHA-256 of the Idempotency-Key. */
    idempotencyKeyHash: text('idempotency_key_hash').notNull().unique(),
    /** SHA-256 of the request body as parsed: a key reused with another body is refused. */
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('PENDING'),
    /** 'sandbox' or 'braintree'. */
    provider: text('provider').notNull(),
    ...money,
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
    createdAt,
    updatedAt,
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payments_active_signup_idx')
      .on(table.signupId)
      .where(sql`${table.status} in ('PENDING', 'COMPLETED')`),
    uniqueIndex('payments_active_invited_user_idx')
      .on(table.invitedUserId)
      .where(sql`${table.status} in ('PENDING', 'COMPLETED')`),
    uniqueIndex('payments_active_renewed_order_idx')
      .on(table.renewedOrderId)
      .where(sql`${table.status} in ('PENDING', 'COMPLETED')`),
    check(
      'payments_payer_check',
      sql`num_nonnulls(${table.signupId}, ${table.invitedUserId}, ${table.renewedOrderId}) = 1`,
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
    id: randomId,
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    transactionId: text('transaction_id').notNull().unique(),
    ...money,
    /** REVERSING until the gateway confirmed the void (or refund). */
    status: text('status', { enum: LATE_CHARGE_STATUSES }).notNull().default('REVERSING'),
    /** Why it was reversed: the attempt's status when the charge arrived (e.g. ATTEMPT_FAILED). */
    reason: text('reason').notNull(),
    /** The refund's own transaction (a void has none). */
    reversalTransactionId: text('reversal_transaction_id'),
    /** While in the future, someone is asking the gateway to reverse it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    createdAt,
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
  },
  (table) => [
    index('late_charges_status_idx').on(table.status),
    check('late_charges_status_check', sql`${table.status} in ('REVERSING', 'VOIDED', 'REFUNDED')`),
  ],
);

/** The order a completed payment bought. */
export const orders = pgTable('orders', {
  id: randomId,
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
  /**
   * The plan the payer chose for the next term (decision 062): the renewal charges and renews
   * this package and term instead of the order's own. Null: the same plan renews.
   */
  nextPackageId: integer('next_package_id').references(() => catalogPackages.id),
  /** The chosen plan's term (`productId`), set with `nextPackageId`. */
  nextProductId: text('next_product_id'),
  createdAt,
});

/**
 * A member's subscription (Parent A's; the co-parent's when Parent A paid for it), bought by an
 * order, or, in a professional's family, covered by the professional's practice (no order).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: randomId,
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
    /**
     * Whether the renewal job charges the order's payment method at `renewsAt` for another term.
     * False: the paid term ends at `renewsAt` (the payer turned it off, canceled, or a
     * professional covers it). The payer changes it for every subscription of the order at once.
     */
    autoRenew: boolean('auto_renew').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** The end of the paid term: the renewal's date, or the end when `autoRenew` is false. */
    renewsAt: timestamp('renews_at', { withTimezone: true }).notNull(),
    /**
     * When the payer canceled (decision 054): `autoRenew` is false with it. Cleared when they
     * turn auto-renewal on again before the term ends. Each change is in subscription_changes.
     */
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt,
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

/**
 * ENDED: the renewal job ended it after the last declined retry (decision 057), no user
 * changed it.
 */
export const SUBSCRIPTION_CHANGE_KINDS = [
  'AUTO_RENEW_OFF',
  'AUTO_RENEW_ON',
  'CANCELED',
  'ENDED',
  'PLAN_CHANGED',
  'PLAN_CHANGE_UNDONE',
] as const;
export type SubscriptionChangeKind = (typeof SUBSCRIPTION_CHANGE_KINDS)[number];

/**
 * Every change of a subscription's renewal, with when and by whom (decision 054): one row per
 * subscription changed, written in the change's transaction. A call that changes nothing (turning
 * off what is off) writes none.
 */
export const subscriptionChanges = pgTable(
  'subscription_changes',
  {
    id: randomId,
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    kind: text('kind', { enum: SUBSCRIPTION_CHANGE_KINDS }).notNull(),
    /** Null for the renewal job's change (ENDED). */
    changedByUserId: uuid('changed_by_user_id').references(() => users.id),
    /**
     * The optional answer to "why are you canceling?" (a CANCEL_REASONS value); for ENDED, why
     * the renewal failed (the last decline's reason).
     */
    reason: text('reason'),
    createdAt,
  },
  (table) => [
    index('subscription_changes_subscription_idx').on(table.subscriptionId),
    check(
      'subscription_changes_kind_check',
      sql`${table.kind} in ('AUTO_RENEW_OFF', 'AUTO_RENEW_ON', 'CANCELED', 'ENDED', 'PLAN_CHANGED', 'PLAN_CHANGE_UNDONE')`,
    ),
  ],
);

export const RENEWAL_STATUSES = ['OPEN', 'RENEWED', 'ENDED'] as const;
export type RenewalStatus = (typeof RENEWAL_STATUSES)[number];

/**
 * One order's renewal (decision 057): the term the order paid for ends at `dueAt`, and its
 * subscriptions (auto-renewal on) are charged for the next term then. Written by the reminder
 * (7 days before) or the first attempt; counts the attempts, says when the next one is due,
 * and ends RENEWED (with the new order) or ENDED (after the last declined retry).
 */
export const subscriptionRenewals = pgTable(
  'subscription_renewals',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id),
    /** The end of the order's paid term: the renewal's date. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: RENEWAL_STATUSES }).notNull().default('OPEN'),
    /** When the reminder (7 days before) was queued; once per term. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** Attempts that ended without a charge, counted once each (`countedPaymentId`). */
    attempts: smallint('attempts').notNull().default(0),
    /** Of those, the declines: the retry schedule's position. */
    declines: smallint('declines').notNull().default(0),
    /** The last ended attempt counted (its email sent): a second pass never counts it again. */
    countedPaymentId: uuid('counted_payment_id').references(() => payments.id),
    /** When the next attempt may run. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** The order of the new term, once RENEWED. */
    renewalOrderId: uuid('renewal_order_id').references(() => orders.id),
    createdAt,
    updatedAt,
  },
  (table) => [
    index('subscription_renewals_next_idx').on(table.status, table.nextAttemptAt),
    check(
      'subscription_renewals_status_check',
      sql`${table.status} in ('OPEN', 'RENEWED', 'ENDED')`,
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
  createdAt,
});

export type PaymentRow = typeof payments.$inferSelect;
export type SubscriptionRenewalRow = typeof subscriptionRenewals.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
