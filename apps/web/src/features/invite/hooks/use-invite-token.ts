import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readInviteToken, storeInviteToken } from '@/stores/invite-token';

/**
 * The invite token of /invite?token=…: on arrival it is stored for the tab and taken out of the
 * address bar (a replace, i.e. `history.replaceState`, so it stays out of history and Referer).
 * Without one in the address, the token stored earlier in this tab, if any.
 */
export function useInviteToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const urlToken = new URLSearchParams(location.search).get('token');
  const [token] = useState<string | null>(() => {
    if (urlToken) {
      storeInviteToken(urlToken);
      return urlToken;
    }
    return readInviteToken();
  });

  useEffect(() => {
    if (urlToken === null) return;
    const rest = new URLSearchParams(location.search);
    rest.delete('token');
    const search = rest.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [urlToken, location.pathname, location.search, location.hash, location.state, navigate]);

  return token;
}
