import { AccountBillingPage } from '@/features/account/billing/account-billing-page';

/** /app/account/billing: where the funnel's legacy co-parent paths land ([F7]). */
export function BillingRoute() {
  return <AccountBillingPage />;
}
