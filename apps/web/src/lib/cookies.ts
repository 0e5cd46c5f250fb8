// The few cookies the app shares with the server's pages (none secret; HttpOnly ones it never sees).

/** A cookie's value, or undefined. */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  return document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
}

/** Sets a cookie (SameSite=Lax); without `maxAgeSeconds` it lasts until the browser closes. */
export function writeCookie(
  name: string,
  value: string,
  { path = '/', maxAgeSeconds }: { path?: string; maxAgeSeconds?: number } = {},
): void {
  if (typeof document === 'undefined') return;
  const age = maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox.
  document.cookie = `${name}=${value}; Path=${path}${age}; SameSite=Lax`;
}

/** Removes a cookie the server set on `path`. */
export function clearCookie(name: string, path = '/'): void {
  writeCookie(name, '', { path, maxAgeSeconds: 0 });
}

/** A cookie's value once: read, then removed (its content has moved into the tab's own store). */
export function takeCookie(name: string, path = '/'): string | undefined {
  const value = readCookie(name);
  if (value !== undefined) clearCookie(name, path);
  return value;
}
