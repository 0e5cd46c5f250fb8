import {
  type PricingRequestInput,
  type PricingResponse,
  PricingResponseSchema,
} from '@coparent/domain';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import type { SignupKey } from '@/stores/funnel-store';

type PriceSignupInput = SignupKey & { body: PricingRequestInput };

/**
 * POST /v2/signups/{signupId}/pricing: the server's price of an order, computed from its catalog,
 * with the billing address, the codes and pay-for-co-parent where the body has them. The checkout's
 * amounts, shown and sent to the payment, come from here only. A subscription code that cannot
 * pay for the order answers 422 at `paymentCodes.N` with its reason and the reason's `key`.
 */
export async function priceSignup({
  signupId,
  registrationKey,
  body,
}: PriceSignupInput): Promise<PricingResponse> {
  const answer = await apiRequest<unknown>(signupPricingPath(signupId), {
    method: 'POST',
    body: signupPricingRequest(signupId, body),
    registrationKey,
  });
  return readSignupPricing(answer);
}

export function signupPricingPath(signupId: string): string {
  return `/v2/signups/${encodeURIComponent(signupId)}/pricing`;
}

export function signupPricingRequest(signupId: string, body: PricingRequestInput) {
  return { limboId: signupId, ...body };
}

export function readSignupPricing(answer: unknown): PricingResponse {
  return parseAnswer(PricingResponseSchema, answer, 'pricing');
}
