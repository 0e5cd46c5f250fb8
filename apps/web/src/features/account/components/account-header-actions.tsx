import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/button';
import { useAccountSession } from '../session/use-account-session';
import { useLogout } from '../session/use-logout';
import styles from './account-header-actions.module.css';

/** The account header's actions: the logged-in first name and Log out, or the Log in link. */
export function AccountHeaderActions() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useAccountSession();
  const logout = useLogout();

  if (session.data) {
    return (
      <div className={styles.actions}>
        <span className={styles.name}>
          {t('account.loggedInAs', { name: session.data.firstName })}
        </span>
        <Button variant="secondary" isLoading={logout.isPending} onClick={() => logout.mutate()}>
          {t('account.logout')}
        </Button>
      </div>
    );
  }
  // Nothing while asking; no link to the page the person is on.
  if (session.isPending || pathname === '/login') return null;
  return (
    <Link to="/login" className={styles.loginLink}>
      {t('account.login')}
    </Link>
  );
}
