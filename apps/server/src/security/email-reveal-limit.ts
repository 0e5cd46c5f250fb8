import { createHash } from 'node:crypto';
import {
  ACCOUNT_LOGIN_PATH,
  ACCOUNT_RECOVER_PATH,
  emailKey,
  resolveLocale,
  supportPhoneFor,
} from '@coparent/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Mailer } from '../adapters/mail/mailer.js';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { findUserByEmail } from '../modules/account/repo.js';
import {
  type AccountExistsReason,
  accountExistsNoticeEmail,
} from '../modules/email/templates/account-exists-notice.js';
import { noticeDate } from '../modules/email/templates/notice-date.js';
import type { Metrics } from '../modules/metrics/metrics.js';
import { redisFallback } from './redis-fallback.js';

/**
 * The duplicate-account answers the spec requires (signup step 1's `parentDuplicate`, the
 * co-parent warning, the professional `signup_emailTaken_error`) reveal that an email address has
 * an account. On top of the per-IP limits, this module (docs/decisions/017-email-reveal-limit.md):
 * - counts, per email address, the answers that revealed it within a clock hour; beyond
 *   EMAIL_REVEAL_LIMIT_PER_HOUR such a call answers 429 RATE_LIMITED instead (never "free": that
 *   would let a real duplicate through). Only reveals count, so the 429 tells nothing the earlier
 *   answers had not told, and an address without an account is never limited;
 * - emails the account's owner a notice, at most once per address per (UTC) day.
 * Counters are keyed by the SHA-256 of the normalised address: the address itself is never a key
 * and never logged.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Where the counters live: Redis (every instance counts together) or process memory. */
export type RevealStore = {
  readonly kind: 'memory' | 'redis';
  /** Adds one to `key` (created to live `ttlMs`) and answers the new count. */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Sets `key` for `ttlMs` unless it is set; answers whether this call set it. */
  claim(key: string, ttlMs: number): Promise<boolean>;
};

/** Beyond this many keys, expired ones are dropped, then the oldest. */
const MAX_MEMORY_ENTRIES = 10_000;

/** One instance's counters, in a bounded map whose entries expire on the app's clock. */
export function createMemoryRevealStore(now: () => Date): RevealStore {
  const entries = new Map<string, { value: number; expiresAt: number }>();

  function live(key: string, at: number) {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= at) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function bound(at: number) {
    if (entries.size <= MAX_MEMORY_ENTRIES) return;
    for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key);
    for (const key of entries.keys()) {
      if (entries.size <= MAX_MEMORY_ENTRIES) break;
      entries.delete(key);
    }
  }

  return {
    kind: 'memory',
    async increment(key, ttlMs) {
      const at = now().getTime();
      const entry = live(key, at) ?? { value: 0, expiresAt: at + ttlMs };
      entry.value += 1;
      entries.set(key, entry);
      bound(at);
      return entry.value;
    },
    async claim(key, ttlMs) {
      const at = now().getTime();
      if (live(key, at)) return false;
      entries.set(key, { value: 1, expiresAt: at + ttlMs });
      bound(at);
      return true;
    },
  };
}

/**
 * The counters in Redis (REDIS_URL, the rate limits' connection and key prefix). While Redis
 * fails, each command falls back to this instance's memory (logged once per outage): the limit
 * and the once-a-day notice keep working per instance instead of failing the call.
 */
export function createRedisRevealStore(
  redis: Redis,
  options: { prefix: string; now: () => Date; log: FastifyBaseLogger },
): RevealStore {
  const fallback = createMemoryRevealStore(options.now);
  const guarded = redisFallback(options.log, 'email reveal limit');
  const prefixed = (key: string) => `${options.prefix}${key}`;
  return {
    kind: 'redis',
    increment: (key, ttlMs) =>
      guarded(
        async () => {
          // SET NX gives a new counter its lifetime; INCR keeps it.
          const results = await redis
            .multi()
            .set(prefixed(key), '0', 'PX', ttlMs, 'NX')
            .incr(prefixed(key))
            .exec();
          const [, count] = results?.[1] ?? [];
          if (typeof count !== 'number') throw new Error('INCR answered no count');
          return count;
        },
        () => fallback.increment(key, ttlMs),
      ),
    claim: (key, ttlMs) =>
      guarded(
        async () => (await redis.set(prefixed(key), '1', 'PX', ttlMs, 'NX')) === 'OK',
        () => fallback.claim(key, ttlMs),
      ),
  };
}

