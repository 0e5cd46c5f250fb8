import { type PaymentView, paymentViewOf } from '@coparent/domain';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCheckoutStore } from '../checkout-store';

/**
 * The view the current history entry and the page last agreed on. Kept outside the component:
 * the page may mount again while it moves between views, and must still tell which side moved.
 */
const agreed: { view?: PaymentView } = {};

/** The payment view a history entry of the page holds (its state), if any. */
function entryViewOf(state: unknown): PaymentView | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  return paymentViewOf((state as { paymentView?: unknown }).paymentView);
}

/**
 * Each payment view is its own entry in the browser's history, at the same address (the view in
 * the entry's state): the browser's Back goes Review → Payment → Billing, then leaves the page,
 * and Forward comes back, as if each view were a page. A view the page moves to (its buttons) is
 * a new entry; an entry the browser moves to (Back, Forward) is shown, or Billing when that view
 * cannot be reached any more (`canShow`).
 */
export function usePaymentViewHistory(
  shown: PaymentView,
  canShow: (view: PaymentView) => boolean,
): void {
  const location = useLocation();
  const navigate = useNavigate();
  const entryView = entryViewOf(location.state);

  useEffect(() => {
    // The checkout was ended (its flow reset) and the page is being left: no entry for it.
    if (useCheckoutStore.getState().flowId === undefined) return;
    const here = { pathname: location.pathname, search: location.search };
    const withView = (view: PaymentView) => ({
      ...(typeof location.state === 'object' ? location.state : {}),
      paymentView: view,
    });
    if (entryView === undefined) {
      // The page's first entry: it names the view it shows, without a new entry.
      agreed.view = shown;
      navigate(here, { replace: true, state: withView(shown) });
      return;
    }
    if (entryView !== agreed.view) {
      // The browser moved to another entry: show its view.
      agreed.view = entryView;
      if (entryView !== shown) {
        useCheckoutStore.getState().setView(canShow(entryView) ? entryView : 'BILLING');
      }
      return;
    }
    if (shown !== agreed.view) {
      // The page moved to another view: a new entry for it.
      agreed.view = shown;
      navigate(here, { state: withView(shown) });
    }
  }, [entryView, shown, canShow, location.pathname, location.search, location.state, navigate]);
}
