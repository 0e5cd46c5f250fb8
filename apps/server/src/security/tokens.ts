import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Bearer secrets (invite tokens, credentials tokens, session tokens, idempotency keys at rest):
 * 256 random bits in base64url; the database keeps only their SHA-256 (hex), so a stolen table
 * holds nothing usable. A lookup by hash is an index search on a value the attacker cannot
 * choose, so it leaks no timing about stored tokens; `tokenMatches` compares in constant time
 * where a stored hash is checked directly.
 */

/** A new token: 32 random bytes, base64url (43 characters). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token (or any secret string), hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function tokenMatches(token: string | undefined, storedHash: string): boolean {
  if (!token) return false;
  const presented = Buffer.from(hashToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,128})\s*$/i.exec(header ?? '');
  return match?.[1];
}
