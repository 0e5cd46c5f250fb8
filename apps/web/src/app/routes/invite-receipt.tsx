import { InviteReceiptPage } from '@/features/invite/receipt/components/invite-receipt-page';

/** /invite/receipt: the invited co-parent's receipt and the way to log in. */
export function InviteReceiptRoute() {
  return <InviteReceiptPage />;
}
