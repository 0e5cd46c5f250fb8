import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, randomId } from './columns.js';
import { familyMembers } from './families.js';
import { users } from './users.js';

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
    /** The family member the text invites (the account home tells Parent A when it failed). */
    familyMemberId: uuid('family_member_id').references(() => familyMembers.id, {
      onDelete: 'set null',
    }),
    /** The parent who asked for it again from the account home (null: sent by the product). */
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /**
     * The provider's last delivery status (Twilio's status callback: `queued`, `sent`,
     * `delivered`, `undelivered`, `failed`…); it only moves forward (adapters/sms/delivery-status.ts).
     */
    deliveryStatus: text('delivery_status'),
    deliveryStatusAt: timestamp('delivery_status_at', { withTimezone: true }),
    /** The provider's error code with a failed or undelivered status (Twilio's 30003…). */
    deliveryErrorCode: integer('delivery_error_code'),
  },
  (table) => [
    index('sms_outbox_created_at_idx').on(table.createdAt),
    // The retry job's search: unsent rows by due time.
    index('sms_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
    // The status callback's search: the row of Twilio's message id.
    index('sms_outbox_provider_message_id_idx')
      .on(table.providerMessageId)
      .where(sql`${table.providerMessageId} is not null`),
    // The account home's search: the newest text inviting a family member.
    index('sms_outbox_family_member_idx')
      .on(table.familyMemberId, table.createdAt)
      .where(sql`${table.familyMemberId} is not null`),
    // The purge's search: rows whose secrets have expired.
    index('sms_outbox_secrets_expire_at_idx')
      .on(table.secretsExpireAt)
      .where(sql`${table.secretsExpireAt} is not null`),
  ],
);

/**
 * Numbers that asked for no more texts: a STOP reply (Twilio's inbound webhook) or Twilio's 21610
 * answer to a send. No text is queued or sent to them; START (or UNSTOP, YES) deletes the row.
 */
export const smsOptOuts = pgTable('sms_opt_outs', {
  /** E.164, as `sms_outbox.to_number`. */
  phoneNumber: text('phone_number').primaryKey(),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull(),
  /** `REPLY` (the person texted STOP) or `PROVIDER` (Twilio refused a send with 21610). */
  source: text('source').notNull(),
});

export type SmsOutboxRow = typeof smsOutbox.$inferSelect;
export type SmsOptOutRow = typeof smsOptOuts.$inferSelect;
export type NewSmsOutboxRow = typeof smsOutbox.$inferInsert;
