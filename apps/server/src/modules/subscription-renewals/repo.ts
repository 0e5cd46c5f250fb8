import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { insertOne } from '../../db/queries.js';
import {
  familyMembers,
  orders,
  type PaymentRow,
  payments,
  type SubscriptionRenewalRow,
  subscriptionChanges,
  subscriptionRenewals,
  subscriptions,
} from '../../db/schema.js';

/** An order whose paid term ends (or ended) with auto-renewal on: what renewing it needs. */
export type RenewableOrder = {
  orderId: string;
  userId: string;
  familyId: string;
  packageId: number;
  productId: string;
  services: string[];
  payForCoParent: boolean;
  /** The plan the payer chose for the next term (decision 062), read by `planToRenew`. */
  nextPackageId: number | null;
  nextProductId: string | null;
  /** The end of the paid term: the renewal's date. */
  dueAt: Date;
};

/** The orders whose auto-renewing subscriptions end within (`after`, `until`] or by `until`. */
function renewableOrders(
  db: Executor,
  window: { after?: Date; until: Date },
  extra: ReturnType<typeof and>,
  limit: number,
): Promise<RenewableOrder[]> {
  return db
    .select({
      orderId: orders.id,
      userId: orders.userId,
      familyId: orders.familyId,
      packageId: orders.packageId,
      productId: orders.productId,
      services: orders.services,
      payForCoParent: orders.payForCoParent,
      nextPackageId: orders.nextPackageId,
      nextProductId: orders.nextProductId,
      dueAt: sql<Date>`min(${subscriptions.renewsAt})`.mapWith(subscriptions.renewsAt),
    })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .leftJoin(subscriptionRenewals, eq(subscriptionRenewals.orderId, orders.id))
    .where(
      and(
        eq(subscriptions.autoRenew, true),
        eq(subscriptions.status, 'ACTIVE'),
        lte(subscriptions.renewsAt, window.until),
        window.after ? gt(subscriptions.renewsAt, window.after) : undefined,
        extra,
      ),
    )
    .groupBy(orders.id)
    .orderBy(asc(sql`min(${subscriptions.renewsAt})`))
    .limit(limit);
}

/** Orders renewing within the reminder's window (after now, by `until`) not yet reminded. */
export function findOrdersToRemind(
  db: Executor,
  now: Date,
  until: Date,
  limit: number,
): Promise<RenewableOrder[]> {
  return renewableOrders(
    db,
    { after: now, until },
    and(isNull(subscriptionRenewals.remindedAt)),
    limit,
  );
}

/**
 * Orders due now: their term has ended, and their renewal is not begun or is still OPEN with its
 * next attempt due (an attempt whose outcome is unknown stays due until it is settled).
 */
export function findDueOrders(db: Executor, now: Date, limit: number): Promise<RenewableOrder[]> {
  return renewableOrders(
    db,
    { until: now },
    and(
      or(
        isNull(subscriptionRenewals.orderId),
        and(eq(subscriptionRenewals.status, 'OPEN'), lte(subscriptionRenewals.nextAttemptAt, now)),
      ),
    ),
    limit,
  );
}

/** The order's renewal, begun (OPEN, first attempt at the due date) if it was not. */
export async function beginRenewal(
  db: Executor,
  orderId: string,
  dueAt: Date,
): Promise<SubscriptionRenewalRow> {
  await db
    .insert(subscriptionRenewals)
    .values({ orderId, dueAt, nextAttemptAt: dueAt })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(subscriptionRenewals)
    .where(eq(subscriptionRenewals.orderId, orderId));
  if (!row) throw new Error(`renewal of order ${orderId} not found`);
  return row;
}

/**
 * Records the reminder of the order's renewal; false when it was already recorded (another pass
 * or instance sent it): the row's insert or update is the claim, in the transaction that queues
 * the email.
 */
export async function claimReminder(
  tx: Executor,
  orderId: string,
  dueAt: Date,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(subscriptionRenewals)
    .values({ orderId, dueAt, nextAttemptAt: dueAt, remindedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: subscriptionRenewals.orderId,
      set: { remindedAt: now, updatedAt: now },
      setWhere: isNull(subscriptionRenewals.remindedAt),
    })
    .returning({ orderId: subscriptionRenewals.orderId });
  return rows.length === 1;
}

/** The renewal row, locked until the transaction ends. */
export async function lockRenewal(
  tx: Executor,
  orderId: string,
): Promise<SubscriptionRenewalRow | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptionRenewals)
    .where(eq(subscriptionRenewals.orderId, orderId))
    .for('update');
  return row;
}

export async function updateRenewal(
  tx: Executor,
  orderId: string,
  values: Partial<
    Pick<
      SubscriptionRenewalRow,
      | 'status'
      | 'attempts'
      | 'declines'
      | 'countedPaymentId'
      | 'nextAttemptAt'
      | 'renewalOrderId'
      | 'updatedAt'
    >
  >,
): Promise<void> {
  await tx
    .update(subscriptionRenewals)
    .set(values)
    .where(eq(subscriptionRenewals.orderId, orderId));
}

/** The newest attempt to renew the order, if any. */
export async function findLatestRenewalPayment(
  db: Executor,
  orderId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.renewedOrderId, orderId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}

/**
 * The renewed subscriptions belong to the new order, paid until `renewsAt`, on the plan renewed
 * (the package and term the payer chose for the next term, else the same).
 */
export async function moveToOrder(
  tx: Executor,
  subscriptionIds: string[],
  orderId: string,
  term: { renewsAt: Date; packageId: number; years: number },
): Promise<void> {
  if (subscriptionIds.length === 0) return;
  await tx
    .update(subscriptions)
    .set({ orderId, ...term })
    .where(inArray(subscriptions.id, subscriptionIds));
}

/** Ends the subscriptions' renewal (no user changed it: the job's ENDED change rows say why). */
export async function endSubscriptions(
  tx: Executor,
  subscriptionIds: string[],
  change: { reason: string; at: Date },
): Promise<void> {
  if (subscriptionIds.length === 0) return;
  await tx
    .update(subscriptions)
    .set({ autoRenew: false })
    .where(inArray(subscriptions.id, subscriptionIds));
  await tx.insert(subscriptionChanges).values(
    subscriptionIds.map((subscriptionId) => ({
      subscriptionId,
      kind: 'ENDED' as const,
      changedByUserId: null,
      reason: change.reason,
      createdAt: change.at,
    })),
  );
}

export async function findOrder(exec: Executor, orderId: string) {
  const [row] = await exec.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The renewal's order (signup none: the payer is the renewed order's buyer). */
export async function insertOrder(
  tx: Executor,
  values: Omit<typeof orders.$inferInsert, 'id'>,
): Promise<string> {
  return (await insertOne(tx, orders, values)).id;
}

/** The names of the order's members other than the payer (the co-parent Parent A pays for). */
export async function othersOfOrder(
  exec: Executor,
  orderId: string,
  payerId: string,
): Promise<string[]> {
  const rows = await exec
    .select({
      userId: familyMembers.userId,
      firstName: familyMembers.firstName,
      lastName: familyMembers.lastName,
    })
    .from(subscriptions)
    .innerJoin(familyMembers, eq(familyMembers.id, subscriptions.familyMemberId))
    .where(eq(subscriptions.orderId, orderId))
    .orderBy(familyMembers.position);
  return rows
    .filter((row) => row.userId !== payerId)
    .map((row) => `${row.firstName} ${row.lastName}`.trim());
}
