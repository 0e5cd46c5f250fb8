import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from './brand-logo';
import { LanguageSelector } from './language-selector';
import styles from './layout.module.css';

export const LOGIN_URL = '/app/account/login';

export function SiteHeader() {
  const { t } = useTranslation();
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Link to="/signup" className={styles.brand} aria-label={t('app.homeLink')}>
          <BrandLogo />
        </Link>
        <div className={styles.headerActions}>
          <LanguageSelector />
          {/* The account area is another app: a full page load. */}
          <a href={LOGIN_URL} className={styles.loginLink}>
            {t('header.login')}
          </a>
        </div>
      </div>
    </header>
  );
}
