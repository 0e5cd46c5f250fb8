import {
  type AccountPaymentMethodUpdateResponse,
  AccountPaymentMethodUpdateResponseSchema,
  type ClientTokenResponse,
  ClientTokenResponseSchema,
} from '@coparent/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../session/use-account-session';

const PAYMENT_METHOD_PATH = '/v2/account/payment-method';

/** GET …/client-token: the payment fields' token; 409 when the user pays for no subscription. */
async function getClientToken(): Promise<ClientTokenResponse> {
  const answer = await apiRequest<unknown>(`${PAYMENT_METHOD_PATH}/client-token`);
  return parseAnswer(ClientTokenResponseSchema, answer, 'token');
}

/** PUT: the nonce of the card fields; 422 at `nonce` when the card is refused, 409 at `form`. */
async function updatePaymentMethod(nonce: string): Promise<AccountPaymentMethodUpdateResponse> {
  const answer = await apiRequest<unknown>(PAYMENT_METHOD_PATH, {
    method: 'PUT',
    body: { nonce },
  });
  return parseAnswer(AccountPaymentMethodUpdateResponseSchema, answer);
}

/** The token while the card form is open (asked again after a while: they are short-lived). */
export function usePaymentMethodClientToken(isOpen: boolean) {
  return useQuery({
    queryKey: [...ACCOUNT_QUERY_KEY, 'payment-method', 'client-token'],
    queryFn: getClientToken,
    enabled: isOpen,
    staleTime: 10 * 60 * 1000,
    retry: false,
  });
}

/** The update; then every account page reads again (billing and subscription show the card). */
export function useUpdatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY }),
  });
}
