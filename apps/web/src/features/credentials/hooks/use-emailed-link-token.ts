import { removeStorage } from '@/lib/storage';
import { useAddressToken } from '@/lib/use-address-token';

/** The receipt email's credentials token, taken out of the address bar (this tab only). */
const LINK_TOKEN_KEY = 'coparent.credentialsLinkToken';

/** The token of /credentials?token=…: the receipt email's link, for a parent who lost the tab that paid. */
export function useEmailedLinkToken(): string | null {
  return useAddressToken(LINK_TOKEN_KEY);
}

/** The link's job is done (credentials set): a reload no longer offers the form. */
export function forgetEmailedLinkToken(): void {
  removeStorage('session', LINK_TOKEN_KEY);
}
