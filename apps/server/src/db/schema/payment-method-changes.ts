import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, randomId } from './columns.js';
import { users } from './users.js';

/**
 * Each change of the card or wallet on file from the account's billing page (decision 060): who,
 * when, what it became (brand and last four at most), and the SHA-256 of the nonce it was
 * vaulted from, so that sending the same nonce again answers the change made, never a second
 * one. The token itself lives on the orders' payments (`payments.payment_method_token`).
 */
export const paymentMethodChanges = pgTable(
  'payment_method_changes',
  {
    id: randomId,
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** SHA-256 of the nonce (single use at the gateway): the retry's key. */
    nonceHash: text('nonce_hash').notNull().unique(),
    paymentType: text('payment_type').notNull(),
    cardType: text('card_type'),
    cardLastFour: text('card_last_four'),
    createdAt,
  },
  (table) => [index('payment_method_changes_user_idx').on(table.userId)],
);

export type PaymentMethodChangeRow = typeof paymentMethodChanges.$inferSelect;
