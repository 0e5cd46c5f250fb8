import { RENEWAL_RETRY_DAYS } from '@coparent/domain';

/**
 * When the renewal job acts (decision 057). The retry days are the domain's (the subscription
 * page says the last one); the rest is the server's own: the emails say the dates.
 */

const DAY_MS = 86_400_000;

/** The reminder goes this many days before the renewal date (several US states require it). */
export const RENEWAL_REMINDER_DAYS = 7;

/** A try the processor could not answer (not a decline) is tried again this much later. */
export const RENEWAL_UNAVAILABLE_RETRY_MS = 60 * 60 * 1000;

/**
 * The next try after `declines` declines, or null when that was the last. A pass that runs late
 * (the job was off) retries no sooner than half a day later, so two declines never come at once.
 */
export function nextRetryAt(dueAt: Date, declines: number, now: Date): Date | null {
  const days = RENEWAL_RETRY_DAYS[declines - 1];
  if (days === undefined) return null;
  const scheduled = dueAt.getTime() + days * DAY_MS;
  return new Date(Math.max(scheduled, now.getTime() + DAY_MS / 2));
}

export function reminderWindowEnd(now: Date): Date {
  return new Date(now.getTime() + RENEWAL_REMINDER_DAYS * DAY_MS);
}

export function addYears(instant: Date, years: number): Date {
  const next = new Date(instant.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}
