import { useCheckoutStore } from '../checkout-store';
import { isViewEnabled, PaymentSteps } from './payment-steps';

/**
 * The tab's payment views as the funnel indicator's sub-steps: the view shown (one not reachable
 * yet falls back to Billing, as the page does) and the views done, from the checkout's store.
 */
export function TabPaymentSteps() {
  const view = useCheckoutStore((s) => s.view);
  const lastCompletedPaymentStep = useCheckoutStore((s) => s.lastCompletedPaymentStep);
  const setView = useCheckoutStore((s) => s.setView);
  return (
    <PaymentSteps
      view={isViewEnabled(view, lastCompletedPaymentStep) ? view : 'BILLING'}
      lastCompletedPaymentStep={lastCompletedPaymentStep}
      onSelect={setView}
      isSubSteps
    />
  );
}
