import type { MessageKey } from '../messages/en.js';
import type { SubscriptionCodeRejection } from './codes.js';

/** Longest subscription code a person can type in the code box. */
export const SUBSCRIPTION_CODE_MAX_LENGTH = 40;

/** Why a code was refused for the packages offered, most telling first. */
const REFUSAL_ORDER: readonly SubscriptionCodeRejection[] = [
  'REDEEMED',
  'EXPIRED',
  'CURRENCY',
  'PACKAGE',
];

const REFUSAL_KEYS: Record<SubscriptionCodeRejection, MessageKey> = {
  REDEEMED: 'code_used_error',
  EXPIRED: 'code_expired_error',
  CURRENCY: 'code_otherCountry_error',
  PACKAGE: 'code_otherPackages_error',
};

/**
 * The message that says why a code pays for none of the packages offered: unknown, already used,
 * expired, for another country or currency, or for other packages (named by the caller). From
 * the rejections of each package offered (none: the code does not exist).
 */
export function codeRefusalKey(
  rejections: readonly (SubscriptionCodeRejection | null)[] | undefined,
): MessageKey {
  if (rejections === undefined) return 'code_unknown_error';
  const reason = REFUSAL_ORDER.find((rejection) => rejections.includes(rejection));
  return reason ? REFUSAL_KEYS[reason] : 'code_unknown_error';
}

/** The pricing call reports a refused subscription code at `paymentCodes.<index>`. */
const PAYMENT_CODE_FIELD = /^paymentCodes\.(\d+)$/;

/** A subscription code entered for an order, and why it cannot pay for it. */
export type OrderCodeRefusal = SubscriptionCodeRejection | 'UNKNOWN' | 'REPEATED';

const ORDER_REFUSAL_KEYS: Record<OrderCodeRefusal, MessageKey> = {
  UNKNOWN: 'code_unknown_error',
  REPEATED: 'code_repeated_error',
  REDEEMED: 'code_used_error',
  EXPIRED: 'code_expired_error',
  CURRENCY: 'code_otherCountry_error',
  // The order's package is offered, only not the one the code is for.
  PACKAGE: 'code_otherPackageChosen_error',
};

/**
 * The message of a code refused for one order (the pricing and payment calls' 422 at
 * `paymentCodes.N`, with this key): the same reasons as the code check, where "other packages"
 * names the package chosen too.
 */
export function orderCodeRefusalKey(refusal: OrderCodeRefusal): MessageKey {
  return ORDER_REFUSAL_KEYS[refusal];
}

/** The index of the code a validation error refuses, or undefined when it is about another field. */
export function refusedCodeIndex(error: { field: string }): number | undefined {
  const match = PAYMENT_CODE_FIELD.exec(error.field);
  return match ? Number(match[1]) : undefined;
}

/** A code refused because it pays for other packages than the one chosen (choose, or remove it). */
export function isCodeForOtherPackages(error: { key?: string | undefined }): boolean {
  return error.key === ORDER_REFUSAL_KEYS.PACKAGE;
}

/** A code refused because no such code exists (a promo code's box then says "Invalid promo code"). */
export function isUnknownCodeRefusal(error: { key?: string | undefined }): boolean {
  return error.key === ORDER_REFUSAL_KEYS.UNKNOWN;
}
