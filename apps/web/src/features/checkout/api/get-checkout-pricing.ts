import {
  type Locale,
  type PricingRequestInput,
  type PricingResponse,
  PricingResponseSchema,
} from '@coparent/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import type { SignupKey } from '@/stores/funnel-store';
import type { CheckoutSession } from '../checkout-session';
import { checkoutPricingKey } from './seed-signup-pricing';

type CheckoutPricingInput = SignupKey & { body: PricingRequestInput };

/** A pricing call's 200 answer, checked. */
export function parsePricingResponse(answer: unknown): PricingResponse {
  const parsed = PricingResponseSchema.safeParse(answer);
  if (!parsed.success) {
    throw new ApiError({ status: 200, code: 'INVALID_RESPONSE', message: 'Unexpected pricing' });
  }
  return parsed.data;
}

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
  return parsePricingResponse(answer);
}

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
