import { useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { wasPageReloaded } from '@/lib/page-reload';
import { useCheckoutStore } from '../checkout-store';

/**
 * Entering the payment page of a flow: a fresh visit starts at Billing with promo codes cleared;
 * a reload keeps where the person was (the state is in sessionStorage); another
 * flow's state is dropped. True once entered (the views may read the store from then on).
 */
export function useEnterCheckout(flowId: string | undefined): boolean {
  const location = useLocation();
  const [isReload] = useState(() => location.key === 'default' && wasPageReloaded());
  const [enteredFlow, setEnteredFlow] = useState<string>();
  // Before the browser paints: the page opens on its view, not on a spinner for a frame.
  useLayoutEffect(() => {
    if (!flowId) return;
    useCheckoutStore.getState().enter(flowId, { isReload });
    setEnteredFlow(flowId);
  }, [flowId, isReload]);
  return flowId !== undefined && enteredFlow === flowId;
}
