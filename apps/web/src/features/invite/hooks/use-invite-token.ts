import { useState } from 'react';
import { useTokenFromAddress } from '@/lib/use-address-token';
import { readInviteToken, storeInviteToken } from '@/stores/invite-token';

/**
 * The invite token of /invite?token=…: on arrival it is stored for the tab and taken out of the
 * address bar. Without one in the address, the token stored earlier in this tab, if any.
 */
export function useInviteToken(): string | null {
  const urlToken = useTokenFromAddress();
  const [token] = useState<string | null>(() => {
    if (urlToken) {
      storeInviteToken(urlToken);
      return urlToken;
    }
    return readInviteToken();
  });
  return token;
}
