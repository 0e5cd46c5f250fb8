import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readStorage, writeStorage } from './storage';

/**
 * The `?token=` of an emailed link (null without one), taken out of the address bar with a
 * history replace as soon as the screen shows, so it stays out of history and Referer.
 */
export function useTokenFromAddress(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const urlToken = new URLSearchParams(location.search).get('token');

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

  return urlToken;
}

/**
 * The `?token=` of an emailed link, stored for this tab under `storageKey` and taken out of the
 * address bar, so a reload still works. Without one in the address, the one stored earlier in
 * this tab, if any.
 */
export function useAddressToken(storageKey: string): string | null {
  const urlToken = useTokenFromAddress();
  const [token] = useState<string | null>(() => {
    if (urlToken) {
      writeStorage('session', storageKey, urlToken);
      return urlToken;
    }
    return readStorage('session', storageKey);
  });
  return token;
}
