import {
  type PaymentRequestInput,
  type PaymentResponse,
  PaymentResponseSchema,
} from '@coparent/domain';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import type { SignupKey } from '@/stores/funnel-store';

type PaySignupInput = SignupKey & {
  /** One per attempt: the same key replays the same attempt and never charges twice. */
  idempotencyKey: string;
  body: PaymentRequestInput;
};

/** A payment's 200 answer, checked. */
export function parsePaymentResponse(answer: unknown): PaymentResponse {
  // Paid, but the answer is not what we expect: never treat it as a failure to pay again.
  return parseAnswer(PaymentResponseSchema, answer, 'payment');
}

/**
 * POST /v2/signups/{signupId}/payment with an Idempotency-Key. 402 PAYMENT_DECLINED, 409
 * PRICE_CHANGED (with the new `pricing`) or PAYMENT_IN_PROGRESS, 422 `validationErrors`, 503
 * PAYMENT_PROVIDER_UNAVAILABLE (nothing charged).
 */
export async function paySignup({
  signupId,
  registrationKey,
  idempotencyKey,
  body,
}: PaySignupInput): Promise<PaymentResponse> {
  const answer = await apiRequest<unknown>(`/v2/signups/${encodeURIComponent(signupId)}/payment`, {
    method: 'POST',
    body,
    registrationKey,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return parsePaymentResponse(answer);
}
