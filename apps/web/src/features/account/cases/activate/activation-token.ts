import { useAddressToken } from '@/lib/use-address-token';

/** The welcome email's credentials token, taken out of the address bar (this tab only). */
const TOKEN_KEY = 'coparent.activateToken';

/** The token of /activate?token=…, the professional's welcome email link. */
export function useActivationToken(): string | null {
  return useAddressToken(TOKEN_KEY);
}
