/**
 * Failed logins per username (its comparison form): after `maxFailures` failures within
 * `windowMinutes` the username is locked for `windowMinutes`, a correct password included. This
 * slows password guessing spread over many addresses (the per-IP limit covers one address).
 *
 * Counted in process memory: with several instances each counts its own (a Redis store is the
 * later step, like the rate limits). A lock can be provoked by anyone who knows a username; it
 * ends by itself and the person can still recover their password.
 */
export type LoginLockoutSettings = { maxFailures: number; windowMinutes: number };

type Entry = { failures: number[]; lockedUntil: number };

/** Beyond this many usernames, stale entries are dropped (then the oldest). */
const MAX_ENTRIES = 10_000;

export function createLoginLockout(settings: LoginLockoutSettings, now: () => Date) {
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
    /** Seconds until the username may try again, or 0 when it is not locked. */
    lockedForSeconds(key: string): number {
      const entry = entries.get(key);
      const at = now().getTime();
      if (!entry || entry.lockedUntil <= at) return 0;
      return Math.ceil((entry.lockedUntil - at) / 1000);
    },
    recordFailure(key: string): void {
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
    recordSuccess(key: string): void {
      entries.delete(key);
    },
  };
}
