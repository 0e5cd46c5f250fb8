import {
  type PricingRequestInput,
  type PricingResponse,
  PricingResponseSchema,
} from '@coparent/domain';
import { ApiError, apiRequest } from '@/lib/api-client';
import type { SignupKey } from '@/stores/funnel-store';

type PriceOrderInput = SignupKey & { body: PricingRequestInput };

/**
 * POST /v2/signups/{signupId}/pricing: the server's price of an order, computed from its catalog.
 * An invalid subscription code answers 422 at `paymentCodes.N` ('Invalid activation code').
 */
export async function priceOrder({
  signupId,
  registrationKey,
  body,
}: PriceOrderInput): Promise<PricingResponse> {
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
