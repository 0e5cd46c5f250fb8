import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireStep } from '../features/join/components/require-step';
import { RootLayout } from './layout/root-layout';
import { AlaCarteRoute } from './routes/alacarte';
import { CoParentStatusRoute } from './routes/coparent-status';
import { CredentialsRoute } from './routes/credentials';
import { DuplicateRoute } from './routes/duplicate';
import { InviteRoute } from './routes/invite';
import { InviteChooseYourOwnRoute } from './routes/invite-choose-your-own';
import { InviteCredentialsRoute } from './routes/invite-credentials';
import { InvitePackagesRoute } from './routes/invite-packages';
import { InviteReceiptRoute } from './routes/invite-receipt';
import { InviteRequestRoute } from './routes/invite-request';
import { InviteStepOneRoute } from './routes/invite-step-one';
import { LandingRoute } from './routes/landing';
import { LEGACY_PATHS, LegacyRedirectRoute } from './routes/legacy-redirect';
import { NotFoundRoute } from './routes/not-found';
import { PricingRoute } from './routes/pricing';
import { ReceiptRoute } from './routes/receipt';
import { RouteError } from './routes/route-error';
import { StepOneRoute } from './routes/step-one';
import { StepThreeRoute } from './routes/step-three';
import { StepTwoRoute } from './routes/step-two';

export const JOIN_BASENAME = '/app/join';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to="/signup" replace /> },
          { path: 'signup', element: <LandingRoute /> },
          { path: 'coparentstatus', element: <CoParentStatusRoute /> },
          {
            path: 'step1',
            element: (
              <RequireStep step={1}>
                <StepOneRoute />
              </RequireStep>
            ),
          },
          {
            path: 'step2',
            element: (
              <RequireStep step={2}>
                <StepTwoRoute />
              </RequireStep>
            ),
          },
          {
            path: 'step3',
            element: (
              <RequireStep step={3}>
                <StepThreeRoute />
              </RequireStep>
            ),
          },
          {
            path: 'alacarte',
            element: (
              <RequireStep step={3}>
                <AlaCarteRoute />
              </RequireStep>
            ),
          },
          {
            path: 'payment',
            // Its own chunk: the billing form's country, region and time-zone tables.
            lazy: async () => {
              const { PaymentRoute } = await import('./routes/payment');
              return {
                element: (
                  <RequireStep step={4}>
                    <PaymentRoute />
                  </RequireStep>
                ),
              };
            },
          },
          { path: 'credentials', element: <CredentialsRoute /> },
          { path: 'receipt', element: <ReceiptRoute /> },
          { path: 'pricing', element: <PricingRoute /> },
          { path: 'duplicate', element: <DuplicateRoute /> },
          {
            path: 'pro',
            // Its own chunk: the country, region, time-zone and role tables only /pro needs.
            lazy: async () => ({ Component: (await import('./routes/pro')).ProRoute }),
          },
          { path: 'invite', element: <InviteRoute /> },
          { path: 'invite/request', element: <InviteRequestRoute /> },
          { path: 'invite/step1', element: <InviteStepOneRoute /> },
          { path: 'invite/packages', element: <InvitePackagesRoute /> },
          { path: 'invite/choose-your-own', element: <InviteChooseYourOwnRoute /> },
          {
            path: 'invite/billing-info',
            // Its own chunk: the billing form's country, region and time-zone tables.
            lazy: async () => ({
              Component: (await import('./routes/invite-billing-info')).InviteBillingInfoRoute,
            }),
          },
          {
            path: 'invite/payment',
            // Its own chunk, as /payment.
            lazy: async () => ({
              Component: (await import('./routes/invite-payment')).InvitePaymentRoute,
            }),
          },
          { path: 'invite/credentials', element: <InviteCredentialsRoute /> },
          { path: 'invite/receipt', element: <InviteReceiptRoute /> },
          ...LEGACY_PATHS.map((path) => ({ path: `${path}/*`, element: <LegacyRedirectRoute /> })),
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: JOIN_BASENAME });
}
