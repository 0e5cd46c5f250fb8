import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { type MessageChannel, type Metrics, noMetrics } from '../../modules/metrics/metrics.js';

/**
 * What every outbox (emails, texts) shares once a provider sends its rows: the claim of due rows
 * that keeps each message to one sender however many instances run, the exponential back-off,
 * the give-up rules, and the tracking of deliveries until close. Each outbox brings its table,
 * how to mark a row, and how its provider sends one.
 */

/** What one retry pass did: messages sent, failed again (due later), and given up. */
export type RetryOutcome = { sent: number; failed: number; gaveUp: number };

/** Attempts per message, the first included, and the first back-off (doubled after each). */
export type OutboxRetry = { maxAttempts: number; baseDelaySeconds: number };

/** The part of the metrics port an outbox counts through. */
export type MessageMetrics = Pick<Metrics, 'message'>;

/** Rows claimed per retry batch: short claim transactions. */
const RETRY_BATCH_SIZE = 20;
/** The longest wait between two attempts, however many failed. */
const MAX_RETRY_DELAY_SECONDS = 6 * 3600;

/** The wait after failed attempt number `attempts` (1-based): base, then doubled each time. */
export function retryDelaySeconds(attempts: number, baseDelaySeconds: number): number {
  return Math.min(baseDelaySeconds * 2 ** (attempts - 1), MAX_RETRY_DELAY_SECONDS);
}

/** The columns an outbox table has for its deliveries (email_outbox, sms_outbox). */
export type OutboxColumns = {
  table: PgTable;
  id: PgColumn;
  attempts: PgColumn;
  sentAt: PgColumn;
  failedAt: PgColumn;
  nextAttemptAt: PgColumn;
};

/** The delivery columns of an outbox table (both outboxes name them alike). */
export function outboxColumns<T extends PgTable & Omit<OutboxColumns, 'table'>>(
  table: T,
): OutboxColumns {
  const { id, attempts, sentAt, failedAt, nextAttemptAt } = table;
  return { table, id, attempts, sentAt, failedAt, nextAttemptAt };
}

export type ClaimOptions = {
  now: Date;
  limit: number;
  /** Only this row (the first delivery after the commit). */
  id?: string;
  retryAt(attempts: number): Date;
};

/**
 * Claims due rows for one attempt each (at most `limit`, or only row `id`): in one short
 * transaction the rows are locked with FOR UPDATE SKIP LOCKED (rows another instance is claiming
 * are skipped), their `attempts` counted up and `next_attempt_at` moved to `retryAt(attempts)`.
 * The send happens after the commit; until `retryAt` nobody else picks the row, so a message is
 * sent once however many jobs run. Answers the claimed rows as updated.
 */
export async function claimDueRows<Row>(
  db: Db,
  outbox: OutboxColumns,
  options: ClaimOptions,
): Promise<Row[]> {
  const { table } = outbox;
  return db.transaction(async (tx) => {
    const due = (await tx
      .select({ id: outbox.id, attempts: outbox.attempts })
      .from(table)
      .where(
        and(
          options.id === undefined ? undefined : eq(outbox.id, options.id),
          isNull(outbox.sentAt),
          isNull(outbox.failedAt),
          lte(outbox.nextAttemptAt, options.now),
        ),
      )
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(options.limit)
      .for('update', { skipLocked: true })) as { id: string; attempts: number }[];
    const claimed: Row[] = [];
    for (const row of due) {
      const attempts = row.attempts + 1;
      const [updated] = await tx
        .update(table)
        .set({ attempts, nextAttemptAt: options.retryAt(attempts) })
        .where(eq(outbox.id, row.id))
        .returning();
      if (updated) claimed.push(updated as Row);
    }
    return claimed;
  });
}

/** The state of a claimed row the delivery rules read. */
export type OutboxRowState = { id: string; attempts: number; error: string | null };

