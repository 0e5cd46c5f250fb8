import { type AccountSession, AccountSessionSchema } from '@coparent/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';

/** Every account query starts with this key: logging in or out resets them all. */
export const ACCOUNT_QUERY_KEY = ['account'] as const;
const ACCOUNT_SESSION_QUERY_KEY = [...ACCOUNT_QUERY_KEY, 'session'] as const;

/** GET /v2/account/session: who is logged in; 401 SESSION_REQUIRED when nobody is. */
async function getAccountSession(signal?: AbortSignal): Promise<AccountSession> {
  const answer = await apiRequest<unknown>('/v2/account/session', { signal });
  return parseAnswer(AccountSessionSchema, answer, 'session');
}

/** The logged-in account (the header, the pages); `error` is an ApiError 401 when logged out. */
export function useAccountSession() {
  return useQuery({
    queryKey: ACCOUNT_SESSION_QUERY_KEY,
    queryFn: ({ signal }) => getAccountSession(signal),
    staleTime: 60_000,
  });
}
