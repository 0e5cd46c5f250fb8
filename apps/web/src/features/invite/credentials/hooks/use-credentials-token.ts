import { useQuery } from '@tanstack/react-query';
import { readInviteCredentialsToken } from '@/stores/invite-payment-result';
import { requestCredentialsToken } from '../api/invited-credentials-calls';

/**
 * The single-use credentials token of /invite/credentials: the one the invited payment handed
 * over, else a new one from POST /v2/users/:userId/credentials-token (asked once per visit: only
 * the newest token works).
 */
export function useCredentialsToken({ token, userId }: { token: string; userId: string }) {
  const fromPayment = readInviteCredentialsToken();
  const minted = useQuery({
    queryKey: ['invite', 'credentialsToken', userId, token],
    queryFn: () => requestCredentialsToken({ token, userId }),
    enabled: !fromPayment,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  if (fromPayment) return { credentialsToken: fromPayment, error: null, isPending: false };
  return {
    credentialsToken: minted.data?.clickToJoinToken ?? null,
    error: minted.error,
    isPending: minted.isPending,
  };
}
