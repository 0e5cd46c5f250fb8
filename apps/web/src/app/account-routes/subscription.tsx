import { SubscriptionPage } from '@/features/account/subscription/subscription-page';

/** /app/account/subscription: the renewal, auto-renewal off and on, and the way to cancel. */
export function SubscriptionRoute() {
  return <SubscriptionPage />;
}
