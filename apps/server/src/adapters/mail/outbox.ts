import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { type EmailOutboxRow, emailOutbox } from '../../db/schema.js';
import type { Mailer, MailMessage } from './mailer.js';

/** Writes a message to the outbox; answers its row. */
export async function insertOutboxEmail(
  exec: Executor,
  message: MailMessage,
): Promise<EmailOutboxRow> {
  const [row] = await exec
    .insert(emailOutbox)
    .values({
      toAddress: message.to,
      template: message.template,
      locale: message.locale,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
    })
    .returning();
  if (!row) throw new Error('insert into email_outbox returned no row');
  return row;
}

export async function markOutboxEmailSent(exec: Executor, id: string, at: Date): Promise<void> {
  await exec.update(emailOutbox).set({ sentAt: at, error: null }).where(eq(emailOutbox.id, id));
}

export async function markOutboxEmailFailed(
  exec: Executor,
  id: string,
  error: string,
): Promise<void> {
  await exec.update(emailOutbox).set({ error }).where(eq(emailOutbox.id, id));
}

export async function findOutboxEmail(
  exec: Executor,
  id: string,
): Promise<EmailOutboxRow | undefined> {
  const [row] = await exec.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row;
}

/** The latest messages, newest first, optionally only those to one address (case-insensitive). */
export async function listLatestOutboxEmails(
  exec: Executor,
  options: { limit: number; to?: string | undefined },
): Promise<EmailOutboxRow[]> {
  const to = options.to?.trim().toLowerCase();
  return exec
    .select()
    .from(emailOutbox)
    .where(to ? sql`lower(${emailOutbox.toAddress}) = ${to}` : undefined)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(options.limit);
}

/** The outbox-only Mailer: the row is the delivery (readable at GET /v2/dev/mailbox). */
export function createOutboxMailer(db: Db): Mailer {
  return {
    kind: 'outbox',
    async send(message, exec = db) {
      const row = await insertOutboxEmail(exec, message);
      return { id: row.id, deliver: async () => {} };
    },
    close: async () => {},
  };
}
