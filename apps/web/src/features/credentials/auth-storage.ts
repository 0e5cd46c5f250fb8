import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * After the login post (spec 001 §7): "stores auth and user id" in browser storage. The session
 * itself is the server's http-only cookie; these only say, for this tab, who is logged in.
 */
export function storeAuth(userId: string): void {
  writeStorage('session', STORAGE_KEYS.auth, 'true');
  writeStorage('session', STORAGE_KEYS.userId, userId);
}

export function readAuth(): { isLoggedIn: boolean; userId: string | null } {
  return {
    isLoggedIn: readStorage('session', STORAGE_KEYS.auth) === 'true',
    userId: readStorage('session', STORAGE_KEYS.userId),
  };
}

export function clearAuth(): void {
  removeStorage('session', STORAGE_KEYS.auth);
  removeStorage('session', STORAGE_KEYS.userId);
}
