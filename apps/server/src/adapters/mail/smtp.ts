import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.js';
import type { EmailOutboxRow } from '../../db/schema.js';
import { createOutboxDelivery, type OutboxRetry, retryDelaySeconds } from '../outbox/delivery.js';
import type { Mailer, MailMetrics } from './mailer.js';
import {
  claimDueOutboxEmails,
  insertOutboxEmail,
  markOutboxEmailFailed,
  markOutboxEmailGivenUp,
  markOutboxEmailSent,
} from './outbox.js';

/** The part of a nodemailer transporter we use (tests pass a JSON or a failing transport). */
export type SmtpTransport = {
  sendMail(options: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    headers?: Record<string, string>;
  }): Promise<unknown>;
  close?(): void;
};

/**
 * Each SMTP wait (connecting, the greeting, a silent socket) is bounded well below the retry's
 * smallest base delay (30 s), the time a claimed row is left to its sender.
 */
const SMTP_TIMEOUT_MS = 20_000;

/** A nodemailer SMTP transport from `SMTP_URL` (smtp[s]://user:pass@host:port; `?pool=true` pools). */
export function smtpTransportFromUrl(url: string): SmtpTransport {
  return nodemailer.createTransport({
    url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
}

export { retryDelaySeconds };

/** An address for logs: its first character and its domain (`s***@example.com`). */
export function maskEmailAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

/**
 * A permanent refusal: the SMTP server answered 5xx (nodemailer puts the reply code on the error
 * as `responseCode`), e.g. 550 no such mailbox or 554 rejected as spam. Sending the same message
 * again gets the same answer, so it is given up at once. A 4xx (greylisting, a full mailbox, the
 * server busy) and an error without a reply (refused connection, timeout) are worth retrying.
 */
export function isPermanentSmtpFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * An error as stored on the row and logged: the message only, bounded, and without the
 * recipient's address (SMTP servers quote it when they refuse it).
 */
function describeError(error: unknown, row: EmailOutboxRow): string {
  const address = row.toAddress;
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replaceAll(address, maskEmailAddress(address)).slice(0, 1000);
}

/**
 * The SMTP Mailer: writes the outbox row like the outbox mailer (in the caller's transaction),
 * due at once, and `deliver()` (after the commit) claims and sends it through nodemailer, then
 * sets `sent_at` or records the error. A failed email is due again after an exponential back-off
 * (`retryDue`, run by the retry job) until `retry.maxAttempts` attempts failed; then it is given
 * up. A permanent refusal (5xx) is given up at once. Failures are logged (never the full
 * address, never the body with its links) and never thrown: the rules are the outbox's
 * (adapters/outbox/delivery.ts), shared with the texts.
 * A sent or given-up row keeps no body (see `markOutboxEmailSent`).
 */
export function createSmtpMailer(deps: {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  from: string;
  /** Attempts per email, the first included, and the first back-off (doubled after each). */
  retry: OutboxRetry;
  transport: SmtpTransport;
  /** Counts each attempt's outcome: sent, failed (retried later), given up. */
  metrics?: MailMetrics | undefined;
}): Mailer {
  const { db, now, from, transport } = deps;
  const delivery = createOutboxDelivery<EmailOutboxRow>(
    {
      channel: 'email',
      noun: 'an email',
      claim: claimDueOutboxEmails,
      markSent: (exec, row, at) => markOutboxEmailSent(exec, row.id, at),
      markFailed: markOutboxEmailFailed,
      markGivenUp: markOutboxEmailGivenUp,
      hasBody: (row) => row.textBody !== null,
      async send(row) {
        await transport.sendMail({
          from,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody ?? '',
          ...(row.htmlBody ? { html: row.htmlBody } : {}),
          // The language the email is written in, for mail clients and screen readers.
          headers: { 'Content-Language': row.locale },
        });
        return undefined;
      },
      isPermanent: isPermanentSmtpFailure,
      describeError,
      logContext: (row) => ({
        emailId: row.id,
        template: row.template,
        to: maskEmailAddress(row.toAddress),
        attempts: row.attempts,
      }),
    },
    deps,
  );

  return {
    kind: 'smtp',
    async send(message, exec = db) {
      const row = await insertOutboxEmail(exec, message, now());
      return { id: row.id, deliver: () => delivery.deliver(row.id) };
    },
    retryDue: () => delivery.retryDue(),
    async close() {
      await delivery.close();
      transport.close?.();
    },
  };
}
