import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from './brand-logo';
import { LanguageSelector } from './language-selector';
import styles from './layout.module.css';

export const LOGIN_URL = '/app/account/login';

type SiteHeaderProps = {
  /** The logo's link home (styled `styles.brand`); by default the signup's first page. */
  homeLink?: ReactNode;
  /** What stands beside the language selector; by default the link to log in. */
  actions?: ReactNode;
};

export function SiteHeader({ homeLink, actions }: SiteHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        {homeLink ?? (
          <Link to="/signup" className={styles.brand} aria-label={t('app.homeLink')}>
            <BrandLogo />
          </Link>
        )}
        <div className={styles.headerActions}>
          <LanguageSelector />
          {/* The account area is another app: a full page load. */}
          {actions ?? (
            <a href={LOGIN_URL} className={styles.loginLink}>
              {t('header.login')}
            </a>
          )}
        </div>
      </div>
    </header>
  );
}
