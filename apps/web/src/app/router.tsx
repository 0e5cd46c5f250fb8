import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireStep } from '../features/join/components/require-step';
import { RootLayout } from './layout/root-layout';
import { CoParentStatusRoute } from './routes/coparent-status';
import { DuplicateRoute } from './routes/duplicate';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';
import { ProRoute } from './routes/pro';
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
          { path: 'duplicate', element: <DuplicateRoute /> },
          { path: 'pro', element: <ProRoute /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: JOIN_BASENAME });
}
