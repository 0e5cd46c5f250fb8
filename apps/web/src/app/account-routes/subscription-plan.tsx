import { ChangePlanPage } from '@/features/account/subscription/change-plan-page';

/** /app/account/subscription/plan: the package and term the next term renews on. */
export function SubscriptionPlanRoute() {
  return <ChangePlanPage />;
}
