import { dialCodeDigits, type PhoneCodeId } from '../constants/phone-codes.js';
import type { PricingRequestInput, SavedOrder } from './schemas.js';

/** The pricing call's order: exactly the saved one (build-your-own term and options included). */
export function orderDetailOf(order: SavedOrder): PricingRequestInput['orderDetail'] {
  return {
    packageId: order.packageId,
    ...(order.productId ? { productId: order.productId } : {}),
    services: order.services,
  };
}

export type OrderPricingInputs = {
  order: SavedOrder;
  /** The saved billing address; without one the parent's phone decides the country. */
  address?: PricingRequestInput['address'];
  phoneCountryCode?: PhoneCodeId | null;
  phoneNumber?: string | null;
  payForCoparent: boolean;
  paymentCodes: readonly string[];
  promoCodes: readonly string[];
};

/**
 * The body the payment page prices a saved order with — the same inputs the payment re-prices
 * with — and, with no address, no promo codes and not paying for the co-parent, the body the
 * PACKAGE save's answer is priced with. The browser keys its cache by this body's JSON, so the
 * keys always come in this order.
 */
export function orderPricingBody({
  order,
  address,
  phoneCountryCode,
  phoneNumber,
  payForCoparent,
  paymentCodes,
  promoCodes,
}: OrderPricingInputs): PricingRequestInput {
  return {
    ...(address
      ? { address }
      : {
          ...(phoneCountryCode ? { phoneCountryCode: dialCodeDigits(phoneCountryCode) } : {}),
          ...(phoneNumber ? { phoneNumber } : {}),
        }),
    orderDetail: orderDetailOf(order),
    payForCoparent,
    paymentCodes: [...paymentCodes],
    promoCodes: [...promoCodes],
  };
}

/**
 * The body the PACKAGE save's answer is priced with, and the one the browser keeps that price
 * under: the parent's phone decides the country, no codes, not paying for the co-parent.
 */
export function packageSavePricingBody(
  order: SavedOrder,
  parent: { phoneCountryCode?: PhoneCodeId | null; phoneNumber?: string | null },
): PricingRequestInput {
  return orderPricingBody({
    order,
    phoneCountryCode: parent.phoneCountryCode,
    phoneNumber: parent.phoneNumber,
    payForCoparent: false,
    paymentCodes: [],
    promoCodes: [],
  });
}
