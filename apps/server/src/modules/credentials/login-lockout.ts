import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { redisFallback } from '../../security/redis-fallback.js';

/**
 * Failed logins per username (its comparison form): after `maxFailures` failures within
 * `windowMinutes` the username is locked for `windowMinutes`, a correct password included. This
 * slows password guessing spread over many addresses (the per-IP limit covers one address).
 *
 * Counted in Redis when REDIS_URL is set, so every instance counts together; in process memory
 * otherwise (one instance). A lock can be provoked by anyone who knows a username; it ends by
 * itself and the person can still recover their password.
 */
export type LoginLockoutSettings = { maxFailures: number; windowMinutes: number };

type Entry = { failures: number[]; lockedUntil: number };

/** Beyond this many usernames, stale entries are dropped (then the oldest). */
const MAX_ENTRIES = 10_000;

export type LoginLockout = {
  /** Seconds until the key may try again, or 0 when it is not locked. */
  lockedForSeconds(key: string): Promise<number>;
  recordFailure(key: string): Promise<void>;
  recordSuccess(key: string): Promise<void>;
};

/** The rate limits' Redis connection and key prefix (REDIS_URL, RATE_LIMIT_REDIS_PREFIX). */
export type SharedCounters = { redis: Redis; prefix: string; log: FastifyBaseLogger };

/**
 * The lockout named `name` (its keys' namespace: the login's and the email change's are apart):
 * in Redis with `shared`, in memory without.
 */
export function createLoginLockout(
  name: string,
  settings: LoginLockoutSettings,
  now: () => Date,
  shared?: SharedCounters,
): LoginLockout {
  const memory = createMemoryLoginLockout(settings, now);
  return shared ? createRedisLoginLockout(name, settings, shared, memory) : memory;
}

/** One instance's counters: a sliding window of failure times per key, in a bounded map. */
export function createMemoryLoginLockout(
  settings: LoginLockoutSettings,
  now: () => Date,
): LoginLockout {
  const windowMs = settings.windowMinutes * 60_000;
  const entries = new Map<string, Entry>();

  function prune(at: number) {
    for (const [key, entry] of entries) {
      if (entry.lockedUntil <= at && entry.failures.every((t) => t <= at - windowMs)) {
        entries.delete(key);
      }
    }
    for (const key of entries.keys()) {
      if (entries.size <= MAX_ENTRIES) break;
      entries.delete(key);
    }
  }

  return {
    async lockedForSeconds(key) {
      const entry = entries.get(key);
      const at = now().getTime();
      if (!entry || entry.lockedUntil <= at) return 0;
      return Math.ceil((entry.lockedUntil - at) / 1000);
    },
    async recordFailure(key) {
      const at = now().getTime();
      const entry = entries.get(key) ?? { failures: [], lockedUntil: 0 };
      entry.failures = entry.failures.filter((t) => t > at - windowMs);
      entry.failures.push(at);
      if (entry.failures.length >= settings.maxFailures) {
        entry.lockedUntil = at + windowMs;
        entry.failures = [];
      }
      entries.set(key, entry);
      if (entries.size > MAX_ENTRIES) prune(at);
    },
    async recordSuccess(key) {
      entries.delete(key);
    },
  };
}

/**
 * The counters in Redis: a failure count that lives `windowMinutes` from the first failure, and a
 * lock key that lives `windowMinutes` once the count reaches `maxFailures`. Keys hold the SHA-256
 * of the username or user id, never the name itself. While Redis fails, this instance counts in
 * its own memory (logged once per outage) rather than letting every attempt through.
 */
function createRedisLoginLockout(
  name: string,
  settings: LoginLockoutSettings,
  { redis, prefix, log }: SharedCounters,
  fallback: LoginLockout,
): LoginLockout {
  const windowMs = settings.windowMinutes * 60_000;
  const keyOf = (kind: 'failures' | 'locked', key: string) =>
    `${prefix}lockout:${name}:${kind}:${createHash('sha256').update(key).digest('hex')}`;
  const guarded = redisFallback(log, 'login lockout');

  return {
    lockedForSeconds: (key) =>
      guarded(
        async () => {
          const ms = await redis.pttl(keyOf('locked', key));
          return ms > 0 ? Math.ceil(ms / 1000) : 0;
        },
        () => fallback.lockedForSeconds(key),
      ),
    recordFailure: (key) =>
      guarded(
        async () => {
          const failures = keyOf('failures', key);
          // SET NX gives a new count its window; INCR keeps it.
          const results = await redis
            .multi()
            .set(failures, '0', 'PX', windowMs, 'NX')
            .incr(failures)
            .exec();
          const [, count] = results?.[1] ?? [];
          if (typeof count !== 'number') throw new Error('INCR answered no count');
          if (count < settings.maxFailures) return;
          await redis.multi().set(keyOf('locked', key), '1', 'PX', windowMs).del(failures).exec();
        },
        () => fallback.recordFailure(key),
      ),
    recordSuccess: (key) =>
      guarded(
        async () => {
          await redis.del(keyOf('failures', key));
        },
        () => fallback.recordSuccess(key),
      ),
  };
}
