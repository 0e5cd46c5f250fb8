import type { Package } from '@coparent/domain';
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import {
  clearBypassReloadMarker,
  clearPricingSelection,
  hasReloadedForBypass,
  markReloadedForBypass,
  pageActions,
  readPricingSelection,
} from '../pricing-selection';

/** How choosing a package ended: saved (and navigated), failed (worth a reload), or handled. */
type ChooseOutcome = 'saved' | 'failed' | 'handled';

type BypassState =
  /** No selection from the pricing page (or it was used): show the cards. */
  | 'none'
  /** Saving the pricing-page selection. */
  | 'selecting'
  /** The selection is not among this visitor's packages: cleared, the cards are shown. */
  | 'unavailable'
  /** Saving it failed again after one reload: cleared, the cards are shown. */
  | 'failed';

/**
 * The pricing-page bypass: a package chosen earlier on /pricing is chosen
 * automatically when it is among the offered packages, then forgotten. A failed save reloads the
 * page once (a sessionStorage marker prevents a loop); after that the normal cards show.
 */
export function usePackageBypass({
  packages,
  choose,
}: {
  packages: readonly Package[] | undefined;
  choose: (pkg: Package) => Promise<ChooseOutcome>;
}): BypassState {
  // The selection is in this browser's storage: a page the server wrote reads it once taken over.
  const isHydrated = useHydrated();
  const [selection, setSelection] = useState(() =>
    isHydrated ? readPricingSelection() : undefined,
  );
  useEffect(() => {
    if (isHydrated && selection === undefined) setSelection(readPricingSelection());
  }, [isHydrated, selection]);
  const [outcome, setState] = useState<BypassState>();
  const state: BypassState = outcome ?? (selection ? 'selecting' : 'none');
  const hasStarted = useRef(false);
  const chooseRef = useRef(choose);
  chooseRef.current = choose;

  useEffect(() => {
    if (!selection || !packages || hasStarted.current) return;
    hasStarted.current = true;
    const pkg = packages.find((candidate) => candidate.id === selection.packageId);
    if (!pkg) {
      clearPricingSelection();
      clearBypassReloadMarker();
      setState('unavailable');
      return;
    }
    void chooseRef.current(pkg).then((outcome) => {
      if (outcome === 'failed' && !hasReloadedForBypass()) {
        markReloadedForBypass();
        pageActions.reload();
        return;
      }
      clearPricingSelection();
      clearBypassReloadMarker();
      setState(outcome === 'failed' ? 'failed' : 'none');
    });
  }, [selection, packages]);

  return state;
}
