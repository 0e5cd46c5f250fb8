import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  catalogPackages,
  familyMembers,
  type LocalizedText,
  orders,
  payments,
  type SubscriptionChangeKind,
  subscriptionChanges,
  subscriptionRenewals,
  subscriptions,
  users,
} from '../../db/schema.js';

/** A subscription with what its page shows: package, order, member, payer and payment method. */
export type SubscriptionRow = {
  id: string;
  orderId: string | null;
  status: string;
  years: number;
  autoRenew: boolean;
  renewsAt: Date;
  canceledAt: Date | null;
  packageName: LocalizedText;
  /** The user the subscription is for (the family member's account). */
  memberUserId: string | null;
  /** The order's buyer; null for a professional's covered subscription. */
  buyerUserId: string | null;
  professionalUserId: string | null;
  payer: { firstName: string; lastName: string };
  order: {
    packageId: number;
    productId: string;
    services: string[];
    payForCoParent: boolean;
    /** The plan chosen for the next term (decision 062), with its package's name; else null. */
    nextPackageId: number | null;
    nextProductId: string | null;
    nextPackageName: LocalizedText | null;
  } | null;
  paymentMethod: {
    paymentType: string;
    cardType: string | null;
    cardLastFour: string | null;
    /** Whether the gateway's vault holds it (what the renewal charges). */
    isVaulted: boolean;
  } | null;
};

const payer = alias(users, 'payer');
const nextPackage = alias(catalogPackages, 'next_package');

/** The subscription by id, whoever it belongs to (the service checks who may see it). */
export async function findSubscription(
  db: Executor,
  subscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select({
      id: subscriptions.id,
      orderId: subscriptions.orderId,
      status: subscriptions.status,
      years: subscriptions.years,
      autoRenew: subscriptions.autoRenew,
      renewsAt: subscriptions.renewsAt,
      canceledAt: subscriptions.canceledAt,
      packageName: catalogPackages.displayName,
      memberUserId: familyMembers.userId,
      buyerUserId: orders.userId,
      professionalUserId: subscriptions.coveredByProfessionalId,
      payerFirstName: payer.firstName,
      payerLastName: payer.lastName,
      orderPackageId: orders.packageId,
      orderProductId: orders.productId,
      orderServices: orders.services,
      orderPayForCoParent: orders.payForCoParent,
      orderNextPackageId: orders.nextPackageId,
      orderNextProductId: orders.nextProductId,
      nextPackageName: nextPackage.displayName,
      paymentType: payments.paymentType,
      cardType: payments.cardType,
      cardLastFour: payments.cardLastFour,
      paymentMethodToken: payments.paymentMethodToken,
    })
    .from(subscriptions)
    .innerJoin(familyMembers, eq(familyMembers.id, subscriptions.familyMemberId))
    .innerJoin(catalogPackages, eq(catalogPackages.id, subscriptions.packageId))
    .leftJoin(orders, eq(orders.id, subscriptions.orderId))
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .leftJoin(nextPackage, eq(nextPackage.id, orders.nextPackageId))
    .innerJoin(
      payer,
      eq(payer.id, sql`coalesce(${orders.userId}, ${subscriptions.coveredByProfessionalId})`),
    )
    .where(eq(subscriptions.id, subscriptionId))
    .limit(1);
  if (!row) return undefined;
  return {
    id: row.id,
    orderId: row.orderId,
    status: row.status,
    years: row.years,
    autoRenew: row.autoRenew,
    renewsAt: row.renewsAt,
    canceledAt: row.canceledAt,
    packageName: row.packageName,
    memberUserId: row.memberUserId,
    buyerUserId: row.buyerUserId,
    professionalUserId: row.professionalUserId,
    payer: { firstName: row.payerFirstName, lastName: row.payerLastName },
    order:
      row.orderPackageId === null
        ? null
        : {
            packageId: row.orderPackageId,
            productId: row.orderProductId ?? '',
            services: row.orderServices ?? [],
            payForCoParent: row.orderPayForCoParent ?? false,
            nextPackageId: row.orderNextPackageId,
            nextProductId: row.orderNextProductId,
            nextPackageName: row.nextPackageName,
          },
    paymentMethod:
      row.paymentType === null
        ? null
        : {
            paymentType: row.paymentType,
            cardType: row.cardType,
            cardLastFour: row.cardLastFour,
            isVaulted: row.paymentMethodToken !== null,
          },
  };
}

