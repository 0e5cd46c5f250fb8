import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountRoutes } from '../account-router';
import { AppProviders } from '../providers';
import { routes } from '../router';
import { siteRoutes } from '../site-router';

afterEach(() => vi.restoreAllMocks());

describe.each([
  ['the join funnel', routes, '/signup'],
  ['the account area', accountRoutes, '/login'],
  ['the site pages', siteRoutes, '/help'],
] as [string, RouteObject[], string][])(
  '%s, before its first screen has loaded',
  (_, tree, path) => {
    it('shows the app frame, busy, and React Router warns of nothing', async () => {
      const warn = vi.spyOn(console, 'warn');
      const router = createMemoryRouter(tree, { initialEntries: [path] });
      expect(router.state.initialized).toBe(false);
      render(
        <AppProviders queryClient={new QueryClient()}>
          <RouterProvider router={router} />
        </AppProviders>,
      );
      expect(screen.getByText('CoParent Hub').closest('[aria-busy="true"]')).not.toBeNull();
      expect(warn).not.toHaveBeenCalledWith(expect.stringContaining('HydrateFallback'));
    });
  },
);
