import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { BrandLogo } from './brand-logo';
import styles from './layout.module.css';
import { PageFrame } from './page-frame';
import { SiteHeader } from './site-header';

/** The signup's first page: the funnel is another app, reached by a full page load. */
const HOME_URL = '/app/join/signup';

/** The frame of the site pages (terms, privacy, help, contact, page not found): the funnel's look. */
export function SitePagesLayout() {
  const { t } = useTranslation();
  const homeLink = (
    <a href={HOME_URL} className={styles.brand} aria-label={t('app.homeLink')}>
      <BrandLogo />
    </a>
  );
  return (
    <PageFrame header={<SiteHeader homeLink={homeLink} />}>
      <Outlet />
    </PageFrame>
  );
}
