/** The parts of a price (a pricing answer, a receipt) that say what paid for it. */
type PricedOrder = {
  totals: { total: number };
  paymentCodeDetails: readonly { code: string; amount: number }[];
  couponDetail?: { couponCode: string } | null | undefined;
};

/**
 * The codes that pay an order's whole price: nothing is charged, so no payment method is asked
 * for or kept, and the review, receipts and account say "Covered by code …" instead of a card.
 * The subscription codes that took something off, else a promo code that took it all; empty when
 * something is left to pay.
 */
export function codesCoveringOrder(priced: PricedOrder): string[] {
  if (priced.totals.total !== 0) return [];
  const codes = priced.paymentCodeDetails.filter((d) => d.amount > 0).map((d) => d.code);
  if (codes.length > 0) return codes;
  return priced.couponDetail ? [priced.couponDetail.couponCode] : [];
}
