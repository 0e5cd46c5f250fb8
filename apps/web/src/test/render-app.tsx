import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import type { FlagOverrides } from '../lib/flags';

type RenderAppOptions = { flags?: FlagOverrides; state?: unknown };

/**
 * Renders the whole join app (layout, routes, providers) at a path, as a browser would: once the
 * path's lazily loaded screen is in (every screen is its own chunk).
 */
export async function renderApp(path: string, { flags, state }: RenderAppOptions = {}) {
  const [pathname = path, search = ''] = path.split(/(?=\?)/);
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname, search, state }],
  });
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return;
        unsubscribe();
        resolve();
      });
    });
  }
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const utils = render(
    <AppProviders queryClient={queryClient} flags={flags}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, user };
}
