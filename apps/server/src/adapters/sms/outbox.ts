import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.js';
import { findFirst, insertOne } from '../../db/queries.js';
import { type SmsOutboxRow, smsOutbox } from '../../db/schema.js';
import { noMetrics } from '../../modules/metrics/metrics.js';
import {
  type ClaimOptions,
  claimDueRows,
  createOutboxDelivery,
  type OutboxRetry,
  outboxColumns,
} from '../outbox/delivery.js';
import { isOptedOut, OPTED_OUT_ERROR, recordOptOut } from './opt-outs.js';
import {
  maskPhoneNumber,
  SmsDeliveryError,
  type SmsMetrics,
  type SmsSender,
  type SmsTransport,
  type TextMessage,
} from './sms-sender.js';

/**
 * Writes a text to the outbox; answers its row. `dueAt` makes it due for sending (a provider);
 * without it the row is only kept (the local stand-in). A number that opted out gets the row
 * already given up, without its body: the account home can still say the text did not go.
 */
export async function insertOutboxText(
  exec: Executor,
  message: TextMessage,
  at: Date,
  dueAt?: Date,
): Promise<SmsOutboxRow> {
  const optedOut = await isOptedOut(exec, message.to);
  return insertOne(exec, smsOutbox, {
    toNumber: message.to,
    template: message.template,
    locale: message.locale,
    body: optedOut ? null : message.body,
    secretsExpireAt: message.secretsExpireAt,
    familyMemberId: message.familyMemberId ?? null,
    requestedByUserId: message.requestedByUserId ?? null,
    // The sender's clock, as the once-a-day resend limit reads it.
    createdAt: at,
    nextAttemptAt: optedOut ? null : (dueAt ?? null),
    ...(optedOut ? { failedAt: at, error: OPTED_OUT_ERROR } : {}),
  });
}

/** Records the delivery and the provider's id, and drops the body (it held the link). */
export async function markOutboxTextSent(
  exec: Executor,
  id: string,
  at: Date,
  providerMessageId: string | undefined,
): Promise<void> {
  await exec
    .update(smsOutbox)
    .set({
      sentAt: at,
      providerMessageId: providerMessageId ?? null,
      error: null,
      nextAttemptAt: null,
      body: null,
    })
    .where(eq(smsOutbox.id, id));
}

/** Records a failed attempt; the claim already moved `next_attempt_at` to the next back-off. */
export async function markOutboxTextFailed(exec: Executor, id: string, error: string) {
  await exec.update(smsOutbox).set({ error }).where(eq(smsOutbox.id, id));
}

/** Gives a row up: never due again, so its body is dropped too. */
export async function markOutboxTextGivenUp(exec: Executor, id: string, error: string, at: Date) {
  await exec
    .update(smsOutbox)
    .set({ error, failedAt: at, nextAttemptAt: null, body: null })
    .where(eq(smsOutbox.id, id));
}

/** Claims due texts for one attempt each (see `claimDueRows`). */
export function claimDueOutboxTexts(db: Db, options: ClaimOptions): Promise<SmsOutboxRow[]> {
  return claimDueRows<SmsOutboxRow>(db, outboxColumns(smsOutbox), options);
}

export async function findOutboxText(
  exec: Executor,
  id: string,
): Promise<SmsOutboxRow | undefined> {
  return findFirst(exec, smsOutbox, eq(smsOutbox.id, id));
}

/**
 * The latest texts, newest first, optionally only those to one number (any punctuation: only its
 * digits are compared, so `+1 (555) 123-4567` and `15551234567` find `+15551234567`).
 */
export async function listLatestOutboxTexts(
  exec: Executor,
  options: { limit: number; to?: string | undefined; template?: string | undefined },
): Promise<SmsOutboxRow[]> {
  const digits = options.to?.replace(/\D/g, '');
  return exec
    .select()
    .from(smsOutbox)
    .where(
      and(
        digits ? eq(smsOutbox.toNumber, `+${digits}`) : undefined,
        options.template ? eq(smsOutbox.template, options.template) : undefined,
      ),
    )
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(options.limit);
}

