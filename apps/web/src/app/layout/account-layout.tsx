import { useTranslation } from 'react-i18next';
import { Link, Outlet, ScrollRestoration } from 'react-router';
import { AccountHeaderActions } from '@/features/account/components/account-header-actions';
import { BrandLogo } from './brand-logo';
import { LanguageSelector } from './language-selector';
import styles from './layout.module.css';
import { SiteFooter } from './site-footer';

const MAIN_ID = 'main-content';

/** The account area's frame: the funnel's look, a header with the account's own actions. */
export function AccountLayout() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <a
        href={`#${MAIN_ID}`}
        className={styles.skipLink}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        {t('app.skipLink')}
      </a>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link to="/" className={styles.brand} aria-label={t('account.homeLink')}>
            <BrandLogo />
          </Link>
          <div className={styles.headerActions}>
            <LanguageSelector />
            <AccountHeaderActions />
          </div>
        </div>
      </header>
      <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
