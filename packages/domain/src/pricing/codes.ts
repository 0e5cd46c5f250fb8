import type { PricingGroup } from '../constants/enums.js';
import type { Discount, PaymentCodeValue } from './calculate.js';
import { normalizeCode } from './coupon.js';
import type { CurrencyCode } from './money.js';

/**
 * When a promo code or a subscription (activation) code applies to an order. Pure rules; the
 * server reads the codes from its catalog tables and calls these.
 */

export type PromoDefinition = {
  code: string;
  kind: 'PERCENT' | 'AMOUNT';
  /** Percent off (1–100) for PERCENT. */
  percent?: number | null;
  /** Amount off per currency, minor units, for AMOUNT (a currency without one: not valid there). */
  amounts?: Partial<Record<CurrencyCode, number>> | null;
  validFrom?: Date | null;
  /** Exclusive: the code stops working at this instant. */
  validUntil?: Date | null;
  /** Package codes it applies to (ESS1, PREM2…); null or empty: every package. */
  packageCodes?: readonly string[] | null;
  /** Pricing groups it applies to; null or empty: every group. */
  pricingGroups?: readonly PricingGroup[] | null;
  active: boolean;
};

export type OrderContext = {
  now: Date;
  packageCode: string;
  pricingGroup: PricingGroup;
  currency: CurrencyCode;
};

export type PromoRejection = 'INACTIVE' | 'NOT_STARTED' | 'EXPIRED' | 'PACKAGE' | 'CURRENCY';

function withinWindow(
  now: Date,
  from: Date | null | undefined,
  until: Date | null | undefined,
): 'NOT_STARTED' | 'EXPIRED' | null {
  if (from && now.getTime() < from.getTime()) return 'NOT_STARTED';
  if (until && now.getTime() >= until.getTime()) return 'EXPIRED';
  return null;
}

/** Why a promo code does not apply to this order, or null when it does. */
export function promoRejection(promo: PromoDefinition, order: OrderContext): PromoRejection | null {
  if (!promo.active) return 'INACTIVE';
  const window = withinWindow(order.now, promo.validFrom, promo.validUntil);
  if (window) return window;
  const packages = promo.packageCodes ?? [];
  if (
    packages.length > 0 &&
    !packages.map(normalizeCode).includes(normalizeCode(order.packageCode))
  ) {
    return 'PACKAGE';
  }
  const groups = promo.pricingGroups ?? [];
  if (groups.length > 0 && !groups.includes(order.pricingGroup)) return 'PACKAGE';
  if (promo.kind === 'AMOUNT' && promo.amounts?.[order.currency] === undefined) return 'CURRENCY';
  if (promo.kind === 'PERCENT' && !promo.percent) return 'INACTIVE';
  return null;
}

/** The engine's discount for a promo code that applies (see `promoRejection`). */
export function promoDiscount(
  promo: PromoDefinition,
  currency: CurrencyCode,
  description: string,
): Discount {
  const code = normalizeCode(promo.code);
  if (promo.kind === 'PERCENT') {
    return { code, description, kind: 'PERCENT', percent: promo.percent ?? 0 };
  }
  return { code, description, kind: 'AMOUNT', amount: promo.amounts?.[currency] ?? 0 };
}

export type SubscriptionCodeDefinition = {
  code: string;
  /** PACKAGE: covers one subscription of `packageCode`; AMOUNT: covers `amount` of `currency`. */
  kind: 'PACKAGE' | 'AMOUNT';
  packageCode?: string | null;
  amount?: number | null;
  currency?: CurrencyCode | null;
  validUntil?: Date | null;
  /** Single use: set when a payment redeemed it. */
  redeemedAt?: Date | null;
};

export type SubscriptionCodeRejection = 'REDEEMED' | 'EXPIRED' | 'PACKAGE' | 'CURRENCY';

/** Why a subscription code cannot pay for this order, or null when it can. */
export function subscriptionCodeRejection(
  code: SubscriptionCodeDefinition,
  order: Pick<OrderContext, 'now' | 'packageCode' | 'currency'>,
): SubscriptionCodeRejection | null {
  if (code.redeemedAt) return 'REDEEMED';
  if (code.validUntil && order.now.getTime() >= code.validUntil.getTime()) return 'EXPIRED';
  if (code.kind === 'PACKAGE') {
    return normalizeCode(code.packageCode ?? '') === normalizeCode(order.packageCode)
      ? null
      : 'PACKAGE';
  }
  return code.currency === order.currency && (code.amount ?? 0) > 0 ? null : 'CURRENCY';
}

/** The engine's payment code for a subscription code that applies. */
export function paymentCodeValue(code: SubscriptionCodeDefinition): PaymentCodeValue {
  const normalized = normalizeCode(code.code);
  return code.kind === 'PACKAGE'
    ? { code: normalized, kind: 'PACKAGE' }
    : { code: normalized, kind: 'AMOUNT', amount: code.amount ?? 0 };
}
