import { and, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { orders, payments, signups } from '../../db/schema.js';

/** Rows per DELETE: short statements, so the purge never holds many locks at once. */
const PURGE_BATCH_SIZE = 1000;

export type SignupPurgeSettings = {
  /** Hours after expiry before a signup is deleted (SIGNUP_PURGE_AFTER_HOURS). */
  purgeAfterHours: number;
  /** Seconds between purges (SIGNUP_PURGE_INTERVAL_SECONDS); 0 turns the timer off. */
  intervalSeconds: number;
};

export type SignupPurge = {
  /** Deletes every unfinished signup that expired more than `purgeAfterHours` ago; the count. */
  purgeExpired(): Promise<number>;
  /** Starts the periodic purge; `stop` ends it and waits for a purge under way. */
  start(): void;
  stop(): Promise<void>;
};

/**
 * The scheduled purge of expired signups (issue [F8]). An expired signup answers 404
 * SIGNUP_EXPIRED until it is purged (the grace period keeps that answer meaningful for a browser
 * tab left open), then 404 SIGNUP_NOT_FOUND. Signups a payment or an order refers to are kept:
 * they are the history of a purchase (their foreign keys would refuse the delete anyway). Children,
 * order choice and billing rows go with the signup (ON DELETE CASCADE).
 */
export function createSignupPurge(deps: {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  settings: SignupPurgeSettings;
}): SignupPurge {
  const { db, now, log, settings } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function purgeBatch(cutoff: Date): Promise<number> {
    const expired = db
      .select({ id: signups.id })
      .from(signups)
      .where(
        and(
          lt(signups.expiresAt, cutoff),
          isNull(signups.completedAt),
          notExists(
            db
              .select({ one: sql`1` })
              .from(payments)
              .where(sql`${payments.signupId} = ${signups.id}`),
          ),
          notExists(
            db.select({ one: sql`1` }).from(orders).where(sql`${orders.signupId} = ${signups.id}`),
          ),
        ),
      )
      .limit(PURGE_BATCH_SIZE);
    const deleted = await db
      .delete(signups)
      .where(inArray(signups.id, expired))
      .returning({ id: signups.id });
    return deleted.length;
  }

  async function purgeAll(): Promise<number> {
    const cutoff = new Date(now().getTime() - settings.purgeAfterHours * 3_600_000);
    let total = 0;
    for (;;) {
      const count = await purgeBatch(cutoff);
      total += count;
      if (count < PURGE_BATCH_SIZE) break;
    }
    if (total > 0) log.info({ purged: total }, 'purged expired signups');
    return total;
  }

  const purgeExpired = () => {
    running ??= purgeAll().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    purgeExpired,
    start() {
      if (settings.intervalSeconds === 0 || timer) return;
      timer = setInterval(() => {
        purgeExpired().catch((err: unknown) => log.error({ err }, 'signup purge failed'));
      }, settings.intervalSeconds * 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
  };
}
