import { AccountBillingPage } from '@/features/account/billing/account-billing-page';
import { PaymentFieldsForToken } from '@/features/checkout/payment-provider/payment-fields-for-token';

/**
 * /app/account/billing: where the funnel's legacy co-parent paths land. The update of the method
 * on file uses the checkout's card fields and wallets.
 */
export function BillingRoute() {
  return <AccountBillingPage PaymentFields={PaymentFieldsForToken} />;
}
