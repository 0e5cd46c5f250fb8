import {
  type AccountSubscriptionResponse,
  AccountSubscriptionResponseSchema,
  type SubscriptionPlansResponse,
  SubscriptionPlansResponseSchema,
} from '@coparent/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';
import { ACCOUNT_QUERY_KEY } from '../session/use-account-session';

const planPath = (subscriptionId: string) =>
  `/v2/account/subscriptions/${encodeURIComponent(subscriptionId)}/plan`;

/** GET /v2/account/subscriptions/:id/plans: the plans the payer may renew on, each priced. */
async function getPlans(
  subscriptionId: string,
  signal?: AbortSignal,
): Promise<SubscriptionPlansResponse> {
  const answer = await apiRequest<unknown>(`${planPath(subscriptionId)}s`, { signal });
  return parseAnswer(SubscriptionPlansResponseSchema, answer, 'plans');
}

export function useSubscriptionPlans(subscriptionId: string | undefined) {
  const locale = useLocale();
  return useQuery({
    queryKey: [...ACCOUNT_QUERY_KEY, 'subscription-plans', subscriptionId, locale],
    queryFn: ({ signal }) => getPlans(subscriptionId ?? '', signal),
    enabled: subscriptionId !== undefined,
  });
}

/**
 * PUT .../plan `{ packageId }` (the current package undoes a change) or DELETE .../plan: the
 * subscription as it is after; an ApiError with a 422 at `packageId`, a 409 at `form`, or 401.
 */
async function changePlan(input: {
  subscriptionId: string;
  packageId: number | null;
}): Promise<AccountSubscriptionResponse> {
  const answer = await apiRequest<unknown>(
    planPath(input.subscriptionId),
    input.packageId === null
      ? { method: 'DELETE' }
      : { method: 'PUT', body: { packageId: input.packageId } },
  );
  return parseAnswer(AccountSubscriptionResponseSchema, answer);
}

/** Changes or undoes the plan at renewal; the account's pages are read again after. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY }),
  });
}
