import {
  type AccountBilling,
  AccountBillingSchema,
  type AccountBillingUpdateRequestInput,
} from '@coparent/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../session/use-account-session';

const BILLING_PATH = '/v2/account/billing';
/** Under the account key: logging in or out resets it with the rest. */
const ACCOUNT_BILLING_QUERY_KEY = [...ACCOUNT_QUERY_KEY, 'billing'] as const;

/** GET /v2/account/billing (the session cookie): 401 SESSION_REQUIRED without a login. */
async function getAccountBilling(): Promise<AccountBilling> {
  const answer = await apiRequest<unknown>(BILLING_PATH);
  return parseAnswer(AccountBillingSchema, answer);
}

/** PUT /v2/account/billing: 200, or an ApiError with the 422's field errors. */
async function saveAccountBilling(body: AccountBillingUpdateRequestInput): Promise<void> {
  await apiRequest<unknown>(BILLING_PATH, { method: 'PUT', body });
}

export function useAccountBilling() {
  return useQuery({
    queryKey: ACCOUNT_BILLING_QUERY_KEY,
    queryFn: getAccountBilling,
    staleTime: 0,
  });
}

export function useSaveAccountBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAccountBilling,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_BILLING_QUERY_KEY }),
  });
}
