import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * The invite token: taken out of the address bar on arrival and
 * kept in session storage for this tab, then sent as `Authorization: Bearer <token>`.
 */
export function storeInviteToken(token: string): void {
  writeStorage('session', STORAGE_KEYS.inviteToken, token);
}

export function readInviteToken(): string | null {
  const token = readStorage('session', STORAGE_KEYS.inviteToken);
  return token ? token : null;
}

export function clearInviteToken(): void {
  removeStorage('session', STORAGE_KEYS.inviteToken);
}

/** The `Authorization` header of every invited call. */
export function inviteAuthHeaders(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}
