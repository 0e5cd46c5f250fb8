import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { login } from '@/api/login';
import { AlertBanner } from '@/components/alert-banner';
import { PageHeading } from '@/components/page-heading';
import { useDocumentTitle } from '@/lib/use-document-title';
import { storeAuth } from '@/stores/auth-storage';
import { safeReturnTo } from '../session/return-to';
import { ACCOUNT_QUERY_KEY, useAccountSession } from '../session/use-account-session';
import type { LoginPageState } from '../session/use-logout';
import styles from './login.module.css';
import { LoginForm } from './login-form';

/**
 * /app/account/login: the login form post (POST /v2/login, submit 'Sign In', event id 'submit').
 * Afterwards the page named by `returnTo` (a path inside the account area only), else the home.
 * Someone already logged in goes there at once.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useAccountSession();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const isLoggedOut = (location.state as LoginPageState | null)?.loggedOut === true;
  useDocumentTitle(t('accountLogin.title'));

  // Just logged out: the session still cached is being forgotten.
  if (session.data && !isLoggedOut) return <Navigate to={returnTo ?? '/'} replace />;

  const onLogin = async (values: { username: string; password: string }) => {
    const answer = await login(values);
    storeAuth(answer.userId);
    // Everything the account area cached belonged to nobody (or someone else): ask again.
    await queryClient.resetQueries({ queryKey: ACCOUNT_QUERY_KEY });
    navigate(returnTo ?? '/', { replace: true });
  };

  return (
    <div className={styles.form}>
      <PageHeading>{t('accountLogin.title')}</PageHeading>
      {isLoggedOut ? (
        <AlertBanner tone="success">
          <p>{t('accountLogin.loggedOut')}</p>
        </AlertBanner>
      ) : returnTo ? (
        <AlertBanner tone="info">
          <p>{t('accountLogin.returnNotice')}</p>
        </AlertBanner>
      ) : null}
      <p className={styles.intro}>{t('accountLogin.intro')}</p>
      <LoginForm onLogin={onLogin} />
      <ul className={styles.links}>
        <li>
          <Link to="/recover">{t('accountLogin.forgotPassword')}</Link>
        </li>
        <li>
          <Link to="/setup">{t('accountLogin.finishSetup')}</Link>
        </li>
      </ul>
    </div>
  );
}
