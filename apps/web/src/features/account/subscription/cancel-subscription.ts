import {
  type AccountSubscriptionResponse,
  AccountSubscriptionResponseSchema,
  type CancelReason,
} from '@coparent/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../session/use-account-session';

/**
 * POST /v2/account/subscriptions/:id/cancel with the optional reason: the subscription as it is
 * after; an ApiError with a 409 at `form`, 404, or 401 logged out.
 */
async function cancelSubscription(input: {
  subscriptionId: string;
  reason: CancelReason | null;
}): Promise<AccountSubscriptionResponse> {
  const answer = await apiRequest<unknown>(
    `/v2/account/subscriptions/${encodeURIComponent(input.subscriptionId)}/cancel`,
    { method: 'POST', body: { reason: input.reason } },
  );
  return parseAnswer(AccountSubscriptionResponseSchema, answer);
}

/** Cancels; the account's pages are read again after. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY }),
  });
}
