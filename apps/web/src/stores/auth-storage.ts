import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * After the login post: "stores auth and user id" in browser storage. The session
 * itself is the server's http-only cookie; these only say, for this tab, who is logged in.
 */
export function storeAuth(userId: string): void {
  writeStorage('session', STORAGE_KEYS.auth, 'true');
  writeStorage('session', STORAGE_KEYS.userId, userId);
}

/** Whether this tab logged in (`storeAuth`). */
export function isLoggedInHere(): boolean {
  return readStorage('session', STORAGE_KEYS.auth) === 'true';
}

export function clearAuth(): void {
  removeStorage('session', STORAGE_KEYS.auth);
  removeStorage('session', STORAGE_KEYS.userId);
}
