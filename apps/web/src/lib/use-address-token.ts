import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readStorage, writeStorage } from './storage';

/**
 * The `?token=` of an emailed link: stored for this tab under `storageKey` and taken out of the
 * address bar with a history replace (out of history and Referer), so a reload still works.
 * Without one in the address, the one stored earlier in this tab, if any.
 */
export function useAddressToken(storageKey: string): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const urlToken = new URLSearchParams(location.search).get('token');
  const [token] = useState<string | null>(() => {
    if (urlToken) {
      writeStorage('session', storageKey, urlToken);
      return urlToken;
    }
    return readStorage('session', storageKey);
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
