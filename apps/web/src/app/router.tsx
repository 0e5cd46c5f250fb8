import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { JOIN_BASENAME } from './join-path';
import { AppShellFallback } from './layout/app-shell-fallback';
import { RootLayout } from './layout/root-layout';
import { GUARDED_STEPS, loadStepGuard, ROUTE_MODULES } from './route-modules';
import { LEGACY_PATHS, LegacyRedirectRoute } from './routes/legacy-redirect';
import { RouteError } from './routes/route-error';

/** A numbered step behind its guard, loaded side by side with the step's own chunk. */
async function guardedStep(
  path: keyof typeof GUARDED_STEPS,
  loadScreen: () => Promise<ComponentType>,
) {
  const [{ RequireStep }, Screen] = await Promise.all([loadStepGuard(), loadScreen()]);
  return {
    element: (
      <RequireStep step={GUARDED_STEPS[path]}>
        <Screen />
      </RequireStep>
    ),
  };
}

// Every screen is its own chunk (JS size budgets): the landing page loads only its own.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <AppShellFallback />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to="/signup" replace /> },
          {
            path: 'signup',
            lazy: async () => ({ Component: (await ROUTE_MODULES['/signup']()).LandingRoute }),
          },
          {
            path: 'coparentstatus',
            lazy: async () => ({
              Component: (await ROUTE_MODULES['/coparentstatus']()).CoParentStatusRoute,
            }),
          },
          {
            path: 'step1',
            lazy: () =>
              guardedStep('/step1', async () => (await ROUTE_MODULES['/step1']()).StepOneRoute),
          },
          {
            path: 'step2',
            lazy: () =>
              guardedStep('/step2', async () => (await ROUTE_MODULES['/step2']()).StepTwoRoute),
          },
          {
            path: 'step3',
            lazy: () =>
              guardedStep('/step3', async () => (await ROUTE_MODULES['/step3']()).StepThreeRoute),
          },
          {
            path: 'alacarte',
            lazy: () =>
              guardedStep(
                '/alacarte',
                async () => (await ROUTE_MODULES['/alacarte']()).AlaCarteRoute,
              ),
          },
          {
            path: 'payment',
            lazy: () =>
              guardedStep('/payment', async () => (await ROUTE_MODULES['/payment']()).PaymentRoute),
          },
          {
            path: 'credentials',
            lazy: async () => ({
              Component: (await ROUTE_MODULES['/credentials']()).CredentialsRoute,
            }),
          },
          {
            path: 'receipt',
            lazy: async () => ({ Component: (await ROUTE_MODULES['/receipt']()).ReceiptRoute }),
          },
          {
            path: 'pricing',
            lazy: async () => ({ Component: (await ROUTE_MODULES['/pricing']()).PricingRoute }),
          },
          {
            path: 'duplicate',
            lazy: async () => ({ Component: (await ROUTE_MODULES['/duplicate']()).DuplicateRoute }),
          },
          {
            path: 'resume',
            lazy: async () => ({ Component: (await ROUTE_MODULES['/resume']()).ResumeRoute }),
          },
          {
            path: 'pro',
            lazy: async () => ({ Component: (await ROUTE_MODULES['/pro']()).ProRoute }),
          },
          {
            path: 'invite',
            lazy: async () => ({ Component: (await ROUTE_MODULES['/invite']()).InviteRoute }),
          },
          {
            path: 'invite/request',
            lazy: async () => ({
              Component: (await ROUTE_MODULES['/invite/request']()).InviteRequestRoute,
            }),
          },
          {
            path: 'invite/step1',
            lazy: async () => ({
              Component: (await ROUTE_MODULES['/invite/step1']()).InviteStepOneRoute,
            }),
          },
          {
            path: 'invite/packages',
            lazy: async () => ({
              Component: (await ROUTE_MODULES['/invite/packages']()).InvitePackagesRoute,
            }),
          },
          {
            path: 'invite/choose-your-own',
            lazy: async () => ({
              Component: (await ROUTE_MODULES['/invite/choose-your-own']())
                .InviteChooseYourOwnRoute,
            }),
          },
          {
            path: 'invite/billing-info',
            lazy: async () => ({
              Component: (await ROUTE_MODULES['/invite/billing-info']()).InviteBillingInfoRoute,
            }),
          },
          {
            path: 'invite/payment',
            lazy: async () => ({
              Component: (await ROUTE_MODULES['/invite/payment']()).InvitePaymentRoute,
            }),
          },
          {
            path: 'invite/credentials',
            lazy: async () => ({
              Component: (await ROUTE_MODULES['/invite/credentials']()).InviteCredentialsRoute,
            }),
          },
          {
            path: 'invite/receipt',
            lazy: async () => ({
              Component: (await ROUTE_MODULES['/invite/receipt']()).InviteReceiptRoute,
            }),
          },
          ...LEGACY_PATHS.map((path) => ({ path: `${path}/*`, element: <LegacyRedirectRoute /> })),
          // Rarely seen: its page frame stays out of the chunks every visitor loads.
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
          },
        ],
      },
    ],
  },
];

/**
 * The join's router. Taking over a page the server wrote, it starts as a hydrated router: the
 * page stays where the person has scrolled it (a router's first render otherwise scrolls to the
 * top, under a finger about to tap). The screen reads no route data, so the data is empty.
 */
export function createAppRouter({ takesOverWrittenPage = false } = {}) {
  return createBrowserRouter(routes, {
    basename: JOIN_BASENAME,
    ...(takesOverWrittenPage ? { hydrationData: {} } : {}),
  });
}
