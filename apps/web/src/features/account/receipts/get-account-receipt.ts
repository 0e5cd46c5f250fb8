import { type AccountReceipt, AccountReceiptSchema } from '@coparent/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../session/use-account-session';

/** GET /v2/account/receipts/:receiptId: 404 RECEIPT_NOT_FOUND for any id not the user's. */
async function getAccountReceipt(receiptId: string, signal?: AbortSignal): Promise<AccountReceipt> {
  const answer = await apiRequest<unknown>(
    `/v2/account/receipts/${encodeURIComponent(receiptId)}`,
    { signal },
  );
  return parseAnswer(AccountReceiptSchema, answer, 'receipt');
}

export function useAccountReceipt(receiptId: string) {
  return useQuery({
    queryKey: [...ACCOUNT_QUERY_KEY, 'receipt', receiptId],
    queryFn: ({ signal }) => getAccountReceipt(receiptId, signal),
  });
}
