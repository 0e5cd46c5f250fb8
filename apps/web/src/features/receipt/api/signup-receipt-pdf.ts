import type { Locale } from '@coparent/domain';
import { signupReceiptPath } from './get-signup-receipt';

/**
 * GET /v2/signups/{signupId}/receipt/pdf: the paid signup's receipt as a PDF, authorised by the
 * browser's signup cookie like the receipt call, in the page's language.
 */
export function signupReceiptPdfUrl(signupId: string, locale: Locale): string {
  return `${signupReceiptPath(signupId)}/pdf?lang=${locale}`;
}
