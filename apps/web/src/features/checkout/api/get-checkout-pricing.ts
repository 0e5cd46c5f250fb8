import {
  type Locale,
  type PricingRequestInput,
  type PricingResponse,
  PricingResponseSchema,
} from '@coparent/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

export type CheckoutPricingInput = {
  signupId: string;
  registrationKey: string;
  body: PricingRequestInput;
};

/**
 * POST /v2/signups/{signupId}/pricing: the server's price of the order with the billing address,
 * the codes and pay-for-co-parent. The amounts shown and sent to the payment come from here only.
 */
export async function getCheckoutPricing({
  signupId,
  registrationKey,
  body,
}: CheckoutPricingInput): Promise<PricingResponse> {
  const answer = await apiRequest<unknown>(`/v2/signups/${encodeURIComponent(signupId)}/pricing`, {
    method: 'POST',
    body: { limboId: signupId, ...body },
    registrationKey,
  });
  const parsed = PricingResponseSchema.safeParse(answer);
  if (!parsed.success) {
    throw new ApiError({ status: 200, code: 'INVALID_RESPONSE', message: 'Unexpected pricing' });
  }
  return parsed.data;
}

/** The key holds what is priced and the language (formatted amounts), never the secret key. */
export function checkoutPricingQueryOptions(input: CheckoutPricingInput, locale: Locale) {
  return queryOptions({
    queryKey: ['checkout', 'pricing', input.signupId, JSON.stringify(input.body), locale],
    queryFn: () => getCheckoutPricing(input),
    staleTime: 60 * 1000,
    retry: false,
  });
}

/** The order summary's pricing; while a new price loads the previous one stays on screen. */
export function useCheckoutPricing(
  input: CheckoutPricingInput,
  locale: Locale,
  { enabled = true } = {},
) {
  return useQuery({
    ...checkoutPricingQueryOptions(input, locale),
    enabled,
    placeholderData: keepPreviousData,
  });
}
