import { CancelSubscriptionPage } from '@/features/account/subscription/cancel-subscription-page';

/** /app/account/subscription/cancel: canceling in one step, saying plainly what happens. */
export function SubscriptionCancelRoute() {
  return <CancelSubscriptionPage />;
}
