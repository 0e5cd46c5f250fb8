import type { JoinStep } from '@coparent/domain';

/**
 * Every join screen's chunk, by path (JS size budgets). The router loads a screen with
 * its loader, the next-step prefetch warms the next screen's, and `bench/web-budget.ts` reads this
 * table to find each route's chunk in the build manifest — so keep one `'path': () =>
 * import('./routes/<file>')` entry per line.
 */
export const ROUTE_MODULES = {
  '/signup': () => import('./routes/landing'),
  '/coparentstatus': () => import('./routes/coparent-status'),
  '/step1': () => import('./routes/step-one'),
  '/step2': () => import('./routes/step-two'),
  '/step3': () => import('./routes/step-three'),
  '/alacarte': () => import('./routes/alacarte'),
  '/payment': () => import('./routes/payment'),
  '/credentials': () => import('./routes/credentials'),
  '/receipt': () => import('./routes/receipt'),
  '/pricing': () => import('./routes/pricing'),
  '/duplicate': () => import('./routes/duplicate'),
  '/resume': () => import('./routes/resume'),
  '/pro': () => import('./routes/pro'),
  '/invite': () => import('./routes/invite'),
  '/invite/request': () => import('./routes/invite-request'),
  '/invite/step1': () => import('./routes/invite-step-one'),
  '/invite/packages': () => import('./routes/invite-packages'),
  '/invite/choose-your-own': () => import('./routes/invite-choose-your-own'),
  '/invite/billing-info': () => import('./routes/invite-billing-info'),
  '/invite/payment': () => import('./routes/invite-payment'),
  '/invite/credentials': () => import('./routes/invite-credentials'),
  '/invite/receipt': () => import('./routes/invite-receipt'),
} as const;

export type RoutePath = keyof typeof ROUTE_MODULES;

/**
 * The numbered steps open behind a guard that checks the stored signup first; the guard (and the
 * signup schema it parses with) loads beside each of these screens' chunks, so the budgets count it.
 */
export const loadStepGuard = () => import('../features/join/components/require-step');

/** The screens behind the step guard, and the step each one is. */
export const GUARDED_STEPS = {
  '/step1': 1,
  '/step2': 2,
  '/step3': 3,
  '/alacarte': 3,
  '/payment': 4,
} as const satisfies Partial<Record<RoutePath, JoinStep>>;