/** How one outbox marks its rows and how its provider sends one. */
export type OutboxChannel<Row extends OutboxRowState> = {
  /** For the metrics (`email`, `sms`). */
  channel: MessageChannel;
  /** For the log lines: 'an email', 'a text message'. */
  noun: string;
  claim(db: Db, options: ClaimOptions): Promise<Row[]>;
  markSent(db: Db, row: Row, at: Date, providerId: string | undefined): Promise<void>;
  markFailed(db: Db, id: string, error: string): Promise<void>;
  markGivenUp(db: Db, id: string, error: string, at: Date): Promise<void>;
  /** False once the body was dropped (it held the message's links): nothing left to send. */
  hasBody(row: Row): boolean;
  /** Sends the row through the provider; answers the provider's id of the message, if any. */
  send(row: Row): Promise<string | undefined>;
  /** A refusal that sending again cannot change: given up at once. */
  isPermanent(error: unknown): boolean;
  /** The error as stored and logged: bounded, without the recipient's full address or number. */
  describeError(error: unknown, row: Row): string;
  /** What a log line says of the row: never the body, never the full address or number. */
  logContext(row: Row): Record<string, unknown>;
};

export type OutboxDelivery = {
  /** Claims row `id` (if nobody has) and makes one attempt; never rejects. */
  deliver(id: string): Promise<void>;
  /** One attempt at every due row (the retry job's pass); never rejects. */
  retryDue(): Promise<RetryOutcome>;
  /** Waits for the deliveries under way. */
  close(): Promise<void>;
};

const OUTCOME_LABELS = { sent: 'sent', failed: 'failed', gaveUp: 'given_up' } as const;

/**
 * The sending side of an outbox: a row written due (in the caller's transaction) is claimed and
 * sent after the commit; a failed one is due again after an exponential back-off until
 * `retry.maxAttempts` attempts failed, then given up; a permanent refusal is given up at once.
 * Failures are logged (never the body with its links) and never thrown.
 */
export function createOutboxDelivery<Row extends OutboxRowState>(
  outbox: OutboxChannel<Row>,
  deps: {
    db: Db;
    log: FastifyBaseLogger;
    now: () => Date;
    retry: OutboxRetry;
    metrics?: MessageMetrics | undefined;
  },
): OutboxDelivery {
  const { db, log, now, retry, metrics = noMetrics } = deps;
  const { noun } = outbox;
  const inFlight = new Set<Promise<unknown>>();

  const claim = (options: { limit: number; id?: string }) => {
    const claimedAt = now();
    return outbox.claim(db, {
      ...options,
      now: claimedAt,
      retryAt: (attempts) =>
        new Date(claimedAt.getTime() + retryDelaySeconds(attempts, retry.baseDelaySeconds) * 1000),
    });
  };

  /** One attempt at a claimed row, counted; answers what became of it. */
  async function attempt(row: Row): Promise<keyof RetryOutcome> {
    const outcome = await attemptOnce(row);
    metrics.message(outbox.channel, OUTCOME_LABELS[outcome]);
    return outcome;
  }

  async function giveUp(row: Row, error: string): Promise<'gaveUp'> {
    await outbox.markGivenUp(db, row.id, error, now());
    log.error({ ...outbox.logContext(row), error }, `gave up sending ${noun}`);
    return 'gaveUp';
  }

  async function attemptOnce(row: Row): Promise<keyof RetryOutcome> {
    // A row claimed past its last attempt: a crash left the previous attempt without outcome.
    if (row.attempts > retry.maxAttempts) return giveUp(row, row.error ?? 'no outcome recorded');
    if (!outbox.hasBody(row)) return giveUp(row, 'the body was dropped before it was sent');
    let providerId: string | undefined;
    try {
      providerId = await outbox.send(row);
    } catch (error) {
      const description = outbox.describeError(error, row);
      if (row.attempts >= retry.maxAttempts || outbox.isPermanent(error)) {
        return giveUp(row, description);
      }
      await outbox.markFailed(db, row.id, description);
      log.warn(
        { ...outbox.logContext(row), error: description },
        `sending ${noun} failed; it will be retried`,
      );
      return 'failed';
    }
    await outbox.markSent(db, row, now(), providerId);
    return 'sent';
  }

  /** Runs `work`, tracked until `close`; a database error is logged, never thrown. */
  function track<T>(work: Promise<T>, fallback: T): Promise<T> {
    const running = work.catch((err: unknown) => {
      log.error({ err }, `${outbox.channel} delivery could not reach the outbox`);
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
    async deliver(id) {
      await track(
        (async () => {
          // Another instance's retry job may have claimed it first: then there is nothing to do.
          for (const claimed of await claim({ limit: 1, id })) await attempt(claimed);
        })(),
        undefined,
      );
    },
    retryDue: () => track(retryAll(), { sent: 0, failed: 0, gaveUp: 0 }),
    async close() {
      await Promise.all(inFlight);
    },
  };
}
