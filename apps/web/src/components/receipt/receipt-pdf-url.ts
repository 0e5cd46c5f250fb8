import type { Locale } from '@coparent/domain';

/**
 * GET /v2/account/receipts/{receiptId}/pdf: one of the logged-in user's receipts as a PDF, in the
 * page's language (a plain link cannot send the `language` header). The account area and the
 * invited co-parent's receipt (signed in by then) both link it.
 */
export function accountReceiptPdfUrl(receiptId: string, locale: Locale): string {
  return `/v2/account/receipts/${encodeURIComponent(receiptId)}/pdf?lang=${locale}`;
}
