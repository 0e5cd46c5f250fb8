import { InviteReceiptPage } from '@/features/invite/receipt/components/invite-receipt-page';
import { addOtherPagesCatalogue } from '@/locales/catalogue-other-pages.en';

// The texts of every page but the numbered steps come with the page (JS size budgets).
addOtherPagesCatalogue();

/** /invite/receipt: the invited co-parent's receipt and the way to log in. */
export function InviteReceiptRoute() {
  return <InviteReceiptPage />;
}
