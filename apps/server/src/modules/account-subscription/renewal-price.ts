import type { Locale, Order, PricingResponse } from '@coparent/domain';
import type { Executor } from '../../db/client.js';
import { AppError, FieldValidationError } from '../../errors.js';
import { findUserAddress, findUserById } from '../account/repo.js';
import { pricedAddress } from '../checkout/attempt.js';
import type { PricingService } from '../pricing/service.js';

/** What an order stores of what it bought, as the renewal prices it again. */
export type RenewedOrder = {
  packageId: number;
  productId: string;
  services: string[];
  payForCoParent: boolean;
};

/**
 * The renewal's price (decision 054): the checkout's pricing of the same order (package, term,
 * options, paying for the co-parent) for the payer's billing country and tax today, without the
 * first purchase's codes. The subscription page, the emails and the renewal's charge all price it
 * here. Null when the payer has no billing address or the catalog no longer sells the order there.
 */
export async function quoteRenewal(
  deps: { db: Executor; pricing: Pick<PricingService, 'quoteFor'> },
  order: RenewedOrder,
  payerId: string,
  locale: Locale,
): Promise<PricingResponse | null> {
  const [user, address] = await Promise.all([
    findUserById(deps.db, payerId),
    findUserAddress(deps.db, payerId),
  ]);
  if (!user || !address) return null;
  try {
    return await deps.pricing.quoteFor(
      {
        id: user.id,
        parentPhoneCountryCode: user.phoneCountryCode,
        parentPhoneNumber: user.phoneNumber,
      },
      {
        address: pricedAddress(address),
        limboId: undefined,
        orderDetail: {
          packageId: order.packageId,
          // As the order stored them: what the checkout priced and charged.
          productId: order.productId as Order['productId'],
          services: order.services as Order['services'],
        },
        payForCoparent: order.payForCoParent,
        paymentCodes: [],
        promoCodes: [],
        phoneCountryCode: undefined,
        phoneNumber: undefined,
      },
      { locale },
    );
  } catch (error) {
    // The package is no longer sold in the payer's country, or the catalog refuses the order.
    if (error instanceof AppError || error instanceof FieldValidationError) return null;
    throw error;
  }
}
