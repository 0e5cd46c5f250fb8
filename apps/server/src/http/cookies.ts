/** A Set-Cookie value (RFC 6265): name=value with the attributes given. No library needed. */
export function serializeCookie(
  name: string,
  value: string,
  options: {
    /** Absent: a session cookie, gone when the browser closes. */
    maxAgeSeconds?: number;
    secure: boolean;
    path?: string;
    /** Off only for a cookie the page's script also writes (the language choice). */
    httpOnly?: boolean;
  },
): string {
  if (!/^[A-Za-z0-9_-]+$/.test(name) || !/^[A-Za-z0-9_.-]*$/.test(value)) {
    throw new Error('cookie names and values are base64url (and dots) here');
  }
  const parts = [
    `${name}=${value}`,
    `Path=${options.path ?? '/'}`,
    ...(options.maxAgeSeconds === undefined
      ? []
      : [`Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`]),
    ...(options.httpOnly === false ? [] : ['HttpOnly']),
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** The value of one cookie of a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** Cookies are Secure when the service is reached over https (PUBLIC_URL). */
export function securesCookies(publicUrl: string): boolean {
  return publicUrl.startsWith('https:');
}
