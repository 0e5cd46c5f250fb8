import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orders, payments } from '../../db/schema.js';

/** A vaulted payment method: the token the gateway charges, and how the emails name it. */
export type MethodToCharge = {
  token: string;
  paymentType: string;
  cardType: string | null;
  cardLastFour: string | null;
};

/**
 * The method a renewal charges: the one vaulted on the renewed order's payment
 * (`payments.payment_method_token` of `orders.payment_id`), read at charge time, so a retry after
 * a decline charges whatever is on file then. Changing the card writes there (the token and its
 * card details on the order's payment); this is the one place that reads it. Null when nothing is
 * vaulted (codes paid the whole order, or the method was not stored).
 */
export async function paymentMethodToCharge(
  exec: Executor,
  orderId: string,
): Promise<MethodToCharge | null> {
  const [row] = await exec
    .select({
      token: payments.paymentMethodToken,
      paymentType: payments.paymentType,
      cardType: payments.cardType,
      cardLastFour: payments.cardLastFour,
    })
    .from(orders)
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(eq(orders.id, orderId));
  if (!row?.token) return null;
  return { ...row, token: row.token };
}
