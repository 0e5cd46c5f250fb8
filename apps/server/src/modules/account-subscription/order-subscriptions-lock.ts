import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { subscriptions } from '../../db/schema.js';

/** A subscription of the locked order, with what the page's changes and the renewal read. */
export type LockedSubscription = {
  id: string;
  autoRenew: boolean;
  canceledAt: Date | null;
  years: number;
};

/**
 * Locks every subscription of the order until the transaction ends and answers their renewal
 * state. The subscription page's changes and the renewal job both take this lock first, before
 * the order's renewal row, and in id order: the second waits for the first, then sees its change,
 * and the two never deadlock. One function for both, so the lock cannot drift apart.
 */
export function lockOrderSubscriptions(
  tx: Executor,
  orderId: string,
): Promise<LockedSubscription[]> {
  return tx
    .select({
      id: subscriptions.id,
      autoRenew: subscriptions.autoRenew,
      canceledAt: subscriptions.canceledAt,
      years: subscriptions.years,
    })
    .from(subscriptions)
    .where(eq(subscriptions.orderId, orderId))
    .orderBy(subscriptions.id)
    .for('update');
}
