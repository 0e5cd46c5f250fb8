import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readStorage, removeStorage, writeStorage } from '../../../lib/storage';

/** The receipt email's credentials token, taken out of the address bar (this tab only). */
const LINK_TOKEN_KEY = 'coparent.credentialsLinkToken';

/**
 * The token of /credentials?token=… (the receipt email's link, for a parent who lost the tab
 * that paid): stored for the tab and taken out of the address bar with a history replace (out of
 * history and Referer), so a reload still works. Without one in the address, the one stored
 * earlier in this tab, if any.
 */
export function useEmailedLinkToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const urlToken = new URLSearchParams(location.search).get('token');
  const [token] = useState<string | null>(() => {
    if (urlToken) {
      writeStorage('session', LINK_TOKEN_KEY, urlToken);
      return urlToken;
    }
    return readStorage('session', LINK_TOKEN_KEY);
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

/** The link's job is done (credentials set): a reload no longer offers the form. */
export function forgetEmailedLinkToken(): void {
  removeStorage('session', LINK_TOKEN_KEY);
}
