import { createBrowserRouter, type RouteObject } from 'react-router';
import { addAccountAreaCatalogue } from '../locales/catalogue-account-area.en';
import { addOtherPagesCatalogue } from '../locales/catalogue-other-pages.en';
import { ACCOUNT_BASENAME } from './account-path';
import { AccountLayout } from './layout/account-layout';
import { AppShellFallback } from './layout/app-shell-fallback';
import { RouteError } from './routes/route-error';

// The account area's English texts are not in the funnel's first load: they come with its router,
// with the other pages' (its forms share the checkout's and the credentials' fields).
addAccountAreaCatalogue();
addOtherPagesCatalogue();

/**
 * The account area (/app/account/*): the same build as the join funnel, its own
 * route tree. The funnel reaches it by full page load. Each page is its own chunk.
 */
export const accountRoutes: RouteObject[] = [
  {
    element: <AccountLayout />,
    hydrateFallbackElement: <AppShellFallback />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('./account-routes/home')).AccountHomeRoute,
            }),
          },
          {
            path: 'login',
            lazy: async () => ({ Component: (await import('./account-routes/login')).LoginRoute }),
          },
          {
            path: 'receipts/:receiptId',
            lazy: async () => ({
              Component: (await import('./account-routes/receipt-detail')).ReceiptDetailRoute,
            }),
          },
          {
            path: 'billing',
            lazy: async () => ({
              Component: (await import('./account-routes/billing')).BillingRoute,
            }),
          },
          {
            path: 'subscription',
            lazy: async () => ({
              Component: (await import('./account-routes/subscription')).SubscriptionRoute,
            }),
          },
          {
            path: 'subscription/cancel',
            lazy: async () => ({
              Component: (await import('./account-routes/subscription-cancel'))
                .SubscriptionCancelRoute,
            }),
          },
          {
            path: 'subscription/plan',
            lazy: async () => ({
              Component: (await import('./account-routes/subscription-plan')).SubscriptionPlanRoute,
            }),
          },
          {
            path: 'email',
            lazy: async () => ({ Component: (await import('./account-routes/email')).EmailRoute }),
          },
          {
            path: 'email/confirm',
            lazy: async () => ({
              Component: (await import('./account-routes/email-confirm')).EmailConfirmRoute,
            }),
          },
          {
            path: 'setup',
            lazy: async () => ({ Component: (await import('./account-routes/setup')).SetupRoute }),
          },
          {
            path: 'cases',
            lazy: async () => ({ Component: (await import('./account-routes/cases')).CasesRoute }),
          },
          {
            path: 'activate',
            lazy: async () => ({
              Component: (await import('./account-routes/activate')).ActivateRoute,
            }),
          },
          {
            path: 'recover',
            lazy: async () => ({
              Component: (await import('./account-routes/recover')).RecoverRoute,
            }),
          },
          {
            path: 'admin/funnel',
            lazy: async () => ({
              Component: (await import('./account-routes/admin-funnel')).AdminFunnelRoute,
            }),
          },
          {
            path: '*',
            lazy: async () => ({
              Component: (await import('./account-routes/not-found')).AccountNotFoundRoute,
            }),
          },
        ],
      },
    ],
  },
];

export function createAccountRouter() {
  return createBrowserRouter(accountRoutes, { basename: ACCOUNT_BASENAME });
}
