import {
  type InvitedPaymentRequestInput,
  type InvitePricingRequestInput,
  invitedBillingRequest,
  isInviteAuthFailure,
  type PricingRequestInput,
  PricingResponseSchema,
} from '@coparent/domain';
import { parsePaymentResponse } from '@/features/checkout/api/pay-signup';
import { toSaveBillingAnswer } from '@/features/checkout/api/save-billing';
import type { CheckoutCalls } from '@/features/checkout/checkout-session';
import { getAnonymousId } from '@/lib/anonymous-id';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { inviteAuthHeaders } from '@/stores/invite-token';

/** Where the invited co-parent's order is priced. */
export const invitePricingPath = (userId: string) =>
  `/v2/users/${encodeURIComponent(userId)}/pricing`;

/** The invited pricing call's body for the checkout's generic one (codes as entered). */
export function invitePricingRequest(
  userId: string,
  body: PricingRequestInput,
): InvitePricingRequestInput {
  return {
    userId,
    orderDetail: body.orderDetail,
    subscriptionCodes: body.paymentCodes ?? [],
    promoCodes: body.promoCodes ?? [],
  };
}

export const readInvitePricing = (answer: unknown) =>
  parseAnswer(PricingResponseSchema, answer, 'pricing');

/**
 * The invited co-parent's checkout calls: the same views as
 * Parent A's, bound to `/v2/users/{userId}` and the invite token (`Authorization: Bearer`).
 * 403 (`INVITE_INVALID`, `INVITE_USER_MISMATCH`) or the spec's 112 end the flow: /invite/request.
 */
export function inviteCheckoutCalls({
  token,
  userId,
}: {
  token: string;
  userId: string;
}): CheckoutCalls {
  const url = `/v2/users/${encodeURIComponent(userId)}`;
  const headers = inviteAuthHeaders(token);
  return {
    // PATCH sections PARENT + ADDRESS: the address (PRIMARY) and the time zone; no referral.
    saveBilling: async (values) => {
      const body = invitedBillingRequest(values.billing, {
        userId,
        segmentAnonymousId: getAnonymousId(),
      });
      return toSaveBillingAnswer(
        await apiRequest<unknown>(url, { method: 'PATCH', body, headers }),
      );
    },
    checkCountry: (body) =>
      apiRequest<unknown>(`${url}/country-check`, { method: 'POST', body, headers }),
    // The server prices with the saved billing address; the address in the generic body only
    // keys the query, so a new address prices again.
    price: async (body) =>
      readInvitePricing(
        await apiRequest<unknown>(invitePricingPath(userId), {
          method: 'POST',
          body: invitePricingRequest(userId, body),
          headers,
        }),
      ),
    pay: async ({ idempotencyKey, body }) => {
      const invitedPayment: InvitedPaymentRequestInput = { deviceData: null, ...body };
      return parsePaymentResponse(
        await apiRequest<unknown>(`${url}/payment`, {
          method: 'POST',
          body: invitedPayment,
          headers: { ...headers, 'Idempotency-Key': idempotencyKey },
        }),
      );
    },
    isGone: isInviteAuthFailure,
  };
}
