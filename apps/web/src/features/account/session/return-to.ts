/**
 * Where the login page goes after a successful login: a path inside the account area
 * (basename /app/account), e.g. `/receipts/abc`. Anything else (another site, `//host`, a
 * backslash that browsers read as a slash, control characters, the login page itself) is refused,
 * so a crafted login link cannot send a person elsewhere.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || value.length > 500) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/login/')) return null;
  return value;
}

/** The login page's path (inside the account area) that comes back to `returnTo` afterwards. */
export function loginPath(returnTo?: string | null): string {
  const safe = safeReturnTo(returnTo);
  return safe && safe !== '/' ? `/login?returnTo=${encodeURIComponent(safe)}` : '/login';
}
