import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 bits of randomness. */
const KEY_BYTES = 32;

/** A new registration key: 32 random bytes, base64url (43 characters). */
export function generateRegistrationKey(): string {
  return randomBytes(KEY_BYTES).toString('base64url');
}

/** What the database stores: the key's SHA-256 digest, hex. */
export function hashRegistrationKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Constant-time comparison of a presented key with a stored digest. */
export function registrationKeyMatches(key: string | undefined, storedHash: string): boolean {
  if (!key) return false;
  const presented = Buffer.from(hashRegistrationKey(key), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
