import { orderPricingBody, type PricingRequestInput, type SavedOrder } from '@coparent/domain';
import { useEffect, useMemo } from 'react';
import { isApiError } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';
import { useCheckoutPricing } from '../api/get-checkout-pricing';
import { useCheckoutSession } from '../checkout-session';
import { type SavedBillingValues, useCheckoutStore } from '../checkout-store';
import { codeRefusalOf } from '../code-refusal';

/** The saved billing address as the pricing call reads it. */
function pricingAddressOf(billing: SavedBillingValues): PricingRequestInput['address'] {
  return {
    line1: billing.billingAddress,
    line2: billing.billingAddress2 || undefined,
    city: billing.city,
    region: billing.region || undefined,
    postalCode: billing.postalCode || undefined,
    country: billing.country,
  };
}

/**
 * The body the order summary is priced with. Before the billing is saved the phone decides the
 * country; afterwards the saved address does — the same inputs the payment call re-prices with,
 * so the total shown is the total charged. The PACKAGE save answers the price of its first form
 * (seedSignupPricing).
 */
export function usePricingBody(
  order: SavedOrder,
  overrides: { promoCodes?: string[]; paymentCodes?: string[] } = {},
): PricingRequestInput {
  const session = useCheckoutSession();
  const billing = useCheckoutStore((s) => s.billing);
  const isPayingForCoparent = useCheckoutStore((s) => s.isPayingForCoparent);
  const payForCoparent = session.canPayForCoParent && isPayingForCoparent;
  const promoCodes = useCheckoutStore((s) => s.promoCodesEntered);
  const { phoneCountryCode, phoneNumber } = session.parent;
  const promo = overrides.promoCodes ?? promoCodes;
  const codes = overrides.paymentCodes ?? session.paymentCodes;
  return useMemo(
    () =>
      orderPricingBody({
        order,
        address: billing ? pricingAddressOf(billing) : undefined,
        phoneCountryCode,
        phoneNumber,
        payForCoparent,
        paymentCodes: codes,
        promoCodes: promo,
      }),
    [billing, phoneCountryCode, phoneNumber, order, payForCoparent, codes, promo],
  );
}

/**
 * The server's price of the order as it stands. A code it refuses (another package's, used,
 * expired…) is said on the page with a way to remove it, as no retry can price it; any other
 * failure but the network ends the visit (back to the packages; a flow gone: where the flow
 * starts again).
 */
export function useOrderPricing(order: SavedOrder | undefined) {
  const session = useCheckoutSession();
  const locale = useLocale();
  const fallbackOrder = useMemo<SavedOrder>(
    () => order ?? { packageId: 0, productId: null, services: [] },
    [order],
  );
  const body = usePricingBody(fallbackOrder);
  const query = useCheckoutPricing(session, body, locale, { enabled: Boolean(order) });
  const { error } = query;
  const codeRefusal = useMemo(
    () => codeRefusalOf(error, body.paymentCodes ?? []),
    [error, body.paymentCodes],
  );
  const { onSessionGone, onPricingFailed } = session;
  const { isGone } = session.calls;
  useEffect(() => {
    if (!isApiError(error) || error.status === 0 || codeRefusal) return;
    if (isGone(error.status)) onSessionGone();
    else onPricingFailed();
  }, [error, codeRefusal, isGone, onSessionGone, onPricingFailed]);
  return { ...query, body, codeRefusal };
}
