import { type Location, matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the lazy routes that match `location` and puts what they export on the route objects, so
 * a router made from them renders the page at once: hydrating a server render needs the
 * screen's first render to be the same HTML, not the loading frame.
 */
export async function loadMatchedRoutes(
  routes: RouteObject[],
  location: Pick<Location, 'pathname'>,
  basename: string,
): Promise<void> {
  const matches = matchRoutes(routes, location, basename) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
