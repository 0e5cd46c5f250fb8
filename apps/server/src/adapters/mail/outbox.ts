import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { findFirst, insertOne } from '../../db/queries.js';
import { type EmailOutboxRow, emailOutbox } from '../../db/schema.js';
import { noMetrics } from '../../modules/metrics/metrics.js';
import { type ClaimOptions, claimDueRows, outboxColumns } from '../outbox/delivery.js';
import type { Mailer, MailMessage, MailMetrics } from './mailer.js';

/**
 * Writes a message to the outbox; answers its row. `dueAt` makes it due for sending (SMTP);
 * without it the row is only kept (the outbox-only mailer).
 */
export async function insertOutboxEmail(
  exec: Executor,
  message: MailMessage,
  dueAt?: Date,
): Promise<EmailOutboxRow> {
  return insertOne(exec, emailOutbox, {
    toAddress: message.to,
    template: message.template,
    locale: message.locale,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html ?? null,
    secretsExpireAt: message.secretsExpireAt,
    nextAttemptAt: dueAt ?? null,
  });
}

/**
 * The bodies of an email that will not be sent again: they held its links and codes, which now
 * live only in the recipient's mailbox. Subject, recipient, template and dates stay.
 */
const DROPPED_BODIES = { textBody: null, htmlBody: null } as const;

/** Records the delivery and drops the bodies. */
export async function markOutboxEmailSent(exec: Executor, id: string, at: Date): Promise<void> {
  await exec
    .update(emailOutbox)
    .set({ sentAt: at, error: null, nextAttemptAt: null, ...DROPPED_BODIES })
    .where(eq(emailOutbox.id, id));
}

/** Records a failed attempt; the claim already moved `next_attempt_at` to the next back-off. */
export async function markOutboxEmailFailed(
  exec: Executor,
  id: string,
  error: string,
): Promise<void> {
  await exec.update(emailOutbox).set({ error }).where(eq(emailOutbox.id, id));
}

/** Gives a row up: never due again, so its bodies are dropped too. */
export async function markOutboxEmailGivenUp(
  exec: Executor,
  id: string,
  error: string,
  at: Date,
): Promise<void> {
  await exec
    .update(emailOutbox)
    .set({ error, failedAt: at, nextAttemptAt: null, ...DROPPED_BODIES })
    .where(eq(emailOutbox.id, id));
}

/** Claims due emails for one attempt each (see `claimDueRows`). */
export function claimDueOutboxEmails(db: Db, options: ClaimOptions): Promise<EmailOutboxRow[]> {
  return claimDueRows<EmailOutboxRow>(db, outboxColumns(emailOutbox), options);
}

export async function findOutboxEmail(
  exec: Executor,
  id: string,
): Promise<EmailOutboxRow | undefined> {
  return findFirst(exec, emailOutbox, eq(emailOutbox.id, id));
}

/** The latest messages, newest first, optionally only those to one address (case-insensitive). */
export async function listLatestOutboxEmails(
  exec: Executor,
  options: { limit: number; to?: string | undefined; template?: string | undefined },
): Promise<EmailOutboxRow[]> {
  const to = options.to?.trim().toLowerCase();
  return exec
    .select()
    .from(emailOutbox)
    .where(
      and(
        to ? sql`lower(${emailOutbox.toAddress}) = ${to}` : undefined,
        options.template ? eq(emailOutbox.template, options.template) : undefined,
      ),
    )
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(options.limit);
}

/**
 * The outbox-only Mailer: the row is the delivery (readable at GET /v2/dev/mailbox), so it keeps
 * its bodies until the purge deletes it, after `secretsExpireAt`. An email is counted `stored`
 * at `deliver()`, which callers run once the row has committed.
 */
export function createOutboxMailer(db: Db, metrics: MailMetrics = noMetrics): Mailer {
  return {
    kind: 'outbox',
    async send(message, exec = db) {
      const row = await insertOutboxEmail(exec, message);
      return { id: row.id, deliver: async () => metrics.message('email', 'stored') };
    },
    retryDue: async () => ({ sent: 0, failed: 0, gaveUp: 0 }),
    close: async () => {},
  };
}
