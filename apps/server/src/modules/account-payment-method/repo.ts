import { and, desc, eq, exists, gt, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  familyMembers,
  orders,
  paymentMethodChanges,
  payments,
  subscriptionRenewals,
  subscriptions,
  users,
} from '../../db/schema.js';

/**
 * A subscription whose order still counts as live: its paid term runs, or its renewal is being
 * retried after a decline (the term's date has passed, and the "update your card" email sends the
 * payer here to give the next retry a card that works).
 */
function liveAt(exec: Executor, now: Date) {
  return and(
    eq(subscriptions.status, 'ACTIVE'),
    or(
      gt(subscriptions.renewsAt, now),
      exists(
        exec
          .select({ orderId: subscriptionRenewals.orderId })
          .from(subscriptionRenewals)
          .where(
            and(
              eq(subscriptionRenewals.orderId, subscriptions.orderId),
              eq(subscriptionRenewals.status, 'OPEN'),
            ),
          ),
      ),
    ),
  );
}

/** An order of the buyer whose term still runs: what the renewal charges, and with what. */
export type LiveOrderRow = {
  orderId: string;
  paymentId: string;
  currency: string;
  paymentMethodToken: string | null;
};

/**
 * The buyer's live orders: those with a subscription still in its paid term (ACTIVE, ending
 * after `now`), whether or not it renews automatically (turning it back on charges the same
 * method). Locks their payments' rows when asked (inside the update's transaction).
 */
export async function findLiveOrdersOfBuyer(
  exec: Executor,
  userId: string,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<LiveOrderRow[]> {
  const query = exec
    .selectDistinct({
      orderId: orders.id,
      paymentId: payments.id,
      currency: orders.currency,
      paymentMethodToken: payments.paymentMethodToken,
    })
    .from(orders)
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .innerJoin(subscriptions, eq(subscriptions.orderId, orders.id))
    .where(and(eq(orders.userId, userId), liveAt(exec, now)))
    .orderBy(orders.id);
  if (!options.lock) return query;
  const rows = await query;
  if (rows.length === 0) return rows;
  // The payments' rows are what the update writes: a second update waits for the first.
  await exec
    .select({ id: payments.id })
    .from(payments)
    .where(
      inArray(
        payments.id,
        rows.map((r) => r.paymentId),
      ),
    )
    .orderBy(payments.id)
    .for('update');
  return query;
}

/** The method now on file, as the renewal reads it and the billing and subscription pages show. */
export type MethodOnFile = {
  paymentMethodToken: string;
  paymentType: string;
  cardType: string | null;
  cardLastFour: string | null;
};

/**
 * Writes the new method on the orders' payments: `payments.payment_method_token` (what the
 * renewal charges: `orders.payment_id` → the payment) and the details the pages show.
 */
export async function setMethodOfPayments(
  tx: Executor,
  paymentIds: string[],
  method: MethodOnFile,
  now: Date,
): Promise<void> {
  if (paymentIds.length === 0) return;
  await tx
    .update(payments)
    .set({ ...method, updatedAt: now })
    .where(inArray(payments.id, paymentIds));
}

/**
 * The user's latest change when it was made with this nonce (its hash): a retry of it. Only the
 * latest: a method chosen again after another one is a new change.
 */
export async function findRetriedChange(exec: Executor, userId: string, nonceHash: string) {
  const [row] = await exec
    .select()
    .from(paymentMethodChanges)
    .where(eq(paymentMethodChanges.userId, userId))
    .orderBy(desc(paymentMethodChanges.createdAt))
    .limit(1);
  return row?.nonceHash === nonceHash ? row : undefined;
}

export async function recordChange(
  tx: Executor,
  change: {
    userId: string;
    nonceHash: string;
    paymentType: string;
    cardType: string | null;
    cardLastFour: string | null;
    at: Date;
  },
): Promise<void> {
  const { at, ...values } = change;
  // A nonce the gateway accepts again (its documented reusable test nonces, the sandbox's
  // wallets) moves the record to this use; a real nonce is single use and never gets here twice.
  await tx
    .insert(paymentMethodChanges)
    .values({ ...values, createdAt: at })
    .onConflictDoUpdate({
      target: paymentMethodChanges.nonceHash,
      set: { ...values, createdAt: at },
    });
}

/**
 * Who pays for the user's own subscription still in its term (the newest), when it is not the
 * user: the order's buyer (Parent A) or the covering professional. Says why a 409 refuses.
 */
export async function findPayerOfOwnLiveSubscription(
  exec: Executor,
  userId: string,
  now: Date,
): Promise<
  | { isProfessional: boolean; buyerUserId: string | null; firstName: string; lastName: string }
  | undefined
> {
  const [row] = await exec
    .select({
      buyerUserId: orders.userId,
      professionalUserId: subscriptions.coveredByProfessionalId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(subscriptions)
    .innerJoin(familyMembers, eq(familyMembers.id, subscriptions.familyMemberId))
    .leftJoin(orders, eq(orders.id, subscriptions.orderId))
    .innerJoin(
      users,
      eq(users.id, sql`coalesce(${orders.userId}, ${subscriptions.coveredByProfessionalId})`),
    )
    .where(and(eq(familyMembers.userId, userId), liveAt(exec, now)))
    .orderBy(desc(subscriptions.startsAt))
    .limit(1);
  if (!row) return undefined;
  return {
    isProfessional: row.professionalUserId !== null,
    buyerUserId: row.buyerUserId,
    firstName: row.firstName,
    lastName: row.lastName,
  };
}
