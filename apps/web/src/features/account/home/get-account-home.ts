import { type AccountHome, AccountHomeSchema } from '@coparent/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';
import { ACCOUNT_QUERY_KEY } from '../session/use-account-session';

/** GET /v2/account/home (package names come in the current language). */
async function getAccountHome(signal?: AbortSignal): Promise<AccountHome> {
  const answer = await apiRequest<unknown>('/v2/account/home', { signal });
  return parseAnswer(AccountHomeSchema, answer, 'home');
}

export function useAccountHome() {
  const locale = useLocale();
  return useQuery({
    queryKey: [...ACCOUNT_QUERY_KEY, 'home', locale],
    queryFn: ({ signal }) => getAccountHome(signal),
  });
}
