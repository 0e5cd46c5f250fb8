import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header carries `Bearer <expected>`. Both sides are hashed first, so
 * the comparison takes the same time whatever the length or the first wrong character.
 */
export function bearerTokenMatches(authorization: string | undefined, expected: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const given = match?.[1] ?? '';
  // Compared even when no token was given: the time does not tell a missing header apart.
  const same = timingSafeEqual(digest(given), digest(expected));
  return match !== null && same;
}
