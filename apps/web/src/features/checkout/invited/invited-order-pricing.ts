import {
  type InvitedUser,
  isPhoneCodeId,
  type Locale,
  orderPricingBody,
  type PricingRequestInput,
  type SavedOrder,
} from '@coparent/domain';
import { queryOptions } from '@tanstack/react-query';
import type { ServerFetch, ServerQuery } from '@/lib/server-queries';
import { checkoutPricingKey } from '../api/seed-signup-pricing';
import { inviteFlowId } from '../flow-id';
import {
  inviteCheckoutCalls,
  invitePricingPath,
  invitePricingRequest,
  readInvitePricing,
} from './invite-checkout-calls';

/**
 * The body an invited co-parent's saved order is priced with on the payment page the server
 * writes: no codes, not paying for the co-parent (what a form posted without a script pays). The
 * server prices with the saved address; the address here keys the query.
 */
export function invitedOrderPricingBody(user: InvitedUser, order: SavedOrder): PricingRequestInput {
  const { address } = user;
  return orderPricingBody({
    order,
    address: address.country
      ? {
          line1: address.line1 ?? '',
          line2: address.line2 || undefined,
          city: address.city ?? '',
          region: address.region || undefined,
          postalCode: address.postalCode || undefined,
          country: address.country,
        }
      : undefined,
    phoneCountryCode: isPhoneCodeId(user.phoneCountryCode) ? user.phoneCountryCode : undefined,
    phoneNumber: user.phoneNumber ?? undefined,
    payForCoparent: false,
    paymentCodes: [],
    promoCodes: [],
  });
}

/** The invited order's price, with the tab's invite (the cookie's on a page the server wrote). */
export function invitedOrderPricingQueryOptions(
  { token, userId }: { token: string; userId: string },
  body: PricingRequestInput,
  locale: Locale,
) {
  return queryOptions({
    queryKey: checkoutPricingKey(inviteFlowId(userId), body, locale),
    queryFn: () => inviteCheckoutCalls({ token, userId }).price(body),
    staleTime: 60 * 1000,
    retry: false,
  });
}

/** The invited order's price, read on the server (the browser's cookie) for the page it writes. */
export async function invitedOrderPricingQueries(
  user: InvitedUser,
  locale: Locale,
  fetchJson: ServerFetch,
): Promise<ServerQuery[]> {
  if (!user.order) return [];
  const body = invitedOrderPricingBody(user, user.order);
  const answer = await fetchJson(invitePricingPath(user.userId), {
    body: invitePricingRequest(user.userId, body),
  });
  // The key alone: the token is the cookie's on the server.
  const key = checkoutPricingKey(inviteFlowId(user.userId), body, locale);
  return [{ queryKey: key, data: readInvitePricing(answer) }];
}
