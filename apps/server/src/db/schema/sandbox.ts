import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, expiresAt, money, updatedAt } from './columns.js';

/**
 * The local sandbox gateway's own tables (never used in production).
 */

/** The instrument a sandbox payment used: its kind, and a card's brand and last four digits. */
const instrumentColumns = {
  paymentInstrumentType: text('payment_instrument_type').notNull(),
  cardType: text('card_type'),
  lastFour: text('last_four'),
};

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
    ...money,
    ...instrumentColumns,
    processorResponseCode: text('processor_response_code'),
    processorResponseText: text('processor_response_text'),
    gatewayRejectionReason: text('gateway_rejection_reason'),
    cvvResponseCode: text('cvv_response_code'),
    avsPostalCodeResponseCode: text('avs_postal_code_response_code'),
    paymentMethodToken: text('payment_method_token'),
    refundedTransactionId: text('refunded_transaction_id'),
    createdAt,
    updatedAt,
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
    ...instrumentColumns,
    expirationMonth: text('expiration_month'),
    expirationYear: text('expiration_year'),
    /** SUCCESS, or PROCESSOR_DECLINED for Braintree's declined test card. */
    behaviour: text('behaviour').notNull(),
    /** M (matches), N (does not match), U (not verified), I (not provided). */
    cvvResponseCode: text('cvv_response_code').notNull(),
    avsPostalCodeResponseCode: text('avs_postal_code_response_code').notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    expiresAt,
    createdAt,
  },
  (table) => [index('sandbox_nonces_expires_idx').on(table.expiresAt)],
);

/**
 * The sandbox's vault: stored payment methods. A method vaulted for a customer (the account's
 * card update) carries the customer's id, and at most one per customer is its default; those a
 * sale stored have none (the sandbox keeps no customers of its own for them).
 */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  token: text('token').primaryKey(),
  ...instrumentColumns,
  customerId: text('customer_id'),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt,
});

export type SandboxTransactionRow = typeof sandboxTransactions.$inferSelect;
export type SandboxNonceRow = typeof sandboxNonces.$inferSelect;
