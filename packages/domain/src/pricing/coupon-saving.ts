import { discountAmount } from './calculate.js';
import type { Coupon, Package } from './schemas.js';

/**
 * What a coupon saves on one package, in the package's minor units (the discount-offer-wording
 * experiment says "Save $40" instead of the coupon's banner): a percent as the pricing engine
 * rounds it, an amount capped at the price. Null when it cannot be said in money (an amount in
 * another currency).
 */
export function couponSavingOn(
  coupon: Pick<Coupon, 'couponCode' | 'description' | 'percent' | 'amount' | 'currencyCode'>,
  pkg: Pick<Package, 'totalPrice' | 'currencyCode'>,
): number | null {
  const base = { code: coupon.couponCode, description: coupon.description };
  if (coupon.percent !== null) {
    return discountAmount({ ...base, kind: 'PERCENT', percent: coupon.percent }, pkg.totalPrice);
  }
  if (coupon.amount === null || coupon.currencyCode !== pkg.currencyCode) return null;
  return discountAmount({ ...base, kind: 'AMOUNT', amount: coupon.amount }, pkg.totalPrice);
}
