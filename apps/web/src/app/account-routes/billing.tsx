import { AccountBillingPage } from '@/features/account/billing/account-billing-page';
import { CardFieldsForToken } from '@/features/checkout/payment-provider/card-fields-for-token';

/**
 * /app/account/billing: where the funnel's legacy co-parent paths land. The card update uses the
 * checkout's card fields.
 */
export function BillingRoute() {
  return <AccountBillingPage PaymentFields={CardFieldsForToken} />;
}