/**
 * The local stand-in: the row is the delivery (the local mailbox shows it, so its link can be
 * followed), so it keeps its body until the purge deletes it, after `secretsExpireAt`. A text is
 * counted `stored` at `deliver()`, which callers run once the row has committed.
 */
export function createOutboxSmsSender(db: Db, metrics: SmsMetrics = noMetrics): SmsSender {
  return {
    kind: 'outbox',
    async send(message, exec = db) {
      const row = await insertOutboxText(exec, message, new Date());
      return { id: row.id, deliver: async () => metrics.message('sms', 'stored') };
    },
    retryDue: async () => ({ sent: 0, failed: 0, gaveUp: 0 }),
    close: async () => {},
  };
}

/** Twilio's code for a recipient who replied STOP (the sender's own list answers with it too). */
const TWILIO_UNSUBSCRIBED = 21610;

/** An error as stored and logged: bounded, the number masked (providers quote it). */
function describeError(error: unknown, row: SmsOutboxRow): string {
  const text =
    error instanceof SmsDeliveryError
      ? `${error.code ?? error.status ?? 'error'}: ${error.message}`
      : error instanceof Error
        ? `${error.name}: ${error.message}`
        : String(error);
  return text.replaceAll(row.toNumber, maskPhoneNumber(row.toNumber)).slice(0, 1000);
}

/**
 * A provider's SmsSender (Twilio's, adapters/sms/twilio.ts): the outbox row is written due at
 * once in the caller's transaction, and `deliver()` (after the commit) claims and sends it through
 * the transport, with the email outbox's rules (adapters/outbox/delivery.ts): back-off, give-up
 * after `retry.maxAttempts`, a permanent refusal given up at once, the body dropped once sent or
 * given up, never the body or the full number in a log line.
 */
export function createProviderSmsSender(deps: {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  retry: OutboxRetry;
  transport: SmsTransport;
  metrics?: SmsMetrics | undefined;
}): SmsSender {
  const { db, now, transport } = deps;
  const delivery = createOutboxDelivery<SmsOutboxRow>(
    {
      channel: 'sms',
      noun: 'a text message',
      claim: claimDueOutboxTexts,
      markSent: (exec, row, at, providerId) => markOutboxTextSent(exec, row.id, at, providerId),
      markFailed: markOutboxTextFailed,
      markGivenUp: markOutboxTextGivenUp,
      hasBody: (row) => row.body !== null,
      async send(row) {
        // Opted out after the text was queued (a STOP reply in between): never sent.
        if (await isOptedOut(db, row.toNumber)) {
          throw new SmsDeliveryError(OPTED_OUT_ERROR, {
            code: TWILIO_UNSUBSCRIBED,
            permanent: true,
          });
        }
        try {
          const sent = await transport.send({ to: row.toNumber, body: row.body ?? '' });
          return sent.providerMessageId;
        } catch (error) {
          // Twilio knows of a STOP we did not see (another sender number, before the webhook).
          if (error instanceof SmsDeliveryError && error.code === TWILIO_UNSUBSCRIBED) {
            await recordOptOut(db, row.toNumber, 'PROVIDER', now());
          }
          throw error;
        }
      },
      isPermanent: (error) => error instanceof SmsDeliveryError && error.permanent,
      describeError,
      logContext: (row) => ({
        textId: row.id,
        template: row.template,
        to: maskPhoneNumber(row.toNumber),
        attempts: row.attempts,
      }),
    },
    deps,
  );
  return {
    kind: 'twilio',
    async send(message, exec = db) {
      const instant = now();
      const row = await insertOutboxText(exec, message, instant, instant);
      return { id: row.id, deliver: () => delivery.deliver(row.id) };
    },
    retryDue: () => delivery.retryDue(),
    close: () => delivery.close(),
  };
}
