/**
 * The discount link ("a discount arrives through URL parameters (a flag, a referrer
 * key and a base64 percentage)"): `?discount=1&referrerKey=demo-coach&percentage=MTU=`.
 *
 * The browser reads it on entry to any join page, keeps it for the tab, shows the percentage and
 * sends the key as `X-Referrer-Key` on the family step. The server attaches the referrer only when
 * the key is known and active, and applies the referrer record's percentage, never the link's:
 * the link's percentage is a display hint until the server's coupons call answers.
 */

export const DISCOUNT_LINK_PARAMS = {
  flag: 'discount',
  referrerKey: 'referrerKey',
  percentage: 'percentage',
} as const;

/** A referrer key as discount links carry it; anything else is ignored without a lookup. */
export const REFERRER_KEY_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;

export function isReferrerKey(value: unknown): value is string {
  return typeof value === 'string' && REFERRER_KEY_PATTERN.test(value);
}

export type DiscountLink = {
  referrerKey: string;
  /** Whole percent 1–100 decoded from the link, or null when it was missing or malformed. */
  percent: number | null;
};

/** The flag's "on" values: `discount=1` or `discount=true` (any case). */
function isFlagOn(value: string | null): boolean {
  const v = (value ?? '').trim().toLowerCase();
  return v === '1' || v === 'true';
}

/** Standard or URL-safe base64, padding optional; never more than a few characters here. */
const BASE64_PATTERN = /^[A-Za-z0-9+/_-]{1,12}={0,2}$/;

/**
 * The link's base64 percentage ('MTU=' → 15). Anything that is not base64 of a whole number from
 * 1 to 100 (a tampered, truncated or oversized value) is null: never NaN, never a throw.
 */
export function decodeDiscountPercent(value: string | null | undefined): number | null {
  const raw = (value ?? '').trim();
  if (!BASE64_PATTERN.test(raw)) return null;
  const standard = raw.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (standard.length % 4 === 1) return null;
  let text: string;
  try {
    text = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
  } catch {
    return null;
  }
  const match = /^\s*(\d{1,3})\s*%?\s*$/.exec(text);
  if (!match) return null;
  const percent = Number(match[1]);
  return Number.isInteger(percent) && percent >= 1 && percent <= 100 ? percent : null;
}

/** The base64 percentage for a link (15 → 'MTU='); for building links and tests. */
export function encodeDiscountPercent(percent: number): string {
  return btoa(String(percent));
}

/**
 * Reads a discount link from a query string. Null unless the flag is on and the referrer key is
 * well formed; a bad percentage only drops the percentage (the server decides the discount).
 */
export function parseDiscountLink(search: string | URLSearchParams): DiscountLink | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  if (!isFlagOn(params.get(DISCOUNT_LINK_PARAMS.flag))) return null;
  const referrerKey = (params.get(DISCOUNT_LINK_PARAMS.referrerKey) ?? '').trim();
  if (!isReferrerKey(referrerKey)) return null;
  return {
    referrerKey,
    percent: decodeDiscountPercent(params.get(DISCOUNT_LINK_PARAMS.percentage)),
  };
}
