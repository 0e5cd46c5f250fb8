import { useState } from 'react';
import { useTokenFromAddress } from '@/lib/use-address-token';
import { readInviteToken, storeInviteToken } from '@/stores/invite-token';
import { useWrittenInviteToken } from './use-written-invite-token';

/**
 * The invite token of /invite?token=…: on arrival it is stored for the tab and taken out of the
 * address bar. A welcome the server wrote from the link already answered with the token in the
 * HttpOnly cookie (and the page holds it nowhere): the tab goes on with the cookie. Without one
 * in the address, the token stored earlier in this tab, if any.
 */
export function useInviteToken(): string | null {
  const written = useWrittenInviteToken();
  const urlToken = useTokenFromAddress();
  const [token] = useState<string | null>(() => {
    if (urlToken) {
      storeInviteToken(written ?? urlToken);
      return written ?? urlToken;
    }
    return readInviteToken();
  });
  return token;
}
