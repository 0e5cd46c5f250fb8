import { ACCOUNT_LOGIN_PATH } from '@coparent/domain';

/**
 * The account login page that opens this receipt in My Account afterwards
 * (`/app/account/login?returnTo=/receipts/<id>`); the plain login page when the id is not known.
 */
export function receiptLoginUrl(receiptId: string | undefined): string {
  return receiptId
    ? `${ACCOUNT_LOGIN_PATH}?returnTo=${encodeURIComponent(`/receipts/${receiptId}`)}`
    : ACCOUNT_LOGIN_PATH;
}
