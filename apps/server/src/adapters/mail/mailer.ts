import type { Executor } from '../../db/client.js';
import type { MessageMetrics, RetryOutcome } from '../outbox/delivery.js';

export type { RetryOutcome };

/** One email, already rendered (see src/modules/email/templates/). */
export type MailMessage = {
  to: string;
  /** The template's name, e.g. `professional-welcome` (kept on the outbox row). */
  template: string;
  locale: string;
  subject: string;
  text: string;
  html?: string | null;
  /**
   * When the links and codes in the body stop working (the token's or code's expiry), or null
   * for an email that carries none. The outbox keeps no body past delivery, and no row past this.
   */
  secretsExpireAt: Date | null;
};

/** What `send` answers: the outbox row, and the delivery to start once the caller has committed. */
export type QueuedMail = {
  id: string;
  /**
   * Sends the queued email (SMTP) and records `sent_at`, or the error, on its row. Never rejects:
   * a failed send is logged and kept on the row; it never undoes the change that queued it.
   * Callers need not await it (the mailer tracks it until `close`). The outbox-only mailer has
   * nothing to do here.
   */
  deliver(): Promise<void>;
};

/**
 * The Mailer port. `send` always writes the message to the `email_outbox` table through `exec`:
 * pass the use case's transaction so the email commits (or rolls back) with the change that
 * caused it, then call `deliver()` after the commit. Once an email is sent (or given up) its
 * bodies are dropped; the row itself goes with the purge after `secretsExpireAt`.
 */
export type Mailer = {
  /** `outbox` keeps emails in the table only; `smtp` also sends them. */
  readonly kind: MailerKind;
  send(message: MailMessage, exec?: Executor): Promise<QueuedMail>;
  /**
   * Sends every row that is due again after a failed attempt (or whose first delivery never ran,
   * e.g. a crash after the commit), one attempt each; the retry job (src/modules/email/retry.ts)
   * calls it on a timer. The outbox-only mailer sends nothing.
   */
  retryDue(): Promise<RetryOutcome>;
  /** Waits for the deliveries under way, then releases the transport (app close). */
  close(): Promise<void>;
};

/** The mail adapters: the outbox table only (outbox.ts), or the outbox and SMTP (smtp.ts). */
export type MailerKind = 'outbox' | 'smtp';

/** The part of the metrics port a mailer counts through. */
export type MailMetrics = MessageMetrics;
