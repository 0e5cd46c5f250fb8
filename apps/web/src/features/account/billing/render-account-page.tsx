import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { accountRoutes } from '@/app/account-router';
import { AppProviders } from '@/app/providers';
import type { FlagOverrides } from '@/lib/flags';

/**
 * Test helper: the account app (layout, routes, providers) at a path under /app/account, with
 * the flags given (as `?flags=` would set them).
 */
export function renderAccountPage(path: string, { flags }: { flags?: FlagOverrides } = {}) {
  const [pathname = path, search = ''] = path.split(/(?=\?)/);
  const router = createMemoryRouter(accountRoutes, { initialEntries: [{ pathname, search }] });
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
