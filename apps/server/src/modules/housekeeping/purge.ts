import { and, inArray, isNull, lt, notExists, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.js';
import {
  credentialsTokens,
  emailOutbox,
  orders,
  passwordResets,
  payments,
  sandboxNonces,
  sessions,
  signups,
  smsOutbox,
} from '../../db/schema.js';

/** Rows per DELETE: short statements, so the purge never holds many locks at once. */
const PURGE_BATCH_SIZE = 1000;

export type PurgeSettings = {
  /** Hours after expiry before a row is deleted (SIGNUP_PURGE_AFTER_HOURS). */
  purgeAfterHours: number;
  /** Seconds between purges (SIGNUP_PURGE_INTERVAL_SECONDS); 0 turns the timer off. */
  intervalSeconds: number;
};

/** Rows deleted by one purge, per kind. */
export type PurgeCounts = {
  signups: number;
  sessions: number;
  credentialsTokens: number;
  passwordResets: number;
  sandboxNonces: number;
  outboxEmails: number;
  outboxTexts: number;
};

export type ExpiredRowsPurge = {
  /** Deletes every expired row past the grace period; the counts. */
  purgeExpired(): Promise<PurgeCounts>;
  /** Starts the periodic purge; `stop` ends it and waits for a purge under way. */
  start(): void;
  stop(): Promise<void>;
};

type Purgeable = { table: PgTable; id: PgColumn; where: (cutoff: Date) => SQL | undefined };

/** The rows of `table` whose expiry column (`expiresAt`) is before the cutoff. */
function expiredBy(table: PgTable, id: PgColumn, expiresAt: PgColumn): Purgeable {
  return { table, id, where: (cutoff) => lt(expiresAt, cutoff) };
}

/**
 * The scheduled purge of expired rows: nothing that has expired is kept for ever.
 * Instances sharing a database purge one at a time (`runAlone`); a pass finding another under
 * way deletes nothing.
 *
 * - Signups: an expired signup answers 404 SIGNUP_EXPIRED until it is purged (the grace period
 *   keeps that answer meaningful for a browser tab left open), then 404 SIGNUP_NOT_FOUND. Signups
 *   a payment or an order refers to are kept: they are the history of a purchase (their foreign
 *   keys would refuse the delete anyway). Children, order choice and billing rows go with the
 *   signup (ON DELETE CASCADE).
 * - Sessions, credentials tokens, password recoveries and the sandbox's card nonces: each is
 *   refused once expired, and the answer to an expired one is the answer to an unknown one, so
 *   deleting them changes no answer; they hold only hashes, but a hash kept for nothing is still
 *   something to leak.
 * - Outbox emails whose links and codes have expired (`secrets_expire_at`): without SMTP the
 *   outbox is the local mailbox and keeps the bodies until then; with SMTP the bodies are already
 *   gone, and the row goes with the secrets it once carried. Emails without secrets are kept.
 * - Outbox texts likewise (`sms_outbox.secrets_expire_at`, the invitation link's expiry).
 */
export function createExpiredRowsPurge(deps: {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  settings: PurgeSettings;
  /** Keeps each purge to one instance at a time (Database.runAlone); by default it just runs. */
  runAlone?: Database['runAlone'];
}): ExpiredRowsPurge {
  const { db, now, log, settings } = deps;
  const runAlone = deps.runAlone ?? ((_job, work) => work());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<PurgeCounts> | undefined;

  const purgeable: Record<keyof PurgeCounts, Purgeable> = {
    signups: {
      table: signups,
      id: signups.id,
      where: (cutoff) =>
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
    },
    sessions: expiredBy(sessions, sessions.id, sessions.expiresAt),
    credentialsTokens: expiredBy(
      credentialsTokens,
      credentialsTokens.id,
      credentialsTokens.expiresAt,
    ),
    passwordResets: expiredBy(passwordResets, passwordResets.id, passwordResets.expiresAt),
    sandboxNonces: expiredBy(sandboxNonces, sandboxNonces.nonce, sandboxNonces.expiresAt),
    outboxEmails: expiredBy(emailOutbox, emailOutbox.id, emailOutbox.secretsExpireAt),
    outboxTexts: expiredBy(smsOutbox, smsOutbox.id, smsOutbox.secretsExpireAt),
  };

  async function purgeBatch({ table, id, where }: Purgeable, cutoff: Date): Promise<number> {
    const expired = db.select({ id }).from(table).where(where(cutoff)).limit(PURGE_BATCH_SIZE);
    const deleted = await db.delete(table).where(inArray(id, expired)).returning({ id });
    return deleted.length;
  }

  const noneDeleted = (): PurgeCounts => ({
    signups: 0,
    sessions: 0,
    credentialsTokens: 0,
    passwordResets: 0,
    sandboxNonces: 0,
    outboxEmails: 0,
    outboxTexts: 0,
  });

  async function purgeAll(): Promise<PurgeCounts> {
    const cutoff = new Date(now().getTime() - settings.purgeAfterHours * 3_600_000);
    const counts = noneDeleted();
    for (const kind of Object.keys(purgeable) as (keyof PurgeCounts)[]) {
      for (;;) {
        const count = await purgeBatch(purgeable[kind], cutoff);
        counts[kind] += count;
        if (count < PURGE_BATCH_SIZE) break;
      }
    }
    if (Object.values(counts).some((count) => count > 0)) {
      log.info({ purged: counts }, 'purged expired rows');
    }
    return counts;
  }

  const purgeExpired = () => {
    running ??= runAlone('expired-rows-purge', purgeAll)
      .then((counts) => {
        if (counts) return counts;
        log.debug('the purge of expired rows is running on another instance');
        return noneDeleted();
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    purgeExpired,
    start() {
      if (settings.intervalSeconds === 0 || timer) return;
      timer = setInterval(() => {
        purgeExpired().catch((err: unknown) =>
          log.error({ err }, 'the purge of expired rows failed'),
        );
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