/** The id of the newest subscription of the user's own family member (the home's), if any. */
export async function findOwnSubscriptionId(
  db: Executor,
  userId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(familyMembers, eq(familyMembers.id, subscriptions.familyMemberId))
    .where(eq(familyMembers.userId, userId))
    .orderBy(desc(familyMembers.createdAt), desc(subscriptions.startsAt))
    .limit(1);
  return row?.id;
}

/** The family members the order renews (Parent A's, the co-parent's they pay for), in order. */
export async function findMembersOfOrder(
  db: Executor,
  orderId: string,
): Promise<
  { subscriptionId: string; userId: string | null; firstName: string; lastName: string }[]
> {
  return db
    .select({
      subscriptionId: subscriptions.id,
      userId: familyMembers.userId,
      firstName: familyMembers.firstName,
      lastName: familyMembers.lastName,
    })
    .from(subscriptions)
    .innerJoin(familyMembers, eq(familyMembers.id, subscriptions.familyMemberId))
    .where(eq(subscriptions.orderId, orderId))
    .orderBy(familyMembers.position);
}

/** Sets the renewal of these subscriptions (one order's). */
export async function updateRenewal(
  tx: Executor,
  subscriptionIds: string[],
  renewal: { autoRenew: boolean; canceledAt: Date | null },
): Promise<void> {
  if (subscriptionIds.length === 0) return;
  await tx.update(subscriptions).set(renewal).where(inArray(subscriptions.id, subscriptionIds));
}

/** The plan the order's next term renews on (decision 062); null: the same plan again. */
export async function setNextPlan(
  tx: Executor,
  orderId: string,
  plan: { packageId: number; productId: string } | null,
): Promise<void> {
  await tx
    .update(orders)
    .set({ nextPackageId: plan?.packageId ?? null, nextProductId: plan?.productId ?? null })
    .where(eq(orders.id, orderId));
}

/** One change row per subscription changed: what, when and by whom. */
export async function recordChanges(
  tx: Executor,
  subscriptionIds: string[],
  change: {
    kind: SubscriptionChangeKind;
    changedByUserId: string;
    /** The cancel reason; for a plan change, the chosen package's id. */
    reason: string | null;
    at: Date;
  },
): Promise<void> {
  if (subscriptionIds.length === 0) return;
  await tx.insert(subscriptionChanges).values(
    subscriptionIds.map((subscriptionId) => ({
      subscriptionId,
      kind: change.kind,
      changedByUserId: change.changedByUserId,
      reason: change.reason,
      createdAt: change.at,
    })),
  );
}

/** The order's renewal as the page reads it (decision 057), locked when asked (in a change). */
export async function findRenewal(
  exec: Executor,
  orderId: string,
  options: { lock?: boolean } = {},
): Promise<{ status: string; declines: number; dueAt: Date; nextAttemptAt: Date } | undefined> {
  const query = exec
    .select({
      status: subscriptionRenewals.status,
      declines: subscriptionRenewals.declines,
      dueAt: subscriptionRenewals.dueAt,
      nextAttemptAt: subscriptionRenewals.nextAttemptAt,
    })
    .from(subscriptionRenewals)
    .where(eq(subscriptionRenewals.orderId, orderId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Whether an attempt to renew the order is with the gateway now (its outcome not known yet). */
export async function hasPendingRenewalAttempt(exec: Executor, orderId: string): Promise<boolean> {
  const [row] = await exec
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.renewedOrderId, orderId), eq(payments.status, 'PENDING')))
    .limit(1);
  return row !== undefined;
}

/** The payer stopped a renewal being retried: the job tries no more (status ENDED). */
export async function endRenewal(tx: Executor, orderId: string, at: Date): Promise<void> {
  await tx
    .update(subscriptionRenewals)
    .set({ status: 'ENDED', updatedAt: at })
    .where(eq(subscriptionRenewals.orderId, orderId));
}
