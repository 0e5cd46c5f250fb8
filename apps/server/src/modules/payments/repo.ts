import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { findFirst, insertOne } from '../../db/queries.js';
import {
  type NewPaymentRow,
  type PaymentRow,
  type PaymentStatus,
  payments,
  subscriptionCodes,
} from '../../db/schema.js';

// ── Payment attempts ────────────────────────────────────────────────────────────────────────────

export async function insertPayment(db: Executor, values: NewPaymentRow): Promise<PaymentRow> {
  return insertOne(db, payments, values);
}

export async function findPaymentByKeyHash(
  db: Executor,
  idempotencyKeyHash: string,
): Promise<PaymentRow | undefined> {
  return findFirst(db, payments, eq(payments.idempotencyKeyHash, idempotencyKeyHash));
}

export async function findPaymentById(
  db: Executor,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<PaymentRow | undefined> {
  return findFirst(db, payments, eq(payments.id, id), options);
}

/**
 * Who pays: Parent A's signup, an invited co-parent for their own subscription, or the renewal
 * of an order (its buyer, through the vaulted method).
 */
export type Payer = { signupId: string } | { invitedUserId: string } | { renewedOrderId: string };

export function payerColumns(payer: Payer): {
  signupId: string | null;
  invitedUserId: string | null;
  renewedOrderId: string | null;
} {
  return {
    signupId: 'signupId' in payer ? payer.signupId : null,
    invitedUserId: 'invitedUserId' in payer ? payer.invitedUserId : null,
    renewedOrderId: 'renewedOrderId' in payer ? payer.renewedOrderId : null,
  };
}

export function isPaymentOf(payment: PaymentRow, payer: Payer): boolean {
  const columns = payerColumns(payer);
  return (
    payment.signupId === columns.signupId &&
    payment.invitedUserId === columns.invitedUserId &&
    payment.renewedOrderId === columns.renewedOrderId
  );
}

/** The payer's PENDING or COMPLETED attempt (at most one, by the partial unique indexes). */
export async function findActivePayment(
  db: Executor,
  payer: Payer,
): Promise<PaymentRow | undefined> {
  const owner =
    'signupId' in payer
      ? eq(payments.signupId, payer.signupId)
      : 'invitedUserId' in payer
        ? eq(payments.invitedUserId, payer.invitedUserId)
        : eq(payments.renewedOrderId, payer.renewedOrderId);
  return findFirst(db, payments, and(owner, inArray(payments.status, ['PENDING', 'COMPLETED'])));
}

/**
 * The checkout's PENDING attempts no request is working on any more (their lock has run out).
 * A renewal's attempts are not among them: the renewal job settles its own, with its completion.
 */
export async function findUnlockedPendingPayments(
  db: Executor,
  now: Date,
  limit: number,
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'PENDING'),
        lte(payments.lockedUntil, now),
        isNull(payments.renewedOrderId),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(limit);
}

/** Updates a PENDING attempt; answers false when it is no longer PENDING. */
export async function updatePendingPayment(
  db: Executor,
  id: string,
  values: Partial<
    Pick<
      NewPaymentRow,
      | 'transactionId'
      | 'cardType'
      | 'cardLastFour'
      | 'paymentMethodToken'
      | 'paymentType'
      | 'lockedUntil'
    >
  >,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ ...values, updatedAt: now })
    .where(and(eq(payments.id, id), eq(payments.status, 'PENDING')))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** Ends a PENDING attempt (FAILED or VOIDED) with its stored failure; false if not PENDING. */
export async function finishPendingPayment(
  db: Executor,
  id: string,
  status: Extract<PaymentStatus, 'FAILED' | 'VOIDED'>,
  failure: unknown,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(payments)
    // A voided charge bought nothing: the method it vaulted is no account's to renew with.
    .set({ status, failure, paymentMethodToken: null, updatedAt: now, completedAt: now })
    .where(and(eq(payments.id, id), eq(payments.status, 'PENDING')))
    .returning({ id: payments.id });
  return rows.length > 0;
}

export async function completePayment(
  db: Executor,
  id: string,
  values: Pick<NewPaymentRow, 'transactionId' | 'cardType' | 'cardLastFour' | 'paymentType'> & {
    response: unknown;
  },
  now: Date,
): Promise<void> {
  await db
    .update(payments)
    .set({ ...values, status: 'COMPLETED', updatedAt: now, completedAt: now })
    .where(eq(payments.id, id));
}

// ── Subscription codes: held by an attempt, released when it fails ──────────────────────────────

/**
 * Locks the codes (FOR UPDATE) and holds them for the attempt: answers the codes that someone
 * else redeemed meanwhile (nothing is held then; the caller rolls back).
 */
export async function holdSubscriptionCodes(
  db: Executor,
  codes: readonly string[],
  hold: { signupId: string | null; paymentId: string },
  now: Date,
): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ code: subscriptionCodes.code, redeemedAt: subscriptionCodes.redeemedAt })
    .from(subscriptionCodes)
    .where(inArray(subscriptionCodes.code, [...codes]))
    .for('update');
  const taken = codes.filter((code) => {
    const row = rows.find((r) => r.code === code);
    return !row || row.redeemedAt !== null;
  });
  if (taken.length > 0) return taken;
  await db
    .update(subscriptionCodes)
    .set({
      redeemedAt: now,
      redeemedBySignupId: hold.signupId,
      redeemedByPaymentId: hold.paymentId,
    })
    .where(inArray(subscriptionCodes.code, [...codes]));
  return [];
}

export async function releaseSubscriptionCodes(db: Executor, paymentId: string): Promise<void> {
  await db
    .update(subscriptionCodes)
    .set({ redeemedAt: null, redeemedBySignupId: null, redeemedByPaymentId: null })
    .where(eq(subscriptionCodes.redeemedByPaymentId, paymentId));
}
