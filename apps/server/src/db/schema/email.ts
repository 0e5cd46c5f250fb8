import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, randomId } from './columns.js';

/**
 * Email: the outbox every email is written to before it is sent.
 */

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
    id: randomId,
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
    createdAt,
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

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
export type NewEmailOutboxRow = typeof emailOutbox.$inferInsert;
