import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '@/lib/api-client';
import { clearAuth } from '@/stores/auth-storage';
import { ACCOUNT_QUERY_KEY } from './use-account-session';

/** The login page's state after a logout: it shows the polite "You have logged out" notice. */
export type LoginPageState = { loggedOut?: boolean };

/**
 * POST /v2/logout (the server deletes the session and clears the cookie), then the login page
 * with its notice. Whatever the call answers, this tab forgets the account.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: ['account', 'logout'],
    mutationFn: () => apiRequest<void>('/v2/logout', { method: 'POST' }),
    onSettled: async () => {
      clearAuth();
      // The page left first: a page still shown would ask again for its data, get 401 and send
      // the person to the login page itself, without the notice.
      await navigate('/login', { state: { loggedOut: true } satisfies LoginPageState });
      queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });
    },
  });
}
