import { and, desc, eq, exists, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orders, payments, receipts } from '../../db/schema.js';

export type PaymentMethodRow = {
  paymentType: string;
  cardType: string | null;
  cardLastFour: string | null;
  /** The payment's receipt as answered (ReceiptSchema): what paid for the order. */
  receipt: unknown;
};

/**
 * The payment method of the user's latest COMPLETED payment: one they made as Parent A (their
 * order's payment) or as an invited co-parent paying for their own subscription.
 */
export async function findLatestPaymentMethod(
  db: Executor,
  userId: string,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select({
      paymentType: payments.paymentType,
      cardType: payments.cardType,
      cardLastFour: payments.cardLastFour,
      receipt: receipts.body,
    })
    .from(payments)
    .leftJoin(receipts, eq(receipts.paymentId, payments.id))
    .where(
      and(
        eq(payments.status, 'COMPLETED'),
        or(
          eq(payments.invitedUserId, userId),
          exists(
            db
              .select({ id: orders.id })
              .from(orders)
              .where(and(eq(orders.paymentId, payments.id), eq(orders.userId, userId))),
          ),
        ),
      ),
    )
    .orderBy(desc(payments.completedAt), desc(payments.createdAt))
    .limit(1);
  return row;
}
