import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * The invite token: taken out of the address bar on arrival and sent once as
 * `Authorization: Bearer <token>`; the server's answer keeps it in an HttpOnly cookie, where no
 * script can read it. The tab keeps only a marker that it has an invite (session storage), and
 * the token itself in memory until the page is left: after a reload, calls carry the cookie.
 */

/** What the tab stores, and what `readInviteToken` answers, when the cookie holds the token. */
export const INVITE_IN_COOKIE = 'cookie';

let tokenOfThisPage: string | null = null;

/** A token for this tab, or `INVITE_IN_COOKIE` when the page's answer put it in the cookie. */
export function storeInviteToken(token: string): void {
  tokenOfThisPage = token === INVITE_IN_COOKIE ? null : token;
  writeStorage('session', STORAGE_KEYS.inviteToken, INVITE_IN_COOKIE);
}

/** The token, `INVITE_IN_COOKIE` when only the cookie has it, or null without an invite. */
export function readInviteToken(): string | null {
  const stored = readStorage('session', STORAGE_KEYS.inviteToken);
  if (!stored) return null;
  // A tab from before the cookie stored the token itself.
  if (stored !== INVITE_IN_COOKIE) return stored;
  return tokenOfThisPage ?? INVITE_IN_COOKIE;
}

/**
 * The page was written by the server with the invite its cookie names: the tab goes on with the
 * cookie (a marker, unless it already keeps an invite).
 */
export function keepInviteInCookie(): void {
  if (!readStorage('session', STORAGE_KEYS.inviteToken)) {
    writeStorage('session', STORAGE_KEYS.inviteToken, INVITE_IN_COOKIE);
  }
}

export function clearInviteToken(): void {
  tokenOfThisPage = null;
  removeStorage('session', STORAGE_KEYS.inviteToken);
}

/** The `Authorization` header of every invited call (none when the cookie carries the token). */
export function inviteAuthHeaders(token: string): Record<string, string> {
  return token === INVITE_IN_COOKIE ? {} : { Authorization: `Bearer ${token}` };
}
