/**
 * Was this document loaded by a reload (F5, the browser's reload button)? Together with the
 * router's initial location (`location.key === 'default'`) it tells a reloaded screen from one
 * reached by navigation.
 */
export function wasPageReloaded(): boolean {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') {
    return false;
  }
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload';
}
