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

/** An order with the plan its payer chose for the next term, if any (decision 062). */
export type OrderWithNextPlan = RenewedOrder & {
  nextPackageId: number | null;
  nextProductId: string | null;
};

/**
 * What the renewal renews and charges: the plan the payer chose for the next term (a package of
 * the catalog, its term with it, no options), else the order as it was bought. The one place
 * that reads the pending change: the page's price, the reminder and the job's charge all ask
 * here.
 */
export function planToRenew(order: OrderWithNextPlan): RenewedOrder {
  if (order.nextPackageId === null || order.nextProductId === null) {
    return {
      packageId: order.packageId,
      productId: order.productId,
      services: order.services,
      payForCoParent: order.payForCoParent,
    };
  }
  return {
    packageId: order.nextPackageId,
    productId: order.nextProductId,
    services: [],
    payForCoParent: order.payForCoParent,
  };
}

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