/** The store for this app: Redis when the rate limits use it, else process memory. */
export function createRevealStore(options: {
  redis: Redis | undefined;
  prefix: string;
  now: () => Date;
  log: FastifyBaseLogger;
}): RevealStore {
  return options.redis
    ? createRedisRevealStore(options.redis, options)
    : createMemoryRevealStore(options.now);
}

/** Queues the notice to the owner of the account behind `email`. */
export type OwnerNotifier = (email: string, reason: AccountExistsReason, at: Date) => Promise<void>;

export type EmailRevealGuard = {
  /**
   * Call when an answer is about to reveal that `email` has an account: counts the reveal and
   * throws 429 RATE_LIMITED (with Retry-After) beyond the hourly limit; otherwise starts the
   * owner's notice (at most once a day) in the background. Never awaits the notice.
   */
  revealed(email: string, reason: AccountExistsReason): Promise<void>;
  /** Waits for the notices under way (app close). */
  close(): Promise<void>;
};

/** The key of an email address in the counters: SHA-256 of its comparison form. */
export function emailRevealKey(email: string): string {
  return createHash('sha256').update(emailKey(email)).digest('hex');
}

export function createEmailRevealGuard(deps: {
  store: RevealStore;
  limitPerHour: number;
  now: () => Date;
  log: FastifyBaseLogger;
  notifyOwner: OwnerNotifier;
  metrics: Pick<Metrics, 'rateLimitRefused'>;
}): EmailRevealGuard {
  const pending = new Set<Promise<void>>();

  function notifyOnce(hash: string, email: string, reason: AccountExistsReason, at: Date) {
    const day = Math.floor(at.getTime() / DAY_MS);
    const task = (async () => {
      if (!(await deps.store.claim(`email-notice:${hash}:${day}`, DAY_MS))) return;
      await deps.notifyOwner(email, reason, at);
    })()
      .catch((err: unknown) => {
        const { name, message } = err as Error;
        deps.log.error({ err: { name, message }, reason }, 'account-exists notice not queued');
      })
      .finally(() => pending.delete(task));
    pending.add(task);
  }

  return {
    async revealed(email, reason) {
      const at = deps.now();
      const hash = emailRevealKey(email);
      // Fixed clock-hour windows: the key names the hour, so the app's clock decides (tests too).
      const hour = Math.floor(at.getTime() / HOUR_MS);
      const windowEnd = (hour + 1) * HOUR_MS;
      const count = await deps.store.increment(
        `email-reveal:${hash}:${hour}`,
        windowEnd - at.getTime(),
      );
      if (count > deps.limitPerHour) {
        deps.log.warn({ reason }, 'email reveal limit reached for an email address');
        deps.metrics.rateLimitRefused('email_reveal');
        const retryAfterSeconds = Math.max(1, Math.ceil((windowEnd - at.getTime()) / 1000));
        throw new AppError('RATE_LIMITED', { extras: { retryAfterSeconds } });
      }
      notifyOnce(hash, email, reason, at);
    },
    async close() {
      await Promise.allSettled([...pending]);
    },
  };
}

/**
 * The notice through the mailer (outbox, then SMTP when configured), in the owner's language
 * (`users.locale`), to the address on the account. It names nobody but the owner.
 */
export function createAccountExistsNotifier(deps: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}): OwnerNotifier {
  return async (email, reason, at) => {
    const user = await findUserByEmail(deps.db, email);
    if (!user?.email) return;
    const locale = resolveLocale(user.locale);
    const mail = accountExistsNoticeEmail({
      locale,
      firstName: user.firstName,
      reason,
      date: noticeDate(at, locale, user.timeZone),
      loginUrl: `${deps.publicUrl}${ACCOUNT_LOGIN_PATH}`,
      recoverUrl: `${deps.publicUrl}${ACCOUNT_RECOVER_PATH}`,
      supportPhone: supportPhoneFor(undefined).display,
    });
    const queued = await deps.mailer.send({
      to: user.email,
      locale,
      ...mail,
      secretsExpireAt: null,
    });
    await queued.deliver();
  };
}
