import { type CurrencyCode, minorToDecimalString } from '@coparent/domain';
import { useEffect } from 'react';

/** The id of the one affiliate script element (it is added once per page load). */
export const AFFILIATE_SCRIPT_ID = 'affiliate-script';

/**
 * The affiliate network's script on the main flow's receipt ("an affiliate tracking
 * pixel (with transactionId and amount) and a script load on this screen"). Off unless the build
 * sets `VITE_AFFILIATE_SCRIPT_URL` to an https address; the server's Content-Security-Policy
 * allows its origin when `AFFILIATE_SCRIPT_ORIGIN` is set.
 */
export function affiliateScriptUrl(): string | undefined {
  const value: unknown = import.meta.env.VITE_AFFILIATE_SCRIPT_URL;
  return typeof value === 'string' && /^https:\/\//.test(value) ? value : undefined;
}

/** The conversion handed to the script. */
type AffiliateConversion = {
  transactionId: string;
  amountMinor: number;
  currency: CurrencyCode;
};

/**
 * Loads the affiliate script once, async (the receipt never waits for it), with the conversion
 * on the element as data attributes, which the script reads from `document.currentScript.dataset`:
 * `data-transaction-id`, `data-amount` (decimal, e.g. 159.36) and `data-currency` (ISO 4217).
 * Nothing happens without a `src` or a conversion (the reload message has none).
 */
export function useAffiliateScript(
  src: string | undefined,
  conversion: AffiliateConversion | undefined,
): void {
  const transactionId = conversion?.transactionId;
  const amountMinor = conversion?.amountMinor;
  const currency = conversion?.currency;
  useEffect(() => {
    if (!src || !transactionId || amountMinor === undefined || !currency) return;
    if (document.getElementById(AFFILIATE_SCRIPT_ID)) return;
    const script = document.createElement('script');
    script.id = AFFILIATE_SCRIPT_ID;
    script.async = true;
    script.src = src;
    script.referrerPolicy = 'no-referrer';
    script.dataset.transactionId = transactionId;
    script.dataset.amount = minorToDecimalString(amountMinor, currency);
    script.dataset.currency = currency;
    document.head.append(script);
  }, [src, transactionId, amountMinor, currency]);
}
