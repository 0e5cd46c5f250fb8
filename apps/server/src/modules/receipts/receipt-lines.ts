import {
  areTaxesIncluded,
  type Locale,
  type Receipt,
  taxLabelKeys,
  translateMessage,
} from '@coparent/domain';
import type { ReceiptEmailItems } from '../email/templates/receipt.js';

const DATE_LOCALES: Record<Locale, string> = { en: 'en-US', 'es-MX': 'es-MX' };

const ENDING_IN: Record<Locale, string> = { en: 'ending in', 'es-MX': 'terminada en' };

/**
 * What a stored receipt says, in one language, every amount as the receipt page shows it: the
 * receipt email and the PDF receipt are both written from these lines.
 */
export type ReceiptLines = {
  packageName: string;
  /** Term, subtotal, discount, each code's credit and the tax line. */
  items: ReceiptEmailItems;
  totalFormatted: string;
  /** e.g. 'Visa ending in 1881', 'PayPal'; null when nothing was charged (codes covered it). */
  paymentMethod: string | null;
  transactionId: string | null;
  /** The payment's date and time, in GMT. */
  date: string;
  renewsOn: string;
  payForCoParent: boolean;
};

export function receiptLines(receipt: Receipt, locale: Locale): ReceiptLines {
  const dateFormat = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(DATE_LOCALES[locale], { ...options, timeZone: 'UTC' });
  return {
    packageName: receipt.packageDisplayName,
    items: receiptItems(receipt, locale),
    totalFormatted: receipt.totals.totalFormatted,
    paymentMethod: paymentMethodText(receipt, locale),
    transactionId: receipt.transactionId,
    date: dateFormat({ dateStyle: 'long', timeStyle: 'short' }).format(
      new Date(receipt.transactionDateTime),
    ),
    renewsOn: dateFormat({ dateStyle: 'long' }).format(new Date(receipt.renewsAt)),
    payForCoParent: receipt.payForCoParent,
  };
}

/** The order's lines between the package and the total, in the receipt page's words. */
function receiptItems(receipt: Receipt, locale: Locale): ReceiptEmailItems {
  const { totals, couponDetail, paymentCodeDetails, taxes } = receipt;
  const label = taxLabelKeys(receipt.packageId, taxes)
    .map((key) => translateMessage(key, locale))
    .join(' + ');
  return {
    termYears: receipt.subDurationInYears,
    subtotal: totals.subTotalFormatted,
    discount: couponDetail
      ? { code: couponDetail.couponCode, amount: couponDetail.discountFormatted }
      : undefined,
    codes: paymentCodeDetails.map((detail) => ({
      code: detail.code,
      amount: detail.amountFormatted,
    })),
    tax: { label, amount: totals.taxAmountFormatted, isIncluded: areTaxesIncluded(taxes, false) },
  };
}

function paymentMethodText(receipt: Receipt, locale: Locale): string | null {
  if (!receipt.transactionId) return null;
  if (receipt.paymentMethod === 'PAYPAL') return 'PayPal';
  if (receipt.paymentMethod === 'VENMO') return 'Venmo';
  // Apple Pay is a card on the receipt: its brand and last four digits.
  return `${receipt.cardType ?? ''} ${ENDING_IN[locale]} ${receipt.cardLastFour ?? ''}`.trim();
}
