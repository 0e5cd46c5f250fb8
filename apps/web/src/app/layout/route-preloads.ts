import type { RoutePath } from '../route-modules';

/** What the build writes (apps/web/vite.config.ts, `routePreloads`): per path, its chunks. */
type RouteFiles = { scripts: string[]; styles: string[] };
type Preload = { rel: 'modulepreload' | 'prefetch'; href: string };

/** The build's table of each screen's chunks, fetched once per page (the browser revalidates it). */
let table: Promise<Record<string, RouteFiles>> | undefined;

function routeTable(): Promise<Record<string, RouteFiles>> {
  table ??= fetch(`${import.meta.env.BASE_URL}route-preloads.json`)
    .then((answer) => (answer.ok ? answer.json() : {}))
    .catch(() => ({}));
  return table;
}

function isLinked(href: string): boolean {
  return [...document.head.querySelectorAll('link')].some(
    (link) => link.getAttribute('href') === href,
  );
}

function addLink({ rel, href }: Preload): void {
  if (isLinked(href)) return;
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  // As the app's own script and stylesheet loads ask for them, or the browser fetches them twice.
  link.crossOrigin = '';
  // A style is only fetched into the cache (a `preload` not used at once warns in the console).
  if (rel === 'prefetch') link.as = 'style';
  document.head.append(link);
}

/**
 * Adds the links a few at a time while the browser is idle: each one starts a request, and
 * dozens at once would hold the page for a moment a tap could land in.
 */
function addWhenIdle(preloads: Preload[]): Promise<void> {
  if (typeof window.requestIdleCallback !== 'function') {
    for (const preload of preloads) addLink(preload);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const next = (deadline: IdleDeadline) => {
      do {
        const preload = preloads.shift();
        if (!preload) return resolve();
        addLink(preload);
      } while (deadline.timeRemaining() > 2);
      window.requestIdleCallback(next);
    };
    window.requestIdleCallback(next);
  });
}

/**
 * Fetches the screens' chunks and styles into the browser's caches without running any of them:
 * `modulepreload` compiles a module but leaves it unevaluated until the screen imports it; a
 * style is prefetched and applies only when the screen adds it. A build
 * without the table (the dev server) preloads nothing.
 */
export async function preloadRoutes(paths: readonly RoutePath[]): Promise<void> {
  const files = await routeTable();
  const preloads: Preload[] = paths.flatMap((path) => [
    ...(files[path]?.scripts ?? []).map((href) => ({ rel: 'modulepreload' as const, href })),
    ...(files[path]?.styles ?? []).map((href) => ({ rel: 'prefetch' as const, href })),
  ]);
  await addWhenIdle(preloads);
}
