/**
 * What a page written without a script keeps for the pages after it, where the app (or the server
 * again) reads it. None is a secret; each is SameSite=Lax. Values are base64url (cookie-safe).
 */

/**
 * The visitor's anonymous id (the analytics and flags' targeting key), set by the server on a page
 * it writes without a script when the browser has none; the app keeps the same id (it reads this
 * first when the device has none of its own, and writes its own here). A year.
 */
export const ANONYMOUS_ID_COOKIE = 'coparent_anonymous_id';
export const ANONYMOUS_ID_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The `?flags=` overrides a page without a script was opened with (base64url of the parameter's
 * text), for the tab: the app takes them into its own store and clears the cookie. A session cookie.
 */
export const FLAG_OVERRIDES_COOKIE = 'coparent_flags';

/**
 * The discount link a page without a script was opened with (base64url of its query string), for
 * the tab: the app takes it into its own store and clears the cookie. A session cookie.
 */
export const DISCOUNT_LINK_COOKIE = 'coparent_discount';

/**
 * The first name and email of a step 1 refused because the email has an account (base64url of
 * JSON), for /duplicate only (its Path): the page names the person when the server writes it
 * again (a reload, a post without a script). Half an hour.
 */
export const DUPLICATE_PARENT_COOKIE = 'coparent_duplicate';
export const DUPLICATE_PARENT_COOKIE_PATH = '/app/join/duplicate';
export const DUPLICATE_PARENT_COOKIE_MAX_AGE_SECONDS = 30 * 60;

/** Text as a cookie value: base64url of its UTF-8 bytes (the browser and Node alike). */
export function encodeCookieText(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The text of a cookie value written by encodeCookieText; undefined when it is not one. */
export function decodeCookieText(value: string | undefined): string | undefined {
  if (!value || !/^[A-Za-z0-9_-]+$/.test(value)) return undefined;
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Who a refused step 1 named, as /duplicate says it. */
export type DuplicateParent = { name?: string; email?: string };

const MAX_DUPLICATE_TEXT = 320;

/** The cookie value of DUPLICATE_PARENT_COOKIE; undefined when there is nothing to keep. */
export function duplicateParentCookieValue(parent: DuplicateParent): string | undefined {
  const kept = {
    ...(parent.name ? { name: parent.name.slice(0, MAX_DUPLICATE_TEXT) } : {}),
    ...(parent.email ? { email: parent.email.slice(0, MAX_DUPLICATE_TEXT) } : {}),
  };
  return kept.name || kept.email ? encodeCookieText(JSON.stringify(kept)) : undefined;
}

/** The person a DUPLICATE_PARENT_COOKIE value names; empty for anything else. */
export function duplicateParentOfCookie(value: string | undefined): DuplicateParent {
  const text = decodeCookieText(value);
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const { name, email } = parsed as Record<string, unknown>;
    const fits = (v: unknown): v is string =>
      typeof v === 'string' && v.length > 0 && v.length <= MAX_DUPLICATE_TEXT;
    return { ...(fits(name) ? { name } : {}), ...(fits(email) ? { email } : {}) };
  } catch {
    return {};
  }
}
