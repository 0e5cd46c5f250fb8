import type { AccountReceipt } from '@coparent/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { OWN_RECEIPT_QUERY_KEY } from '../api/own-receipt-key';

/**
 * The co-parent's own receipt when the server wrote this page with it (read once, by the component
 * that was on the page when the app took it over); undefined for a page the tab renders itself,
 * which shows the tab's payment.
 */
export function useWrittenReceipt(): AccountReceipt | undefined {
  const client = useQueryClient();
  const isHydrated = useHydrated();
  const [written] = useState(() =>
    isHydrated ? undefined : client.getQueryData<AccountReceipt>(OWN_RECEIPT_QUERY_KEY),
  );
  return written;
}
