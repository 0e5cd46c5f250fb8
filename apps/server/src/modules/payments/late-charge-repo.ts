import { and, asc, eq, gt, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type LateChargeStatus, lateCharges, type PaymentRow, payments } from '../../db/schema.js';

export type LateChargeRow = typeof lateCharges.$inferSelect;

/**
 * Records a late charge, claimed (locked) by the caller; answers undefined when the transaction is
 * already recorded (someone else saw it first and reverses it).
 */
export async function claimLateCharge(
  db: Executor,
  values: {
    paymentId: string;
    transactionId: string;
    amount: number;
    currency: string;
    reason: string;
    lockedUntil: Date;
    createdAt: Date;
  },
): Promise<LateChargeRow | undefined> {
  const [row] = await db
    .insert(lateCharges)
    .values(values)
    .onConflictDoNothing({ target: lateCharges.transactionId })
    .returning();
  return row;
}

/** Claims REVERSING rows whose lock ran out (a reversal that failed, or a crash mid-way). */
export async function claimUnfinishedReversals(
  db: Executor,
  now: Date,
  lockedUntil: Date,
  limit: number,
): Promise<LateChargeRow[]> {
  const due = db
    .select({ id: lateCharges.id })
    .from(lateCharges)
    .where(and(eq(lateCharges.status, 'REVERSING'), lte(lateCharges.lockedUntil, now)))
    .orderBy(asc(lateCharges.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(lateCharges)
    .set({ lockedUntil })
    .where(
      and(
        inArray(lateCharges.id, due),
        eq(lateCharges.status, 'REVERSING'),
        lte(lateCharges.lockedUntil, now),
      ),
    )
    .returning();
}

export async function markReversed(
  db: Executor,
  id: string,
  result: { status: Exclude<LateChargeStatus, 'REVERSING'>; reversalTransactionId: string | null },
  now: Date,
): Promise<void> {
  await db
    .update(lateCharges)
    .set({ ...result, reversedAt: now })
    .where(and(eq(lateCharges.id, id), eq(lateCharges.status, 'REVERSING')));
}

/**
 * Attempts that reconciliation failed because the gateway did not know them yet, since `since`,
 * with no late charge recorded: a sale still in flight then may have charged afterwards.
 */
export async function findUnseenFailedPayments(
  db: Executor,
  since: Date,
  limit: number,
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'FAILED'),
        isNull(payments.transactionId),
        gt(payments.completedAt, since),
        sql`${payments.failure} ->> 'unseenAtGateway' = 'true'`,
        notExists(
          db
            .select({ id: lateCharges.id })
            .from(lateCharges)
            .where(eq(lateCharges.paymentId, payments.id)),
        ),
      ),
    )
    .orderBy(asc(payments.completedAt))
    .limit(limit);
}
