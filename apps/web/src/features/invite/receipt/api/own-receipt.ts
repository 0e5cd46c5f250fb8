import { AccountReceiptSchema, AccountReceiptSummarySchema } from '@coparent/domain';
import { z } from 'zod';
import { parseAnswer } from '@/lib/api-client';
import type { ServerFetch, ServerQuery } from '@/lib/server-queries';
import { OWN_RECEIPT_QUERY_KEY } from './own-receipt-key';

/** The part of GET /v2/account/home the receipt needs: the receipts, newest first. */
const ReceiptListSchema = z.object({ receipts: z.array(AccountReceiptSummarySchema) });

/**
 * What /invite/receipt reads, on the server, with the login its credentials opened (the
 * browser's session cookie): the newest of the co-parent's own receipts (GET /v2/account/home,
 * then GET /v2/account/receipts/:id). None when they have none (Parent A paid, or a practice
 * covers them): the page is not theirs then.
 */
export async function ownReceiptQueries(fetchJson: ServerFetch): Promise<ServerQuery[]> {
  const { receipts } = parseAnswer(ReceiptListSchema, await fetchJson('/v2/account/home'));
  const newest = receipts[0];
  if (!newest) return [];
  const receipt = parseAnswer(
    AccountReceiptSchema,
    await fetchJson(`/v2/account/receipts/${encodeURIComponent(newest.receiptId)}`),
  );
  return [{ queryKey: OWN_RECEIPT_QUERY_KEY, data: receipt }];
}
