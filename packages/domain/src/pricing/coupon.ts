/**
 * Coupon percentages and promo-code rules.
 */

/** Codes are compared trimmed and upper-cased ('  spring20 ' is 'SPRING20'). */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * The spec's first formula: floor(discount / total × 100), in integers. A discount of 1200 on
 * 5999 is 20%; on a zero total, 0.
 */
export function couponPercentFromDiscount(discount: number, total: number): number {
  if (total <= 0 || discount <= 0) return 0;
  return Math.floor((discount * 100) / total);
}

/**
 * The spec's second formula: 100 − ceil(paid / regular × 100), in integers. Paying 4799 of 5999
 * is 100 − 80 = 20%; paying the regular price is 0%; on a zero regular price, 0.
 */
export function couponPercentFromPaid(paid: number, regular: number): number {
  if (regular <= 0) return 0;
  const paidPercent = Math.ceil((Math.max(paid, 0) * 100) / regular);
  return Math.max(0, 100 - paidPercent);
}

/** The parts of a pricing answer that name the codes it applied. */
export type AppliedCodes = {
  couponDetail?: { couponCode: string } | null;
  paymentCodeDetails?: readonly { code: string }[] | null;
};

/** Every code a pricing answer applied (its coupon and its payment codes), normalised. */
export function appliedCodes(pricing: AppliedCodes | null | undefined): string[] {
  if (!pricing) return [];
  const codes = (pricing.paymentCodeDetails ?? []).map((detail) => normalizeCode(detail.code));
  const coupon = pricing.couponDetail?.couponCode;
  return coupon ? [normalizeCode(coupon), ...codes] : codes;
}

/**
 * Invalid-promo detection: a promo code was entered, but the returned code details
 * do not include the first entered code. Blank entries are not codes.
 */
export function isInvalidPromo(
  promoCodesEntered: readonly string[] | null | undefined,
  pricing: AppliedCodes | null | undefined,
): boolean {
  const first = (promoCodesEntered ?? []).map(normalizeCode).find((code) => code !== '');
  if (first === undefined) return false;
  return !appliedCodes(pricing).includes(first);
}
