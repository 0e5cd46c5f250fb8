import type { Executor } from '../../db/client.js';
import type { MessageMetrics, RetryOutcome } from '../outbox/delivery.js';

/** One text message, already written (see src/modules/email/templates/*-text.ts). */
export type TextMessage = {
  /** The recipient's number in E.164 (`phoneNumberE164` in the domain). */
  to: string;
  /** The template's name, e.g. `coparent-invitation-text` (kept on the outbox row). */
  template: string;
  locale: string;
  body: string;
  /**
   * When the links in the body stop working (the token's expiry), or null for a text that
   * carries none. The outbox keeps no body past delivery, and no row past this.
   */
  secretsExpireAt: Date | null;
  /** The family member the text invites (the account home reads its delivery). */
  familyMemberId?: string | undefined;
  /** The parent who asked for it again from the account home (the once-a-day limit counts it). */
  requestedByUserId?: string | undefined;
};

/** What `send` answers: the outbox row, and the delivery to start once the caller has committed. */
export type QueuedText = {
  id: string;
  /**
   * Sends the queued text (Twilio) and records `sent_at`, or the error, on its row. Never rejects:
   * a failed send is logged and kept on the row; it never undoes the change that queued it. The
   * local stand-in has nothing to do here.
   */
  deliver(): Promise<void>;
};

/** The SMS adapters: the outbox table only (the local stand-in), or the outbox and Twilio. */
export type SmsSenderKind = 'outbox' | 'twilio';

/**
 * The SmsSender port, the twin of the Mailer: `send` always writes the text to the `sms_outbox`
 * table through `exec` (pass the use case's transaction, so the text commits or rolls back with
 * what caused it), and `deliver()` runs after the commit. A text to a number that opted out
 * (`sms_opt_outs`) is written already given up: it is never sent. Once a text is sent or given up its body
 * is dropped; the row goes with the purge after `secretsExpireAt`.
 */
export type SmsSender = {
  readonly kind: SmsSenderKind;
  send(message: TextMessage, exec?: Executor): Promise<QueuedText>;
  /** Sends every row due again after a failed attempt (the retry job); the stand-in sends nothing. */
  retryDue(): Promise<RetryOutcome>;
  /** Waits for the deliveries under way (app close). */
  close(): Promise<void>;
};

/** The part of the metrics port an SMS sender counts through. */
export type SmsMetrics = MessageMetrics;

/** What a provider does with one text: sends it, or throws an `SmsDeliveryError`. */
export type SmsTransport = {
  send(text: { to: string; body: string }): Promise<{ providerMessageId: string }>;
};

/**
 * A provider's refusal of one text. `permanent`: sending the same text again gets the same answer
 * (an invalid number, an unsubscribed recipient), so the text is given up at once; otherwise (the
 * provider busy or unreachable) it is retried. `code` is the provider's error code (Twilio's 21211
 * for an invalid number). The message never holds the body.
 */
export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
  readonly code: number | undefined;
  readonly status: number | undefined;
  readonly permanent: boolean;

  constructor(
    message: string,
    details: { code?: number | undefined; status?: number | undefined; permanent: boolean },
  ) {
    super(message);
    this.code = details.code;
    this.status = details.status;
    this.permanent = details.permanent;
  }
}

/** A number for logs: its dial-code start and its last two digits (`+1*******67`). */
export function maskPhoneNumber(number: string): string {
  if (number.length < 6) return '***';
  return `${number.slice(0, 2)}${'*'.repeat(number.length - 4)}${number.slice(-2)}`;
}
