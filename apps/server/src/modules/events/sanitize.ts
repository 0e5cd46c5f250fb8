/**
 * What is never stored (nor forwarded): analytics are about steps, not people.
 *
 * - a key that names identifying or secret data, at any depth: anything containing `email`,
 *   `mail`, `passw`, `pwd`, `token`, `secret`, `card`, `cvv`, `cvc`, `ssn`, `phone` or `auth`
 *   (case-insensitive; `cardType` and `authorized` go too: a false positive costs nothing);
 * - a string value that contains an email address;
 * - the query string and fragment of a page path (invitation and reset links carry tokens there).
 */
const IDENTIFYING_KEY = /e-?mail|passw|pwd|token|secret|card|cvv|cvc|ssn|phone|auth/i;
const EMAIL_IN_TEXT = /[^\s@]+@[^\s@]+\.[^\s@]+/;

export function isIdentifyingKey(key: string): boolean {
  return IDENTIFYING_KEY.test(key);
}

function clean(value: unknown): unknown {
  if (typeof value === 'string') return EMAIL_IN_TEXT.test(value) ? undefined : value;
  if (Array.isArray(value)) return value.map(clean).filter((item) => item !== undefined);
  if (value !== null && typeof value === 'object') return sanitizeProperties(value);
  return value;
}

/** A copy without identifying keys or values (the schema bounds the depth beforehand). */
export function sanitizeProperties(properties: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(properties)) {
    if (isIdentifyingKey(key)) continue;
    const cleaned = clean(value);
    if (cleaned !== undefined) out[key] = cleaned;
  }
  return out;
}

/** The path alone: no origin, query string or fragment; no trailing slash. */
export function sanitizePath(path: string | undefined): string | null {
  if (!path) return null;
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  if (!bare.startsWith('/')) return null;
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}
