import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.js';
import type { EmailOutboxRow } from '../../db/schema.js';
import { noMetrics } from '../../modules/metrics/metrics.js';
import type { Mailer, MailMetrics, RetryOutcome } from './mailer.js';
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

const OUTCOME_LABELS = { sent: 'sent', failed: 'failed', gaveUp: 'given_up' } as const;

/** Rows claimed per retry batch: short claim transactions. */
const RETRY_BATCH_SIZE = 20;
/** The longest wait between two attempts, however many failed. */
const MAX_RETRY_DELAY_SECONDS = 6 * 3600;

/** The wait after failed attempt number `attempts` (1-based): base, then doubled each time. */
export function retryDelaySeconds(attempts: number, baseDelaySeconds: number): number {
  return Math.min(baseDelaySeconds * 2 ** (attempts - 1), MAX_RETRY_DELAY_SECONDS);
}

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
function describeError(error: unknown, address: string): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replaceAll(address, maskEmailAddress(address)).slice(0, 1000);
}

/**
 * The SMTP Mailer: writes the outbox row like the outbox mailer (in the caller's transaction),
 * due at once, and `deliver()` (after the commit) claims and sends it through nodemailer, then
 * sets `sent_at` or records the error. A failed email is due again after an exponential back-off
 * (`retryDue`, run by the retry job) until `retry.maxAttempts` attempts failed; then it is given
 * up. A permanent refusal (5xx) is given up at once. Failures are logged (never the full
 * address, never the body with its links) and never thrown.
 * A sent or given-up row keeps no body (see `markOutboxEmailSent`).
 */
export function createSmtpMailer(deps: {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  from: string;
  /** Attempts per email, the first included, and the first back-off (doubled after each). */
  retry: { maxAttempts: number; baseDelaySeconds: number };
  transport: SmtpTransport;
  /** Counts each attempt's outcome: sent, failed (retried later), given up. */
  metrics?: MailMetrics | undefined;
}): Mailer {
  const { db, log, now, from, retry, transport, metrics = noMetrics } = deps;
  const inFlight = new Set<Promise<unknown>>();

  const claim = (options: { limit: number; id?: string }) => {
    const claimedAt = now();
    return claimDueOutboxEmails(db, {
      ...options,
      now: claimedAt,
      retryAt: (attempts) =>
        new Date(claimedAt.getTime() + retryDelaySeconds(attempts, retry.baseDelaySeconds) * 1000),
    });
  };

  /** One attempt at a claimed row, counted; answers what became of it. */
  async function attempt(row: EmailOutboxRow): Promise<keyof RetryOutcome> {
    const outcome = await attemptOnce(row);
    metrics.message('email', OUTCOME_LABELS[outcome]);
    return outcome;
  }

  async function attemptOnce(row: EmailOutboxRow): Promise<keyof RetryOutcome> {
    const context = {
      emailId: row.id,
      template: row.template,
      to: maskEmailAddress(row.toAddress),
      attempts: row.attempts,
    };
    // A row claimed past its last attempt: a crash left the previous attempt without outcome.
    if (row.attempts > retry.maxAttempts) {
      await markOutboxEmailGivenUp(db, row.id, row.error ?? 'no outcome recorded', now());
      log.error(context, 'gave up sending an email');
      return 'gaveUp';
    }
    if (row.textBody === null) {
      await markOutboxEmailGivenUp(db, row.id, 'the body was dropped before it was sent', now());
      log.error(context, 'gave up sending an email');
      return 'gaveUp';
    }
    try {
      await transport.sendMail({
        from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        ...(row.htmlBody ? { html: row.htmlBody } : {}),
        // The language the email is written in, for mail clients and screen readers.
        headers: { 'Content-Language': row.locale },
      });
    } catch (error) {
      const description = describeError(error, row.toAddress);
      if (row.attempts >= retry.maxAttempts || isPermanentSmtpFailure(error)) {
        await markOutboxEmailGivenUp(db, row.id, description, now());
        log.error({ ...context, error: description }, 'gave up sending an email');
        return 'gaveUp';
      }
      await markOutboxEmailFailed(db, row.id, description);
      log.warn({ ...context, error: description }, 'sending an email failed; it will be retried');
      return 'failed';
    }
    await markOutboxEmailSent(db, row.id, now());
    return 'sent';
  }

  /** Runs `work`, tracked until `close`; a database error is logged, never thrown. */
  function track<T>(work: Promise<T>, fallback: T): Promise<T> {
    const running = work.catch((err: unknown) => {
      log.error({ err }, 'email delivery could not reach the outbox');
      return fallback;
    });
    inFlight.add(running);
    return running.finally(() => inFlight.delete(running));
  }

  async function retryAll(): Promise<RetryOutcome> {
    const outcome: RetryOutcome = { sent: 0, failed: 0, gaveUp: 0 };
    for (;;) {
      const rows = await claim({ limit: RETRY_BATCH_SIZE });
      for (const row of rows) outcome[await attempt(row)] += 1;
      if (rows.length < RETRY_BATCH_SIZE) return outcome;
    }
  }

  return {
    kind: 'smtp',
    async send(message, exec = db) {
      const row = await insertOutboxEmail(exec, message, now());
      const deliver = async () => {
        await track(
          (async () => {
            // Another instance's retry job may have claimed it first: then there is nothing to do.
            for (const claimed of await claim({ limit: 1, id: row.id })) await attempt(claimed);
          })(),
          undefined,
        );
      };
      return { id: row.id, deliver };
    },
    retryDue: () => track(retryAll(), { sent: 0, failed: 0, gaveUp: 0 }),
    async close() {
      await Promise.all(inFlight);
      transport.close?.();
    },
  };
}
