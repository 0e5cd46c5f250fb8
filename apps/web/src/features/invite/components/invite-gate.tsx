import {
  ACCOUNT_HOME_PATH,
  INVITE_PATHS,
  type InvitedContext,
  inviteCoveredRedirect,
  isInviteAuthFailure,
} from '@coparent/domain';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { useInvitedContext } from '@/api/get-invited-context';
import { GenericError } from '@/components/generic-error';
import { Spinner } from '@/components/spinner';
import { isApiError } from '@/lib/api-client';
import { fullPage } from '@/lib/full-page';
import { useHydrated } from '@/lib/use-hydrated';
import { keepInviteInCookie, readInviteToken } from '@/stores/invite-token';
import { useWrittenInviteToken } from '../hooks/use-written-invite-token';
import { isInviteCompleted } from '../invite-errors';
import { InviteCompleted } from './invite-completed';

type InviteGateProps = {
  /** The screen, given the token of this tab and the invited context as the server has it now. */
  children: (invite: { token: string; context: InvitedContext }) => ReactNode;
  /**
   * A screen of the paying path (packages, build your own, payment): a professional's family,
   * whose subscription the practice covers, goes on to what they still owe instead (the
   * credentials, which say who covers it), before anything is priced or saved.
   */
  isPaymentScreen?: boolean;
};

/**
 * The one entry check of the /invite/* screens after the welcome: the invite of the page the
 * server wrote (its cookie's), else the tab's stored invite token; without either, the account home (a full page load); the link of someone who already has credentials, "You're
 * all set"; an expired or invalid invite (403, 112), /invite/request;
 * a spinner while the context loads; the generic error when it cannot be read; a professional's
 * family on a paying screen, `inviteCoveredRedirect`. Each screen adds
 * its own progress rule (e.g. `invitePaymentRedirect`) on the context it is given.
 */
export function InviteGate({ children, isPaymentScreen = false }: InviteGateProps) {
  const writtenToken = useWrittenInviteToken();
  const isHydrated = useHydrated();
  // A page the server wrote found the invite from its cookie: nothing read from storage while the
  // app takes it over (the server has none), and the tab goes on with the cookie.
  const token = writtenToken ?? (isHydrated ? readInviteToken() : null);
  const context = useInvitedContext(token);

  useEffect(() => {
    if (writtenToken) keepInviteInCookie();
    else if (!token) fullPage.assign(ACCOUNT_HOME_PATH);
  }, [token, writtenToken]);

  if (!token) return null;
  const isCompleted = isInviteCompleted(context.error);
  // A screen already shown keeps its data when credentials are set under it (its own success).
  if (isCompleted && !context.data) return <InviteCompleted />;
  if (context.isError && !isCompleted) {
    if (isApiError(context.error) && isInviteAuthFailure(context.error.status)) {
      return <Navigate to={INVITE_PATHS.request} replace />;
    }
    return <GenericError />;
  }
  if (!context.data) return <Spinner />;
  const covered = isPaymentScreen ? inviteCoveredRedirect(context.data) : null;
  if (covered) return <Navigate to={covered} replace />;
  return <>{children({ token, context: context.data })}</>;
}
