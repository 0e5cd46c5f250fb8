import { type ClientTokenResponse, ClientTokenResponseSchema } from '@coparent/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';

/**
 * GET /v2/payment/client-token?country=: the card provider's client token. `provider` says which
 * card form to show: our own form for the local 'sandbox', hosted fields for 'braintree'.
 */
async function getClientToken(country: string | undefined): Promise<ClientTokenResponse> {
  const query = country ? `?country=${encodeURIComponent(country)}` : '';
  const answer = await apiRequest<unknown>(`/v2/payment/client-token${query}`);
  return parseAnswer(ClientTokenResponseSchema, answer, 'token');
}

function clientTokenQueryOptions(country: string | undefined) {
  return queryOptions({
    queryKey: ['checkout', 'client-token', country ?? ''],
    queryFn: () => getClientToken(country),
    // A client token is short-lived on the provider's side: ask again after a while.
    staleTime: 10 * 60 * 1000,
  });
}

export function useClientToken(country: string | undefined, { enabled = true } = {}) {
  return useQuery({ ...clientTokenQueryOptions(country), enabled });
}
