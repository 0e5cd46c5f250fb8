import {
  type AccountSubscriptionResponse,
  AccountSubscriptionResponseSchema,
} from '@coparent/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../session/use-account-session';

/**
 * PUT /v2/account/subscriptions/:id/auto-renew: the subscription as it is after; an ApiError with
 * a 409 at `form` (ended, not the payer, a professional's), 404, or 401 logged out.
 */
async function setAutoRenew(input: {
  subscriptionId: string;
  autoRenew: boolean;
}): Promise<AccountSubscriptionResponse> {
  const answer = await apiRequest<unknown>(
    `/v2/account/subscriptions/${encodeURIComponent(input.subscriptionId)}/auto-renew`,
    { method: 'PUT', body: { autoRenew: input.autoRenew } },
  );
  return parseAnswer(AccountSubscriptionResponseSchema, answer);
}

/** Turns auto-renewal off or on; the account's pages (home, subscription) are read again after. */
export function useSetAutoRenew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAutoRenew,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY }),
  });
}
