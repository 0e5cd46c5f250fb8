import { SITE_PAGE_PATHS } from '@coparent/domain';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { addSitePagesCatalogue } from '../locales/catalogue-site-pages.en';
import { AppShellFallback } from './layout/app-shell-fallback';
import { SitePagesLayout } from './layout/site-pages-layout';
import { RouteError } from './routes/route-error';

// The site pages' English texts are not in the funnel's first load: they come with this router.
addSitePagesCatalogue();

const routePath = (path: string) => path.replace(/^\//, '');

/**
 * Every page outside the join funnel and the account area: the terms, privacy, help and contact
 * pages the footer and the consent boxes link to, and "page not found" for any other path. Each
 * page is its own chunk.
 */
export const siteRoutes: RouteObject[] = [
  {
    element: <SitePagesLayout />,
    hydrateFallbackElement: <AppShellFallback />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          {
            path: routePath(SITE_PAGE_PATHS.terms),
            lazy: async () => ({ Component: (await import('./site-routes/terms')).TermsRoute }),
          },
          {
            path: routePath(SITE_PAGE_PATHS.privacy),
            lazy: async () => ({
              Component: (await import('./site-routes/privacy')).PrivacyRoute,
            }),
          },
          {
            path: routePath(SITE_PAGE_PATHS.help),
            lazy: async () => ({ Component: (await import('./site-routes/help')).HelpRoute }),
          },
          {
            path: routePath(SITE_PAGE_PATHS.contact),
            lazy: async () => ({
              Component: (await import('./site-routes/contact')).ContactRoute,
            }),
          },
          {
            path: '*',
            lazy: async () => ({
              Component: (await import('./site-routes/not-found')).SiteNotFoundRoute,
            }),
          },
        ],
      },
    ],
  },
];

export function createSiteRouter() {
  return createBrowserRouter(siteRoutes);
}
