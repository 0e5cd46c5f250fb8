import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Bearer secrets (signup registration keys, invite tokens, credentials tokens, session tokens,
 * idempotency keys at rest): 256 random bits in base64url; the database keeps only their SHA-256
 * (hex), so a stolen table holds nothing usable. A lookup by hash is an index search on a value
 * the attacker cannot choose, so it leaks no timing about stored tokens; a registration key is
 * checked against the hash on its signup's row, so that check compares in constant time.
 */

/** A new token: 32 random bytes, base64url (43 characters). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token (or any secret string), hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Constant-time check of a presented registration key against its signup's stored hash. */
export function registrationKeyMatches(key: string | undefined, storedHash: string): boolean {
  if (!key) return false;
  const presented = Buffer.from(hashToken(key), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,128})\s*$/i.exec(header ?? '');
  return match?.[1];
}
