import {
  canEnterStep,
  isSignupResetStatus,
  nextIncompleteStep,
  pathForStep,
} from '@coparent/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { useServerSignup, useWrittenSignup } from '@/lib/server-signup';
import { useHydrated } from '@/lib/use-hydrated';
import { isSignupExpired, useFunnelStore, useSignupKey } from '@/stores/funnel-store';
import { hasPostedSignup, useCookieSignup } from '../api/get-current-signup';
import { useSignup } from '../api/get-signup';

type RequireStepProps = { step: number; children: ReactNode };

/**
 * Route guard for the numbered steps. With a stored signup it reads it once from the server on
 * mount (not on a page the server wrote with it). Sends the person to /step1 (forgetting the signup, keeping what was typed) when the signup
 * has expired or the server answers 403/404, and otherwise to the earliest incomplete step.
 * Without one, when the server said a form post saved a signup in this browser (step 1 posted
 * before the app ran), a later step first asks for the signup the browser's cookie names.
 */
export function RequireStep({ step, children }: RequireStepProps) {
  const signupKey = useSignupKey();
  const expiresAt = useFunnelStore((s) => s.expiresAt);
  const lastCompletedStep = useFunnelStore((s) => s.lastCompletedStep);
  const syncFromServer = useFunnelStore((s) => s.syncFromServer);
  const endSignup = useFunnelStore((s) => s.endSignup);
  // Only the signup stored when the step opened is read: one created on this step (step 1's
  // submit) was just answered by the server, and reading it again would hold up the next step.
  // A step the server rendered opens with the store's first state: it is known once taken over.
  // One it wrote with the signup reads nothing: the server has just read it for this page, and
  // the tab's store went on with it (take-over-signup.ts).
  const isHydrated = useHydrated();
  const serverSignup = useServerSignup();
  const writtenSignup = useWrittenSignup();
  const [signupIdOnMount, setSignupIdOnMount] = useState<string | null | undefined>(() =>
    isHydrated ? signupKey?.signupId : null,
  );
  useEffect(() => {
    if (isHydrated && signupIdOnMount === null && !writtenSignup) {
      setSignupIdOnMount(signupKey?.signupId);
    }
  }, [isHydrated, signupIdOnMount, signupKey?.signupId, writtenSignup]);
  const signup = useSignup(
    signupIdOnMount !== null && signupKey?.signupId === signupIdOnMount ? signupKey : null,
  );
  const adoptSignup = useFunnelStore((s) => s.adoptSignup);
  const [wasPosted] = useState(() => typeof document !== 'undefined' && hasPostedSignup());
  const asksCookie = isHydrated && !signupKey && step > 1 && wasPosted;
  const cookieSignup = useCookieSignup(asksCookie);
  const adoptable = asksCookie && cookieSignup.data && !cookieSignup.data.paid;

  const isGone =
    isSignupExpired(expiresAt) ||
    (isApiError(signup.error) && isSignupResetStatus(signup.error.status));

  useEffect(() => {
    if (signup.data) syncFromServer(signup.data);
  }, [signup.data, syncFromServer]);

  useEffect(() => {
    if (isGone) endSignup();
  }, [isGone, endSignup]);

  useEffect(() => {
    if (adoptable && cookieSignup.data) adoptSignup(cookieSignup.data);
  }, [adoptable, cookieSignup.data, adoptSignup]);

  // A page the server wrote with the signup: as written, until the tab's store speaks.
  if (serverSignup) return canEnterStep(step, serverSignup.lastCompletedStep) ? children : null;
  if (asksCookie && (cookieSignup.isLoading || adoptable)) return null;

  if (isGone) return step === 1 ? null : <Navigate to="/step1" replace />;
  if (!canEnterStep(step, lastCompletedStep)) {
    return <Navigate to={pathForStep(nextIncompleteStep(lastCompletedStep))} replace />;
  }
  return children;
}
