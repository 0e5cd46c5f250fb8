import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { RoutePath } from '../route-modules';
import { preloadRoutes } from './route-preloads';

/** Where each screen's Continue can lead: their chunks are fetched while the person fills it in. */
const NEXT_STEPS: Partial<Record<RoutePath, readonly RoutePath[]>> = {
  '/signup': ['/coparentstatus', '/step1'],
  '/coparentstatus': ['/step1'],
  '/step1': ['/step2'],
  '/step2': ['/step3'],
  '/step3': ['/payment', '/alacarte'],
  '/alacarte': ['/payment'],
  '/payment': ['/credentials'],
  '/credentials': ['/receipt'],
  '/invite': ['/invite/step1'],
  '/invite/step1': ['/invite/packages', '/invite/billing-info'],
  '/invite/packages': ['/invite/payment', '/invite/choose-your-own'],
  '/invite/choose-your-own': ['/invite/payment'],
  '/invite/billing-info': ['/invite/payment'],
  '/invite/payment': ['/invite/credentials'],
  '/invite/credentials': ['/invite/receipt'],
};

function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

/**
 * Once a screen has rendered, fetches the next screens' chunks when the browser is idle, so
 * Continue waits only for the API. They are preloaded, not imported: the browser fetches and
 * compiles them, but none of their code runs on this screen. A failed preload is ignored: the
 * navigation loads the screen again.
 */
export function PrefetchNextStep() {
  const { pathname } = useLocation();
  useEffect(() => {
    const next = NEXT_STEPS[pathname as RoutePath];
    if (!next) return;
    return whenIdle(() => void preloadRoutes(next));
  }, [pathname]);
  return null;
}
