import { listLatestOutboxEmails } from '../../adapters/mail/outbox.js';
import type { Db } from '../../db/client.js';

export type MailboxMessage = {
  id: string;
  to: string;
  template: string;
  locale: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
};

/** The dev mailbox: the outbox, newest first (development and test only). */
export function createMailboxService({ db }: { db: Db }) {
  async function latest(options: { limit: number; to?: string | undefined }) {
    const rows = await listLatestOutboxEmails(db, options);
    const messages: MailboxMessage[] = rows.map((row) => ({
      id: row.id,
      to: row.toAddress,
      template: row.template,
      locale: row.locale,
      subject: row.subject,
      text: row.textBody ?? '',
      html: row.htmlBody,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      error: row.error,
    }));
    return { messages };
  }

  return { latest };
}

export type MailboxService = ReturnType<typeof createMailboxService>;
