import {
  type Locale,
  orderPricingBody,
  type PricingRequestInput,
  type SavedOrder,
  type SignupState,
} from '@coparent/domain';
import { queryOptions } from '@tanstack/react-query';
import {
  priceSignup,
  readSignupPricing,
  signupPricingPath,
  signupPricingRequest,
} from '@/api/price-signup';
import type { ServerFetch, ServerQuery } from '@/lib/server-queries';
import { signupFlowId } from '../flow-id';
import { checkoutPricingKey } from './seed-signup-pricing';

/**
 * The body a saved signup's order is priced with on a payment page the server writes: its saved
 * billing address (else its phone), no codes, not paying for the co-parent — what a form posted
 * without a script pays, so the total shown is the total charged.
 */
export function savedOrderPricingBody(signup: SignupState, order: SavedOrder): PricingRequestInput {
  const address = signup.billing?.address;
  return orderPricingBody({
    order,
    address: address && {
      line1: address.line1,
      line2: address.line2 || undefined,
      city: address.city,
      region: address.region || undefined,
      postalCode: address.postalCode || undefined,
      country: address.country,
    },
    phoneCountryCode: signup.parent.phoneCountryCode ?? undefined,
    phoneNumber: signup.parent.phoneNumber ?? undefined,
    payForCoparent: false,
    paymentCodes: [],
    promoCodes: [],
  });
}

/** The saved order's price (the signup's key is in the browser's cookie). */
export function savedOrderPricingQueryOptions(
  signup: SignupState,
  body: PricingRequestInput,
  locale: Locale,
) {
  return queryOptions({
    queryKey: checkoutPricingKey(signupFlowId(signup.signupId), body, locale),
    queryFn: () => priceSignup({ signupId: signup.signupId, body }),
    staleTime: 60 * 1000,
    retry: false,
  });
}

/** The saved order's price, read on the server for the payment page it writes. */
export async function savedOrderPricingQueries(
  signup: SignupState,
  locale: Locale,
  fetchJson: ServerFetch,
): Promise<ServerQuery[]> {
  if (!signup.order) return [];
  const body = savedOrderPricingBody(signup, signup.order);
  const answer = await fetchJson(signupPricingPath(signup.signupId), {
    body: signupPricingRequest(signup.signupId, body),
  });
  const { queryKey } = savedOrderPricingQueryOptions(signup, body, locale);
  return [{ queryKey, data: readSignupPricing(answer) }];
}
