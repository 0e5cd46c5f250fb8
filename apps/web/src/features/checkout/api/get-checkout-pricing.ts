import type { Locale, PricingRequestInput } from '@coparent/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckoutSession } from '../checkout-session';
import { checkoutPricingKey } from './seed-signup-pricing';

type PricingFlow = Pick<CheckoutSession, 'flowId' | 'calls'>;

/** The flow's price of a body. */
export function checkoutPricingQueryOptions(
  flow: PricingFlow,
  body: PricingRequestInput,
  locale: Locale,
) {
  return queryOptions({
    queryKey: checkoutPricingKey(flow.flowId, body, locale),
    queryFn: () => flow.calls.price(body),
    staleTime: 60 * 1000,
    retry: false,
  });
}

/** The order summary's pricing; while a new price loads the previous one stays on screen. */
export function useCheckoutPricing(
  flow: PricingFlow,
  body: PricingRequestInput,
  locale: Locale,
  { enabled = true } = {},
) {
  return useQuery({
    ...checkoutPricingQueryOptions(flow, body, locale),
    enabled,
    placeholderData: keepPreviousData,
  });
}
