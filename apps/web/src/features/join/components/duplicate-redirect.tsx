import { useMemo } from 'react';
import { Navigate } from 'react-router';
import type { DuplicateLocationState } from '../hooks/use-submit-step-one';

/**
 * Goes to /duplicate with the person's name and email. The state keeps its identity between
 * renders: <Navigate> navigates again whenever its state changes, and while /duplicate's chunk
 * loads the screen that redirects renders again, which would start over without end.
 */
export function DuplicateRedirect({ name, email }: DuplicateLocationState) {
  const state = useMemo<DuplicateLocationState>(
    () => ({ ...(name ? { name } : {}), ...(email ? { email } : {}) }),
    [name, email],
  );
  return <Navigate to="/duplicate" replace state={state} />;
}
