import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders on the server and while it hydrates that HTML in the browser, true
 * from then on (and from the first render of a page the browser renders itself). What only the
 * browser knows (its storage, its language list) waits for true, so the hydration render matches
 * the server's HTML; the page then renders again with it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
