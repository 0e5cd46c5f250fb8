import type { AccountSession } from '@coparent/domain';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Spinner } from '@/components/spinner';
import { isApiError } from '@/lib/api-client';
import { loginPath } from './return-to';
import { useAccountSession } from './use-account-session';

/** Did an account call answer 401 SESSION_REQUIRED (no live login session)? */
export function isSessionRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/**
 * The account area's convention: a page whose call answers 401 goes to the login page, which
 * comes back to the page afterwards (`/login?returnTo=<its path>`). Returns true while that
 * redirect is under way, so the page can render nothing else.
 */
export function useLoginRedirect(error: unknown): boolean {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const isRequired = isSessionRequired(error);
  useEffect(() => {
    if (isRequired) navigate(loginPath(`${pathname}${search}`), { replace: true });
  }, [isRequired, navigate, pathname, search]);
  return isRequired;
}

type RequireLoginProps = { children: (session: AccountSession) => ReactNode };

/**
 * Renders its children with the logged-in account, or sends the person to log in first. For
 * pages whose own call does not already tell (with `useLoginRedirect`).
 */
export function RequireLogin({ children }: RequireLoginProps) {
  const { t } = useTranslation();
  const session = useAccountSession();
  const isRedirecting = useLoginRedirect(session.error);
  if (session.data) return children(session.data);
  if (session.isError && !isRedirecting) {
    return <p role="alert">{t('account.loadError')}</p>;
  }
  return <Spinner label={t('account.loading')} />;
}
