import {
  type AccountSubscriptionResponse,
  AccountSubscriptionResponseSchema,
} from '@coparent/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';
import { ACCOUNT_QUERY_KEY } from '../session/use-account-session';

/** GET /v2/account/subscription (the package's name and the price in the current language). */
async function getAccountSubscription(signal?: AbortSignal): Promise<AccountSubscriptionResponse> {
  const answer = await apiRequest<unknown>('/v2/account/subscription', { signal });
  return parseAnswer(AccountSubscriptionResponseSchema, answer, 'subscription');
}

export const subscriptionQueryKey = (locale: string) =>
  [...ACCOUNT_QUERY_KEY, 'subscription', locale] as const;

export function useAccountSubscription({ enabled = true }: { enabled?: boolean } = {}) {
  const locale = useLocale();
  return useQuery({
    queryKey: subscriptionQueryKey(locale),
    queryFn: ({ signal }) => getAccountSubscription(signal),
    enabled,
  });
}
