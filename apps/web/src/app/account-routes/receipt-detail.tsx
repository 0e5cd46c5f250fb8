import { useParams } from 'react-router';
import { ReceiptDetailPage } from '@/features/account/receipts/receipt-detail-page';

/** /app/account/receipts/:receiptId. */
export function ReceiptDetailRoute() {
  const { receiptId = '' } = useParams();
  return <ReceiptDetailPage key={receiptId} receiptId={receiptId} />;
}
