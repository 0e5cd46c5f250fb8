import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readStorage, writeStorage } from '../../../../lib/storage';

/** The welcome email's credentials token, taken out of the address bar (this tab only). */
const TOKEN_KEY = 'coparent.activateToken';

/**
 * The token of /activate?token=…: stored for the tab and taken out of the address bar with a
 * history replace (out of history and Referer), so a reload still works. Without one in the
 * address, the one stored earlier in this tab, if any.
 */
export function useActivationToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const urlToken = new URLSearchParams(location.search).get('token');
  const [token] = useState<string | null>(() => {
    if (urlToken) {
      writeStorage('session', TOKEN_KEY, urlToken);
      return urlToken;
    }
    return readStorage('session', TOKEN_KEY);
  });

  useEffect(() => {
    if (urlToken === null) return;
    const rest = new URLSearchParams(location.search);
    rest.delete('token');
    const search = rest.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
  }, [urlToken, location.pathname, location.search, location.hash, navigate]);

  return token;
}
