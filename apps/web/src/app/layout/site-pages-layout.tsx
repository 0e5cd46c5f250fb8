import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { BrandLogo } from './brand-logo';
import { LanguageSelector } from './language-selector';
import styles from './layout.module.css';
import { SiteFooter } from './site-footer';
import { LOGIN_URL } from './site-header';

const MAIN_ID = 'main-content';
/** The signup's first page: the funnel is another app, reached by a full page load. */
const HOME_URL = '/app/join/signup';

/** The frame of the site pages (terms, privacy, help, contact, page not found): the funnel's look. */
export function SitePagesLayout() {
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
          <a href={HOME_URL} className={styles.brand} aria-label={t('app.homeLink')}>
            <BrandLogo />
          </a>
          <div className={styles.headerActions}>
            <LanguageSelector />
            <a href={LOGIN_URL} className={styles.loginLink}>
              {t('header.login')}
            </a>
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
