import { AccountBillingPage } from '@/features/account/billing/account-billing-page';

/** /app/account/billing: where the funnel's legacy co-parent paths land. */
export function BillingRoute() {
  return <AccountBillingPage />;
}
