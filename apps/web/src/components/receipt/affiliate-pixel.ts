import { type CurrencyCode, minorToDecimalString } from '@coparent/domain';

/**
 * The affiliate tracking pixel (with the transaction id and amount). Off unless the
 * build sets `VITE_AFFILIATE_PIXEL_URL` (e.g. `https://track.example.com/conv.gif`); the server's
 * `AFFILIATE_PIXEL_ORIGIN` lets the Content-Security-Policy load it.
 */
export function affiliatePixelBaseUrl(): string | undefined {
  const value: unknown = import.meta.env.VITE_AFFILIATE_PIXEL_URL;
  return typeof value === 'string' && /^https:\/\//.test(value) ? value : undefined;
}

/** The pixel's address: the base with `transactionId` and `amount` (decimal, e.g. 159.36). */
export function affiliatePixelSrc(
  base: string,
  transactionId: string,
  amountMinor: number,
  currency: CurrencyCode,
): string {
  const url = new URL(base);
  url.searchParams.set('transactionId', transactionId);
  url.searchParams.set('amount', minorToDecimalString(amountMinor, currency));
  return url.toString();
}
