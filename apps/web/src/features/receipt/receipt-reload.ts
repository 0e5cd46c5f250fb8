/**
 * Was this document loaded by reloading the receipt page (F5 on /receipt)? The router's location
 * cannot tell: a reload keeps the history entry's key. The navigation entry names the document's
 * address and how it was loaded.
 */
export function wasReceiptReloaded(): boolean {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') {
    return false;
  }
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (entry?.type !== 'reload') return false;
  try {
    return /\/receipt\/?$/.test(new URL(entry.name).pathname);
  } catch {
    return false;
  }
}
