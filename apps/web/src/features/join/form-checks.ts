import { onDemand } from '@/lib/on-demand';

/**
 * The numbered steps' form checks (their schemas, and zod), by the path of the form's page: not in
 * the steps' first load, they load with a form's first check; a page answering a post of its form
 * loads them before it renders (app/start.tsx), as it shows the post's problems from the start.
 */
export const JOIN_FORM_CHECKS = {
  '/step1': onDemand(() => import('./components/step-one-checks')),
  '/step2': onDemand(() => import('./components/step-two-checks')),
} as const;

/** Loads the checks of the form a page answers, if it is one of these. */
export async function loadFormChecks(path: string): Promise<void> {
  if (path in JOIN_FORM_CHECKS)
    await JOIN_FORM_CHECKS[path as keyof typeof JOIN_FORM_CHECKS].load();
}
