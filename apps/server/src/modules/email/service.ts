import { listLatestOutboxEmails } from '../../adapters/mail/outbox.js';
import { listLatestOutboxTexts } from '../../adapters/sms/outbox.js';
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

/** A text message of the SMS outbox, as the mailbox shows it. */
export type MailboxText = {
  id: string;
  /** The number in E.164. */
  to: string;
  template: string;
  locale: string;
  body: string;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
};

/**
 * The dev mailbox: the email outbox and the text outbox, each newest first (development and test
 * only). `to` is an email address (emails) or a phone number (texts, any punctuation).
 */
export function createMailboxService({ db }: { db: Db }) {
  async function latest(options: {
    limit: number;
    to?: string | undefined;
    template?: string | undefined;
  }) {
    const byAddress = options.to?.includes('@') ?? false;
    const byNumber = options.to !== undefined && !byAddress && /\d/.test(options.to);
    const rows = byNumber ? [] : await listLatestOutboxEmails(db, options);
    const textRows = byAddress ? [] : await listLatestOutboxTexts(db, options);
    const texts: MailboxText[] = textRows.map((row) => ({
      id: row.id,
      to: row.toNumber,
      template: row.template,
      locale: row.locale,
      body: row.body ?? '',
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      error: row.error,
    }));
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
    return { messages, texts };
  }

  return { latest };
}

export type MailboxService = ReturnType<typeof createMailboxService>;
