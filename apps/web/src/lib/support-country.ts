import { useEffect, useSyncExternalStore } from 'react';

/**
 * The country a screen knows better than the join funnel does (the practice's on /pro, the
 * invited co-parent's billing address on /invite): the support lines follow it while that screen
 * is shown. Kept outside the screens' code, so the layout's footer reads it for a few bytes.
 */
let screenCountry: string | undefined;
const listeners = new Set<() => void>();

function announce(country: string | undefined) {
  screenCountry = country;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const noScreenCountry = () => undefined;

/** The country the screen on show announced, if any. */
export function useScreenSupportCountry(): string | undefined {
  // No screen has announced one in a server render (nor in the hydration that follows it).
  return useSyncExternalStore(subscribe, () => screenCountry, noScreenCountry);
}

/** Announces the screen's country while it is mounted (nothing for an unknown country). */
export function useAnnounceSupportCountry(country: string | null | undefined): void {
  useEffect(() => {
    if (!country) return;
    announce(country);
    return () => {
      if (screenCountry === country) announce(undefined);
    };
  }, [country]);
}
