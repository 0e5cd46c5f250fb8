import {
  DISCOUNT_LINK_COOKIE,
  type DiscountLink,
  decodeCookieText,
  isReferrerKey,
  parseDiscountLink,
} from '@coparent/domain';
import { takeCookie } from './cookies';
import { readStorage, writeStorage } from './storage';

// The discount link (`?discount=1&referrerKey=KEY&percentage=<base64>`, parsed by
// the domain's parseDiscountLink) is read on entry to any join page and kept for the tab in
// sessionStorage. The family step sends the key as X-Referrer-Key; the banner shows the percentage.
// A page written with no script keeps the link in a session cookie instead, taken here.

export const DISCOUNT_LINK_STORAGE_KEY = 'coparent.discount';

/** The stored link; anything unreadable or tampered in storage counts as none. */
export function readDiscountLink(): DiscountLink | null {
  const raw = readStorage('session', DISCOUNT_LINK_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { referrerKey, percent } = parsed as Record<string, unknown>;
    if (!isReferrerKey(referrerKey)) return null;
    const isPercent =
      typeof percent === 'number' && Number.isInteger(percent) && percent >= 1 && percent <= 100;
    return { referrerKey, percent: isPercent ? percent : null };
  } catch {
    return null;
  }
}

/**
 * Stores the discount link of a query string when it has one (a later link replaces an earlier
 * one); answers the link now in force.
 */
export function rememberDiscountLink(search: string): DiscountLink | null {
  const kept = decodeCookieText(takeCookie(DISCOUNT_LINK_COOKIE));
  const link = parseDiscountLink(search) ?? (kept ? parseDiscountLink(kept) : null);
  if (link) writeStorage('session', DISCOUNT_LINK_STORAGE_KEY, JSON.stringify(link));
  return link ?? readDiscountLink();
}

/** The X-Referrer-Key header for the family step, when a discount link was followed. */
export function referrerKeyHeader(): Record<string, string> {
  const link = readDiscountLink();
  return link ? { 'X-Referrer-Key': link.referrerKey } : {};
}
