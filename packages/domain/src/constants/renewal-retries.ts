/**
 * The renewal's retries after a decline (decision 057): the renewal job schedules them, and the
 * subscription page says when the last one is (decision 062).
 */

const DAY_MS = 86_400_000;

/** A declined renewal is tried again this many days after the due date; then it ends. */
export const RENEWAL_RETRY_DAYS = [1, 3, 7] as const;

/** The last retry: when the subscription ends if no try goes through. */
export function lastRenewalRetryAt(dueAt: Date): Date {
  const last = RENEWAL_RETRY_DAYS[RENEWAL_RETRY_DAYS.length - 1] ?? 0;
  return new Date(dueAt.getTime() + last * DAY_MS);
}
