import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, randomId } from './columns.js';

/**
 * Text messages: the outbox every text is written to before it is sent, as emails are
 * (schema/email.ts).
 */

/**
 * The transactional outbox behind the SmsSender port: every text is written here first (in the
 * transaction of the change that causes it); with Twilio it is sent after the commit and
 * `sent_at` set with Twilio's message id, or `error` recorded, with the email outbox's claim,
 * back-off and give-up rules (adapters/outbox/delivery.ts). The body holds the invitation link (a
 * secret): it is dropped once the text is sent or given up, and the row goes with the purge
 * after `secrets_expire_at`. Without Twilio the row is the delivery: the local mailbox shows it.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: randomId,
    /** The recipient's number in E.164 (`+15551234567`). */
    toNumber: text('to_number').notNull(),
    /** The template's name, e.g. `coparent-invitation-text`. */
    template: text('template').notNull(),
    locale: text('locale').notNull(),
    /** The text: null once it is sent or given up (it may hold a live link). */
    body: text('body'),
    /** When the links in the body die (null: none); the purge deletes the row after. */
    secretsExpireAt: timestamp('secrets_expire_at', { withTimezone: true }),
    createdAt,
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The provider's id of the sent message (Twilio's `SM…` sid). */
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    /** Send attempts made so far (each claim counts one). */
    attempts: integer('attempts').notNull().default(0),
    /** When the row is next due for a send; null: never (stand-in only, sent, or given up). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Set when the last allowed attempt failed, or the provider refused for good. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('sms_outbox_created_at_idx').on(table.createdAt),
    // The retry job's search: unsent rows by due time.
    index('sms_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
    // The purge's search: rows whose secrets have expired.
    index('sms_outbox_secrets_expire_at_idx')
      .on(table.secretsExpireAt)
      .where(sql`${table.secretsExpireAt} is not null`),
  ],
);

export type SmsOutboxRow = typeof smsOutbox.$inferSelect;
export type NewSmsOutboxRow = typeof smsOutbox.$inferInsert;
